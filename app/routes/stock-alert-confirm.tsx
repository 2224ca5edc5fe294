// /avise-me/confirmar/:token (issue 36): a visitor's "Avise-me quando chegar" confirmed from the link
// e-mailed to them. GET only shows what will be confirmed, with a button (mail scanners open links;
// a GET never confirms); POST confirms. The token is the only authorization (no login).
import { data, Form, Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { confirmStockAlert, stockAlertByToken } from '~/server/stock-alerts/alerts.server';
import type { Route } from './+types/stock-alert-confirm';

export const meta: Route.MetaFunction = () => [
  { title: 'Confirmar aviso de estoque | Clarear' },
  { name: 'robots', content: 'noindex' },
];

// The token is personal: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

const INVALID = 'Este link de confirmação não é válido. Peça o aviso de novo na página do produto.';

export async function loader({ params }: Route.LoaderArgs) {
  const alert = await stockAlertByToken(await getDb(), params.token);
  if (!alert) return data({ status: 'invalid' as const }, 404);
  return { status: alert.confirmed ? ('done' as const) : ('ready' as const), alert };
}

export async function action({ request, params }: Route.ActionArgs) {
  await readForm(request);
  const alert = await confirmStockAlert(await getDb(), params.token);
  if (!alert) return data({ status: 'invalid' as const }, 404);
  return { status: 'done' as const, alert };
}

export default function StockAlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      {answer.status === 'invalid' ? (
        <>
          <h1 className="text-2xl font-bold">Link inválido</h1>
          <p className="text-slate-700 dark:text-slate-300">{INVALID}</p>
        </>
      ) : answer.status === 'done' ? (
        <>
          <h1 className="text-2xl font-bold">Aviso confirmado</h1>
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {answer.alert.live
              ? `Pronto! Avisaremos ${answer.alert.email} quando ${answer.alert.name} (${answer.alert.size}) voltar ao estoque.`
              : `${answer.alert.name} (${answer.alert.size}) já voltou ao estoque: enviamos o aviso para ${answer.alert.email}.`}
          </p>
          <Link to={`/produtos/${answer.alert.slug}`} className={buttonVariants({ variant: 'outline' })}>
            Ver o produto
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Confirmar aviso de estoque</h1>
          <p className="text-slate-700 dark:text-slate-300">
            Avisaremos <strong className="break-all">{answer.alert.email}</strong> quando {answer.alert.name} ({answer.alert.size}) voltar ao estoque.
          </p>
          <Form method="post">
            <button type="submit" className={buttonVariants()}>
              Confirmar aviso
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
