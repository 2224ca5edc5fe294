// /descadastrar?t=… (issue 16): the one-click unsubscribe link of optional e-mails. GET only shows
// what will be left, with a button (mail scanners open links; a GET never unsubscribes). POST
// leaves: the page's button, or a mail provider's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`,
// no cookie, no Origin: server.mjs lets writes without Origin through). The signed token is the
// only authorization. Twice answers the same page. No rate limit: a token that does not verify
// is refused before the database, and valid ones exist only for addresses the store wrote to.
import { data, Form, Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeQuerySchema } from '~/lib/schemas/unsubscribe';
import { UNSUBSCRIBE_TEXTS, type UnsubscribeList } from '~/lib/unsubscribe';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { readUnsubscribeToken, unsubscribe, unsubscribeState } from '~/server/mail/unsubscribe.server';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = () => [
  { title: 'Descadastrar | Clarear' },
  { name: 'description', content: 'Deixe de receber os e-mails opcionais da Clarear (novidades e ofertas) com um clique.' },
  { name: 'robots', content: 'noindex' },
];

// The token is personal: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

type Invalid = { status: 'invalid'; message: string };

function tokenFrom(request: Request) {
  const parsed = unsubscribeQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return parsed.success ? readUnsubscribeToken(parsed.data.t) : null;
}

const invalid = () => data<Invalid>({ status: 'invalid', message: INVALID_UNSUBSCRIBE_LINK }, 400);

export async function loader({ request }: Route.LoaderArgs) {
  const subject = tokenFrom(request);
  if (!subject) return invalid();
  const state = await unsubscribeState(await getDb(), subject);
  return { status: 'ready' as const, ...state };
}

export async function action({ request }: Route.ActionArgs) {
  const subject = tokenFrom(request);
  // Read (within the cap) even when refused: the body is RFC 8058's one field, or the button's.
  await readForm(request);
  if (!subject) return invalid();
  await unsubscribe(await getDb(), subject);
  return { status: 'done' as const, list: subject.list };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      {answer.status === 'invalid' ? (
        <>
          <h1 className="text-2xl font-bold">Link inválido</h1>
          <p className="text-slate-700 dark:text-slate-300">{answer.message}</p>
          <Leave />
        </>
      ) : answer.status === 'done' ? (
        <Done list={answer.list} />
      ) : !answer.receiving ? (
        <Done list={answer.list} />
      ) : (
        <>
          <h1 className="text-2xl font-bold">Descadastrar</h1>
          <p className="text-slate-700 dark:text-slate-300">
            {answer.email ? (
              <>
                O e-mail <strong className="break-all">{answer.email}</strong> deixará de receber {UNSUBSCRIBE_TEXTS[answer.list].what}.
              </>
            ) : (
              <>Você deixará de receber {UNSUBSCRIBE_TEXTS[answer.list].what}.</>
            )}
          </p>
          {answer.list === 'notifications' ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Os e-mails sobre seus pedidos e pagamentos continuam chegando normalmente.</p>
          ) : null}
          <Form method="post" className="mt-2">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className={buttonVariants()}>
              Confirmar descadastro
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

function Done({ list }: { list: UnsubscribeList }) {
  return (
    <>
      <h1 className="text-2xl font-bold">Descadastro feito</h1>
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {UNSUBSCRIBE_TEXTS[list].done}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {list === 'notifications' || list === 'cart_reminder'
          ? 'Mudou de ideia? Ligue de novo em Preferências, na sua área do cliente.'
          : list === 'stock_alert'
            ? 'Mudou de ideia? Peça o aviso de novo na página do produto.'
            : 'Mudou de ideia? Inscreva-se de novo no rodapé do site ou em Preferências, na sua área do cliente.'}
      </p>
      <Leave />
    </>
  );
}

function Leave() {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to="/area-cliente/preferencias" className={buttonVariants({ variant: 'outline' })}>
        Ir para Preferências
      </Link>
      <Link to="/" className={buttonVariants({ variant: 'link' })}>
        Voltar para a loja
      </Link>
    </div>
  );
}
