// POST /carrinho/sync (issue 36): a signed-in customer's browser cart for the copy kept on the
// server (server/carts). The browser posts its whole list after each change (`put`), on sign-in
// (`merge`) and when the server's copy is newer (`pull`), and adopts the answer. A visitor has no
// server cart: 401, and the browser keeps its list as always.
import { data } from 'react-router';
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';
import { cartSyncSchema, type CartSyncAnswer } from '~/lib/schemas/cart';
import { getSessionUser } from '~/server/auth/session.server';
import { syncCart } from '~/server/carts/carts.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import type { Route } from './+types/cart-sync';

function answer(body: CartSyncAnswer, status = 200) {
  return data<CartSyncAnswer>(body, { status, headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } });
}

export function loader() {
  return answer({ ok: false, message: 'Use POST.' }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return answer({ ok: false, message: 'Entre na sua conta para guardar o carrinho.' }, 401);
  const parsed = cartSyncSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return answer({ ok: false, message: parsed.error.issues[0]?.message ?? 'Carrinho inválido.' }, 400);
  try {
    return answer({ ok: true, ...(await syncCart(await getDb(), user.id, parsed.data)) });
  } catch (error) {
    log.error('carrinho: falha ao sincronizar', error);
    return answer({ ok: false, message: 'Não foi possível guardar o carrinho agora.' }, 500);
  }
}
