// /carrinho/recuperar/:token (issue 36): the "Recuperar meu carrinho" link of a cart reminder. GET
// only shows the reminded lines, with a button (mail scanners open links; a GET changes nothing);
// POST marks the reminder restored (the first time counts) and answers the lines, which the page
// puts in the browser's cart — a visitor's or a signed-in customer's alike (then synced as any
// change). Following it twice changes nothing more: a line already there keeps the larger quantity.
import { useEffect, useState } from 'react';
import { data, Form, Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { subtotalCents } from '~/lib/cart';
import { mergeCarts } from '~/lib/cart-reminders';
import { cartStore } from '~/lib/cart-store';
import { formatBRL, formatPrice } from '~/lib/money';
import { markReminderRestored, remindedCart } from '~/server/carts/carts.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/cart-restore';

export const meta: Route.MetaFunction = () => [
  { title: 'Recuperar meu carrinho | Clarear' },
  { name: 'robots', content: 'noindex' },
];

// The token is personal: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

const INVALID = 'Este link de carrinho não é válido. Seus produtos continuam na loja: é só adicioná-los de novo.';

export async function loader({ params }: Route.LoaderArgs) {
  const items = await remindedCart(await getDb(), params.token);
  if (!items) return data({ status: 'invalid' as const }, 404);
  return { status: 'ready' as const, items };
}

export async function action({ request, params }: Route.ActionArgs) {
  await readForm(request);
  const db = await getDb();
  const items = await remindedCart(db, params.token);
  if (!items || !(await markReminderRestored(db, params.token))) return data({ status: 'invalid' as const }, 404);
  return { status: 'restored' as const, items };
}

export default function CartRestore({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (answer.status !== 'restored') return;
    cartStore.replace(mergeCarts(cartStore.get(), answer.items));
    setRestored(true);
  }, [answer]);
  if (answer.status === 'invalid') {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
        <h1 className="text-2xl font-bold">Link inválido</h1>
        <p className="text-slate-700 dark:text-slate-300">{INVALID}</p>
        <Link to="/produtos" className={buttonVariants({ variant: 'outline' })}>
          Ver os produtos
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold">{answer.status === 'restored' ? 'Carrinho recuperado' : 'Recuperar meu carrinho'}</h1>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {answer.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 p-3">
            <span>
              {item.quantity} × {item.name}
              {item.size ? ` (${item.size})` : ''}
            </span>
            <span className="whitespace-nowrap text-slate-700 dark:text-slate-300">{formatPrice(item.price)} cada</span>
          </li>
        ))}
      </ul>
      <p className="text-slate-700 dark:text-slate-300">
        Subtotal estimado: <strong>{formatBRL(subtotalCents(answer.items))}</strong>. Os preços e a disponibilidade são confirmados no checkout.
      </p>
      {answer.status === 'restored' ? (
        <>
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {restored ? 'Pronto! Estes produtos estão de volta no seu carrinho.' : 'Colocando os produtos no seu carrinho…'}
          </p>
          <Link to="/checkout" className={buttonVariants()}>
            Finalizar compra
          </Link>
        </>
      ) : (
        <Form method="post">
          <button type="submit" className={buttonVariants()}>
            Recuperar meu carrinho
          </button>
        </Form>
      )}
    </div>
  );
}
