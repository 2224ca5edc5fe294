// POST /avise-me (issue 36): "Avise-me quando chegar" on a sold-out size, from the product page and
// its modal. A signed-in customer's request is recorded at once with the account's e-mail; a
// visitor's waits for the confirmation link e-mailed to the address typed. Counted per address.
import { data, redirect } from 'react-router';
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';
import { stockAlertSchema, VISITOR_EMAIL_REQUIRED, type StockAlertAnswer } from '~/lib/schemas/stock-alert';
import { isStockAlertSuccess, STOCK_ALERT_MESSAGES } from '~/lib/stock-alerts';
import { getSessionUser } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import { kickMailDelivery } from '~/server/mail/outbox.server';
import { requestStockAlert } from '~/server/stock-alerts/alerts.server';
import type { Route } from './+types/stock-alert';

export function loader() {
  return redirect('/produtos');
}

function answer(body: StockAlertAnswer, status = 200, headers: Record<string, string> = {}) {
  return data<StockAlertAnswer>(body, { status, headers: { ...headers, 'Cache-Control': PRIVATE_CACHE_CONTROL } });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = stockAlertSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return answer({ status: 'invalid', message: parsed.error.issues[0]?.message ?? 'Informe um e-mail válido.' }, 400);
  const user = await getSessionUser(request);
  const email = user?.email ?? parsed.data.email;
  if (!email) return answer({ status: 'invalid', message: VISITOR_EMAIL_REQUIRED }, 400);
  const limited = await checkRateLimit(request, 'stockAlert');
  if (limited) return answer({ status: 'invalid', message: limited.message }, limited.init.status, limited.init.headers);
  try {
    const db = await getDb();
    const status = await requestStockAlert(db, { variantId: parsed.data.variantId, email, userId: user?.id ?? null });
    if (status === 'confirm_sent') kickMailDelivery(db);
    const code = isStockAlertSuccess(status) ? 200 : status === 'not_found' ? 404 : 409;
    return answer({ status, message: STOCK_ALERT_MESSAGES[status] }, code);
  } catch (error) {
    log.error('avise-me: falha ao registrar o pedido', error);
    return answer({ status: 'invalid', message: 'Não foi possível registrar seu aviso agora. Tente novamente.' }, 500);
  }
}
