// /empresa/convite/:token — a company's invitation (issue 35), the link of its e-mail. Signed out: sign
// in or create the account with the invited e-mail, then back here. Signed in: accepted with one button
// by the account of the invited e-mail only; another account, a person already in a company, an expired,
// cancelled or used link are each told in pt-BR. The membership is inserted once (companies area).
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { COMPANY_MESSAGES } from '~/lib/companies';
import { getSessionUser } from '~/server/auth/session.server';
import { acceptInvitation, invitationByToken, invitationRefusal } from '~/server/companies/companies.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/company-invitation';

export const meta: Route.MetaFunction = () => [{ title: 'Convite da empresa | Clarear' }, { name: 'robots', content: 'noindex' }];

type View =
  | { kind: 'refused'; message: string }
  | { kind: 'sign-in'; legalName: string; email: string; back: string }
  | { kind: 'accept'; legalName: string; email: string };

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const invitation = await invitationByToken(db, params.token);
  if (invitation.state !== 'pending') {
    return data<{ view: View }>({ view: { kind: 'refused', message: invitationRefusal(invitation.state) } }, invitation.state === 'invalid' ? 404 : 410);
  }
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (!user) return { view: { kind: 'sign-in', legalName: invitation.legalName, email: invitation.email, back: url.pathname } satisfies View };
  if (user.email.toLowerCase() !== invitation.email) {
    return data<{ view: View }>({ view: { kind: 'refused', message: COMPANY_MESSAGES.invitationOtherAccount(invitation.email) } }, 403);
  }
  const current = await companyOfUser(db, user.id);
  if (current) {
    const message = current.id === invitation.companyId ? COMPANY_MESSAGES.inviteSelf : COMPANY_MESSAGES.alreadyMember;
    return data<{ view: View }>({ view: { kind: 'refused', message } }, 409);
  }
  return { view: { kind: 'accept', legalName: invitation.legalName, email: invitation.email } satisfies View };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const result = await acceptInvitation(await getDb(), { id: user.id, email: user.email }, params.token);
  if (!result.ok) return data({ message: result.message }, result.status);
  return redirect('/area-cliente/empresa', {
    headers: { 'set-cookie': await flashToast({ title: 'Convite aceito!', description: 'Agora suas compras podem ser feitas para a empresa.' }) },
  });
}

export default function CompanyInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">Convite para comprar por uma empresa</h1>
      {view.kind === 'refused' ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p>{view.message}</p>
        </div>
      ) : (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            Você foi convidado para comprar pela empresa <strong>{view.legalName}</strong> na Clarear. O convite é para <strong>{view.email}</strong>.
          </p>
          {view.kind === 'sign-in' ? (
            <div className="flex flex-wrap gap-2">
              <Link to={`/login?redirectTo=${encodeURIComponent(view.back)}`} className={buttonVariants()}>
                Entrar para aceitar
              </Link>
              <Link to={`/login?modo=cadastro&redirectTo=${encodeURIComponent(view.back)}`} className={buttonVariants({ variant: 'outline' })}>
                Criar conta
              </Link>
            </div>
          ) : (
            <Form method="post">
              <Button type="submit" disabled={busy}>
                {busy ? 'Aceitando...' : 'Aceitar convite'}
              </Button>
            </Form>
          )}
          {actionData?.message ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {actionData.message}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
