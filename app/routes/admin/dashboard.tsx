// /admin: the dashboard (issue 6). Orders and
// revenue today and over 30 days, the daily revenue chart, subscribers and
// monthly recurring revenue (active, paid-up subscriptions at their own prices),
// renewals and programmed deliveries due in the next 7 days, the top products and
// the latest orders, all from getDashboard. A database failure shows a pt-BR message, never a crash.
// "A fazer" asks first for the seller's legal identity while it is missing or still the sample, and
// lists the orders whose NF-e was rejected or denied (issue 34) while there are any.
import { AlertTriangle, Building2, CalendarClock, FileWarning, CalendarDays, MessageSquareQuote, DollarSign, Package, Repeat, RotateCcw, ShoppingBag, TrendingUp, Truck, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { cn } from '~/lib/cn';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatBRL, formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { getDashboard, type Dashboard, type DueSoonSummary, type LatestOrder, type TopProduct } from '~/server/reports/dashboard.server';
import { getDb } from '~/server/infra/db.server';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import type { Route } from './+types/dashboard';
import { log } from '~/server/infra/log.server';
import { OrderStatusBadge } from '~/components/admin/order-status-badge';
import { RevenueChart } from '~/components/admin/revenue-chart';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { Button } from '~/components/ui/button';
import type { ToastMessage } from '~/lib/toast';
import { readForm } from '~/server/infra/http/body.server';
import { listFailedMail, retryFailedMail } from '~/server/mail/outbox.server';
import { countOrdersToShip, listUnresolvedLatePayments } from '~/server/orders/admin-orders.server';
import { sellerIdentityStatus } from '~/server/settings/settings.server';
import { openReturnsCount } from '~/server/returns/returns.server';
import { countRejected } from '~/server/invoices/invoices.server';
import { countOverdueReceivables } from '~/server/receivables/faturas.server';
import { countNewQuotes } from '~/server/quotes/quotes.server';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const db = await getDb();
    const [dashboard, toShip, latePayments, failedMail, seller, returns, rejectedInvoices, overdueFaturas, newQuotes] = await Promise.all([
      getDashboard(db),
      countOrdersToShip(db),
      listUnresolvedLatePayments(db),
      listFailedMail(db),
      sellerIdentityStatus(db),
      // Return requests open and late (issue 32).
      openReturnsCount(db),
      // Orders whose sale NF-e was rejected or denied, none in force (issue 34): the list's ?nfe=rejeitada.
      countRejected(db),
      // Overdue faturas of invoiced orders (issue 35): Contas a receber's ?status=overdue.
      countOverdueReceivables(db),
      // Orçamentos waiting for an answer (issue 35).
      countNewQuotes(db),
    ]);
    return { dashboard, work: { seller, toShip, latePayments, failedMail, returns, rejectedInvoices, overdueFaturas, newQuotes } };
  } catch (error) {
    log.error('admin/dashboard: falha ao carregar', error);
    return { dashboard: null, work: null };
  }
}

const retrySchema = z.object({ intent: z.literal('retry_mail'), id: z.uuid() });
type RetryResult = { ok: boolean; toast: ToastMessage };

/** "Reenviar" an e-mail the mail worker gave up on. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = retrySchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<RetryResult>({ ok: false, toast: { title: 'E-mail inválido', variant: 'destructive' } }, 400);
  const queued = await retryFailedMail(await getDb(), parsed.data.id);
  return queued
    ? data<RetryResult>({ ok: true, toast: { title: 'E-mail na fila de novo', description: 'Ele sai em instantes.' } })
    : data<RetryResult>({ ok: false, toast: { title: 'Nada a reenviar', description: 'Este e-mail já foi reenviado.', variant: 'destructive' } }, 409);
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const MUTED = 'text-slate-600 dark:text-slate-400';

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard, work } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className={cn('mt-1 text-sm', MUTED)}>Hoje e os últimos 30 dias, no horário de Brasília. Contam pedidos pagos, em separação, enviados e entregues.</p>
      </header>
      {dashboard ? (
        <>
          {work ? <WorkToDo work={work} /> : null}
          {work ? <ReturnsCard {...work.returns} /> : null}
          <StatCards dashboard={dashboard} />
          <DueSoon dueSoon={dashboard.dueSoon} />
          <RevenueChart daily={dashboard.daily} title="Faturamento diário (últimos 30 dias)" caption="Faturamento e pedidos por dia, nos últimos 30 dias" endsToday />
          <TopProducts products={dashboard.topProducts} />
          <LatestOrders orders={dashboard.latestOrders} />
        </>
      ) : (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Erro ao carregar o painel</p>
          <p className="mt-1">Tente novamente em instantes.</p>
          <Link to="/admin" className="mt-3 inline-block font-semibold underline">
            Tentar novamente
          </Link>
        </div>
      )}
    </div>
  );
}

type Stat = { label: string; value: string; icon: LucideIcon; hint?: string };

function StatCards({ dashboard: d }: { dashboard: Dashboard }) {
  const stats: Stat[] = [
    { label: 'Pedidos hoje', value: String(d.ordersToday), icon: ShoppingBag },
    { label: 'Faturamento hoje', value: formatBRL(d.revenueTodayCents), icon: DollarSign },
    { label: 'Pedidos em 30 dias', value: String(d.orders30Days), icon: CalendarDays },
    { label: 'Faturamento em 30 dias', value: formatBRL(d.revenue30DaysCents), icon: TrendingUp },
    { label: 'Assinantes ativos', value: String(d.activeSubscribers), icon: Users, hint: 'Assinaturas ativas e pagas.' },
    {
      label: 'Receita recorrente mensal',
      value: formatBRL(d.mrrCents),
      icon: Repeat,
      hint: 'Assinaturas ativas e pagas, cada uma pelo seu valor; planos semestrais e anuais divididos por mês.',
    },
  ];
  return (
    <section aria-labelledby="titulo-resumo">
      <h2 id="titulo-resumo" className="sr-only">
        Resumo
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stats.map(({ label, value, icon: Icon, hint }) => (
          // dt and dd straight inside the one wrapper div, as a description list requires.
          <div key={label} className={cn(CARD, 'min-w-0')}>
            <dt className={cn('flex items-center gap-3 text-sm font-medium', MUTED)}>
              <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-200">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              {label}
            </dt>
            <dd className="mt-2 text-2xl font-bold tabular-nums" data-testid="stat-value">
              {value}
            </dd>
            {hint ? <dd className={cn('mt-1 text-xs', MUTED)}>{hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Renewals and programmed deliveries due from today to today + 6, with the money they should bring. */
function DueSoon({ dueSoon }: { dueSoon: DueSoonSummary }) {
  const rows = [
    { key: 'renovacoes', label: 'Renovações de assinatura', icon: Repeat, ...dueSoon.renewals, text: count(dueSoon.renewals.count, 'renovação', 'renovações') },
    { key: 'entregas', label: 'Entregas programadas', icon: Package, ...dueSoon.deliveries, text: count(dueSoon.deliveries.count, 'entrega', 'entregas') },
  ];
  return (
    <section aria-labelledby="proximos-dias" className={CARD} data-testid="due-soon">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="proximos-dias" className="flex items-center gap-2 text-lg font-bold">
          <CalendarClock className="h-5 w-5 text-brand-700 dark:text-brand-200" aria-hidden />
          Próximos 7 dias
        </h2>
        <p className={cn('text-sm', MUTED)}>
          De {formatDateBR(dueSoon.from)} a {formatDateBR(dueSoon.to)}
        </p>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map(({ key, label, icon: Icon, text, totalCents }) => (
          <div key={key} className="min-w-0 rounded-md border border-slate-200 p-4 dark:border-slate-700" data-testid={`due-${key}`}>
            <dt className={cn('flex items-center gap-2 text-sm font-medium', MUTED)}>
              <Icon className="h-4 w-4 shrink-0" aria-hidden />
              {label}
            </dt>
            <dd className="mt-2 text-xl font-bold tabular-nums">{text}</dd>
            <dd className="mt-1 text-sm">
              Receita prevista: <strong className="tabular-nums">{formatBRL(totalCents)}</strong>
            </dd>
          </div>
        ))}
      </dl>
      <p className={cn('mt-3 text-xs', MUTED)}>Entregas programadas pelos preços de hoje, com o desconto de assinante de quem o tem.</p>
      <p className="mt-3">
        <Link to="/admin/subscriptions" className="font-semibold text-brand-700 underline dark:text-brand-200">
          Ver assinaturas
        </Link>
      </p>
    </section>
  );
}

/**
 * A table that scrolls sideways on a phone instead of squeezing; focusable so a
 * keyboard can scroll it, and named by the section's heading (the section itself
 * stays unnamed, so there are not two regions with one name).
 */
function TableScroll({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

function TopProducts({ products }: { products: TopProduct[] }) {
  const titleId = useId();
  return (
    <section className={cn(CARD, 'min-w-0')}>
      <h2 id={titleId} className="text-lg font-bold">
        Produtos mais vendidos (30 dias)
      </h2>
      {products.length === 0 ? (
        <p className={cn('mt-4', MUTED)}>Nenhuma venda nos últimos 30 dias.</p>
      ) : (
        <TableScroll labelledBy={titleId}>
          <table className="w-full text-left text-sm" data-testid="top-products">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  Produto
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Unidades
                </th>
                <th scope="col" className="py-2 text-right">
                  Faturamento
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.productId ?? `nome:${p.name}`} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-3 pr-4 font-medium">
                    {p.productId ? (
                      <Link to={`/admin/products/${p.productId}`} className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-200">
                        {p.name}
                      </Link>
                    ) : (
                      // A subscription plan line, or a product deleted since: no page to edit.
                      p.name
                    )}
                  </th>
                  <td className="py-3 pr-4 text-right tabular-nums">{p.units}</td>
                  <td className="py-3 text-right whitespace-nowrap tabular-nums">{formatBRL(p.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}


function LatestOrders({ orders }: { orders: LatestOrder[] }) {
  const titleId = useId();
  return (
    <section className={cn(CARD, 'min-w-0')}>
      <h2 id={titleId} className="text-lg font-bold">
        Últimos pedidos
      </h2>
      {orders.length === 0 ? (
        <p className={cn('mt-4', MUTED)}>Nenhum pedido ainda.</p>
      ) : (
        <TableScroll labelledBy={titleId}>
          <table className="w-full text-left text-sm" data-testid="latest-orders">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  Pedido
                </th>
                <th scope="col" className="py-2 pr-4">
                  Cliente
                </th>
                <th scope="col" className="py-2 pr-4">
                  Data
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Total
                </th>
                <th scope="col" className="py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <th scope="row" className="py-3 pr-4 font-mono font-semibold">
                    {shortOrderId(o.id)}
                  </th>
                  <td className="py-3 pr-4">
                    <span className="block font-medium">{o.customerName}</span>
                    {/* Whole, on one line: on a phone the table scrolls rather than cut an address. */}
                    <span className={cn('block text-xs whitespace-nowrap', MUTED)}>{o.customerEmail}</span>
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap tabular-nums">{formatDateTimeBR(o.createdAt)}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{formatBRL(o.totalCents)}</td>
                  <td className="py-3">
                    <OrderStatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

type Work = NonNullable<Route.ComponentProps['loaderData']['work']>;

/** The decree requires who sells on every page (Decreto 7.962/2013 art. 2): first of all the work. */
function SellerToDo({ status }: { status: Exclude<Work['seller'], 'complete'> }) {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="seller-identity-todo">
      <Link to="/admin/settings#dados-legais" className="inline-flex items-center gap-2 font-semibold underline">
        <Building2 className="h-5 w-5" aria-hidden />
        {status === 'missing' ? 'Preencha os dados legais do vendedor' : 'Troque os dados legais de exemplo pelos da empresa'}
      </Link>{' '}
      — razão social, CNPJ, inscrição estadual e endereço aparecem em todas as páginas e e-mails (Decreto 7.962/2013).
    </p>
  );
}

/** What needs the admin now: orders to send, payments that came too late, e-mails that did not leave. */
function WorkToDo({ work }: { work: Work }) {
  const fetcher = useFetcher<RetryResult>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
  return (
    <section aria-labelledby="a-fazer" className={cn(CARD, 'grid gap-4')}>
      <h2 id="a-fazer" className="text-lg font-bold">
        A fazer
      </h2>
      {work.seller !== 'complete' ? <SellerToDo status={work.seller} /> : null}
      <p>
        <Link to="/admin/orders?status=to_ship" className="inline-flex items-center gap-2 font-semibold text-brand-700 underline dark:text-brand-200" data-testid="orders-to-ship">
          <Truck className="h-5 w-5" aria-hidden />
          {work.toShip === 1 ? '1 pedido a enviar' : `${work.toShip} pedidos a enviar`}
        </Link>{' '}
        <span className={MUTED}>(pagos ou em separação)</span>
      </p>
      {work.newQuotes > 0 ? (
        <p>
          <Link to="/admin/orcamentos?status=novo" className="inline-flex items-center gap-2 font-semibold text-brand-700 underline dark:text-brand-200" data-testid="new-quotes">
            <MessageSquareQuote className="h-5 w-5" aria-hidden />
            {work.newQuotes === 1 ? '1 orçamento a responder' : `${work.newQuotes} orçamentos a responder`}
          </Link>
        </p>
      ) : null}
      {work.overdueFaturas > 0 ? (
        <p>
          <Link to="/admin/contas-a-receber?status=overdue" className="inline-flex items-center gap-2 font-semibold text-red-800 underline dark:text-red-200" data-testid="overdue-faturas">
            <FileWarning className="h-5 w-5" aria-hidden />
            Faturas vencidas: {work.overdueFaturas}
          </Link>{' '}
          <span className={MUTED}>(boleto faturado sem pagamento após o vencimento)</span>
        </p>
      ) : null}
      {work.rejectedInvoices > 0 ? (
        <p>
          <Link to="/admin/orders?nfe=rejeitada" className="inline-flex items-center gap-2 font-semibold text-red-800 underline dark:text-red-200" data-testid="nfe-rejected">
            <FileWarning className="h-5 w-5" aria-hidden />
            NF-e rejeitadas: {work.rejectedInvoices === 1 ? '1 pedido' : `${work.rejectedInvoices} pedidos`}
          </Link>{' '}
          <span className={MUTED}>(rejeitadas ou denegadas pela SEFAZ, sem outra nota em vigor)</span>
        </p>
      ) : null}
      {work.latePayments.length > 0 ? (
        <div>
          <h3 className="font-semibold text-amber-900 dark:text-amber-200">Pagamentos recebidos após o cancelamento ou divergentes</h3>
          <ul className="mt-1 list-disc pl-5">
            {work.latePayments.map((p) => (
              <li key={p.id}>
                <Link to={`/admin/orders/${p.orderId}`} className="font-mono font-semibold underline">
                  {shortOrderId(p.orderId)}
                </Link>{' '}
                — {p.outcome === 'divergent' ? 'pagamento divergente: ' : ''}
                {formatPrice(p.amount)} em {formatDateTimeBR(p.createdAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {work.failedMail.length > 0 ? (
        <div>
          <h3 className="font-semibold text-red-800 dark:text-red-300">E-mails não enviados</h3>
          <ul className="mt-1 grid gap-2">
            {work.failedMail.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {m.subject} — para {m.toAddress} ({m.attempts} tentativas{m.lastError ? `: ${m.lastError}` : ''})
                </span>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="retry_mail" />
                  <input type="hidden" name="id" value={m.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
                    Reenviar<span className="sr-only"> o e-mail para {m.toAddress}</span>
                  </Button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Return requests waiting for the store (issue 32): how many are open, and how many are past their answer time. */
function ReturnsCard({ open, late }: { open: number; late: number }) {
  return (
    <section aria-labelledby="devolucoes" className={CARD} data-testid="returns-card">
      <h2 id="devolucoes" className="flex items-center gap-2 text-lg font-bold">
        <RotateCcw className="h-5 w-5 text-brand-700 dark:text-brand-200" aria-hidden />
        Devoluções
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link to="/admin/returns" className="font-semibold text-brand-700 underline dark:text-brand-200" data-testid="returns-open">
          {open === 1 ? '1 solicitação em aberto' : `${open} solicitações em aberto`}
        </Link>
        {late > 0 ? (
          <Link to="/admin/returns?status=late" className="inline-flex items-center gap-1 font-bold text-red-800 underline dark:text-red-200" data-testid="returns-late">
            <AlertTriangle className="h-4 w-4" aria-hidden />
            {late === 1 ? '1 atrasada' : `${late} atrasadas`}
          </Link>
        ) : (
          <span className={MUTED}>nenhuma atrasada</span>
        )}
      </p>
    </section>
  );
}
