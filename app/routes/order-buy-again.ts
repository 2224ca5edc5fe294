// POST /pedido/:id/comprar-novamente: "Comprar novamente" on the order page and Meus Pedidos (issue
// 35). Answers the order's goods as cart lines at today's prices, and names what is no longer
// sold; the page merges them into the cart (kept in the browser). Owner only: anyone else's order,
// or none, is a 404; anonymous is sent to the login.
import { data } from 'react-router';
import { requireUser } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import type { BuyAgainData } from '~/lib/buy-again';
import { buyAgainLines } from '~/server/orders/buy-again.server';
import type { Route } from './+types/order-buy-again';

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const found = await buyAgainLines(await getDb(), user.id, params.id);
  if (!found) return data<BuyAgainData>({ ok: false, message: 'Pedido não encontrado.' }, 404);
  return data<BuyAgainData>({ ok: true, ...found });
}
