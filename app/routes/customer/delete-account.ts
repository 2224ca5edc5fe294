// POST /area-cliente/excluir-conta — "Excluir minha conta" (LGPD art. 18 VI), posted by the
// confirmation dialog of Meus Dados: the password typed again (checked by Better Auth) and the
// word EXCLUIR; then the erasure in one transaction (server/privacy/erase.server.ts), the sign-out
// and home with a toast. A refusal answers the page's fetcher with a pt-BR message.
import { data, redirect } from 'react-router';
import { APIError } from 'better-auth/api';
import { accountDeletionSchema } from '~/lib/schemas/account-deletion';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { callAuth, getAuth } from '~/server/auth/auth.server';
import { requireUser } from '~/server/auth/session.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { eraseCustomerAccount } from '~/server/privacy/erase.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import type { Route } from './+types/delete-account';

export type DeleteAccountData = { ok: false; errors: FieldErrors; message: string };

const WRONG_PASSWORD = 'Senha incorreta.';

/** Nothing to show here: the form lives in Meus Dados. */
export function loader() {
  return redirect('/area-cliente/perfil');
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = accountDeletionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<DeleteAccountData>({ ok: false, errors: fieldErrors(parsed.error), message: 'Confira os campos destacados.' }, 400);
  }
  // Guessing the password of a session left open is slowed like any other form.
  const limited = await checkRateLimit(request, 'erase');
  if (limited) return data<DeleteAccountData>({ ok: false, errors: {}, message: limited.message }, limited.init);

  try {
    await (await getAuth()).api.verifyPassword({ body: { password: parsed.data.password }, headers: request.headers });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.status === 'BAD_REQUEST') return data<DeleteAccountData>({ ok: false, errors: { password: WRONG_PASSWORD }, message: WRONG_PASSWORD }, 400);
    // The session ended meanwhile (signed out elsewhere, or this very account just erased).
    return data<DeleteAccountData>({ ok: false, errors: {}, message: 'Sua sessão terminou. Entre novamente para continuar.' }, 401);
  }

  const result = await eraseCustomerAccount(await getDb(), user.id);
  if (!result.ok) return data<DeleteAccountData>({ ok: false, errors: {}, message: result.message }, result.status);
  log.info('conta excluída a pedido do cliente (LGPD art. 18)');

  // The session rows are gone already; this clears the cookie.
  const signOut = await callAuth(request, '/sign-out', {});
  const headers = signOut.ok ? signOut.headers : new Headers();
  headers.append(
    'set-cookie',
    await flashToast({ title: 'Conta excluída', description: 'Seus dados pessoais foram apagados. Os pedidos ficam guardados sem eles, como a lei fiscal exige.' }),
  );
  return redirect('/', { headers });
}
