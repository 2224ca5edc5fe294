// /admin/notas-fiscais (issue 34): the accountant's month — every NF-e (sale and return notes) dated
// by its authorisation (or creation while it has none) in a São Paulo month, ?mes=2026-11 (default:
// the current month, by the clock), with counts, the authorised total and "Baixar XMLs do mês (ZIP)".
// A malformed month is refused (400) on the page itself, with the month picker to choose another.
import { AlertTriangle, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { now } from '~/lib/clock';
import { formatDateTimeBR } from '~/lib/dates';
import { formatAccessKey } from '~/lib/fiscal';
import { formatMonthBR, nextMonth, previousMonth, saoPauloMonth } from '~/lib/invoice-list';
import { INVOICE_STATUS_LABELS } from '~/lib/invoice-status';
import { formatBRL, formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { invoiceMonthFromSearchParams } from '~/lib/schemas/admin-invoices';
import { requireAdmin } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { listMonthInvoices, summarizeMonth } from '~/server/invoices/monthly.server';
import type { Route } from './+types/invoices';

export const meta: Route.MetaFunction = () => [{ title: 'Notas fiscais | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const at = now();
  const current = saoPauloMonth(at);
  const asked = invoiceMonthFromSearchParams(new URL(request.url).searchParams, at);
  if (!asked.ok) return data({ month: null, current, error: asked.message, rows: [], summary: null, hasXml: false }, 400);
  const rows = await listMonthInvoices(await getDb(), asked.month);
  const hasXml = rows.some((r) => (r.status === 'authorized' || r.status === 'cancelled') && r.xmlKey);
  return {
    month: asked.month,
    current,
    error: null,
    rows: rows.map(({ xmlKey: _xml, cancelXmlKey: _cancel, ...row }) => row),
    summary: summarizeMonth(rows),
    hasXml,
  };
}

const SOURCE_LABELS: Record<string, string> = { focusnfe: 'Focus NFe', attached: 'Anexada' };
const KIND_LABELS: Record<string, string> = { sale: 'Venda', return: 'Devolução' };
const MUTED = 'text-slate-600 dark:text-slate-400';
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { month, current, error, rows, summary, hasXml } = loaderData;
  const shown = month ?? current;
  return (
    <section aria-labelledby="titulo-notas" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="titulo-notas" className="text-2xl font-bold">
          Notas fiscais
        </h1>
        {month && hasXml ? (
          <a href={`/admin/notas-fiscais/${month}.zip`} className={buttonVariants({ variant: 'outline' })} data-testid="nfe-zip">
            <Download className="h-4 w-4" aria-hidden />
            Baixar XMLs do mês (ZIP)
          </a>
        ) : null}
      </div>
      <p className={`mt-1 text-sm ${MUTED}`}>NF-e de venda e de devolução do mês, pela data de autorização (ou de criação, quando ainda não autorizada), no horário de Brasília.</p>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <div className="grid gap-1.5">
          <Label htmlFor="mes-notas">Mês</Label>
          <Input id="mes-notas" type="month" name="mes" defaultValue={shown} key={shown} min="2000-01" max="2099-12" className="w-48" />
        </div>
        <Button type="submit">Ver mês</Button>
        <nav aria-label="Outros meses" className="flex gap-2">
          <Link to={`?mes=${previousMonth(shown)}`} className={buttonVariants({ variant: 'outline' })}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
            Mês anterior
          </Link>
          <Link to={`?mes=${nextMonth(shown)}`} className={buttonVariants({ variant: 'outline' })}>
            Mês seguinte
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        </nav>
      </Form>

      {error ? (
        <p role="alert" className="mt-4 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}

      {month && summary ? (
        <>
          <h2 className="mt-6 text-lg font-bold">Notas de {formatMonthBR(month)}</h2>
          <dl className="mt-2 grid gap-3 sm:grid-cols-3" data-testid="nfe-summary">
            <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <dt className={`text-sm ${MUTED}`}>Notas de venda autorizadas</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums">
                {summary.authorizedSales.count} · {formatBRL(summary.authorizedSales.totalCents)}
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <dt className={`text-sm ${MUTED}`}>Devoluções autorizadas</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums">
                {summary.authorizedReturns.count} · {formatBRL(summary.authorizedReturns.totalCents)}
              </dd>
            </div>
            <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <dt className={`text-sm ${MUTED}`}>Todas as notas do mês</dt>
              <dd className="mt-1 text-xl font-bold tabular-nums">{summary.counts.all}</dd>
              <dd className={`mt-1 text-sm ${MUTED}`}>
                {plural(summary.counts.cancelled, 'cancelada', 'canceladas')}, {plural(summary.counts.rejected + summary.counts.denied, 'rejeitada ou denegada', 'rejeitadas ou denegadas')},{' '}
                {plural(summary.counts.processing, 'processando', 'processando')}
              </dd>
            </div>
          </dl>

          {rows.length === 0 ? (
            <p className="mt-4 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhuma nota fiscal em {formatMonthBR(month)}.</p>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
              <table className="w-full min-w-[60rem] text-left text-sm">
                <caption className="sr-only">Notas fiscais de {formatMonthBR(month)}, da mais antiga à mais recente</caption>
                <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Data</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Pedido</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Tipo</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Número/série</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Chave de acesso</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Situação</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Valor</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Origem</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((n) => (
                    <tr key={n.id} className="border-t border-slate-100 dark:border-slate-800" data-testid="nfe-row">
                      <td className="px-4 py-3 whitespace-nowrap">{formatDateTimeBR(n.date)}</td>
                      <th scope="row" className="px-4 py-3 font-mono font-semibold">
                        <Link to={`/admin/orders/${n.orderId}`} className="text-brand-700 underline dark:text-brand-200">
                          {shortOrderId(n.orderId)}
                        </Link>
                      </th>
                      <td className="px-4 py-3">{KIND_LABELS[n.kind] ?? n.kind}</td>
                      <td className="px-4 py-3 whitespace-nowrap tabular-nums">{n.number != null ? `${n.number}/${n.series ?? '—'}` : '—'}</td>
                      <td className="px-4 py-3 font-mono text-xs">{n.accessKey ? formatAccessKey(n.accessKey) : '—'}</td>
                      <td className="px-4 py-3">{INVOICE_STATUS_LABELS[n.status]}</td>
                      <td className="px-4 py-3 whitespace-nowrap tabular-nums">{n.totalPrice ? formatPrice(n.totalPrice) : '—'}</td>
                      <td className="px-4 py-3">{SOURCE_LABELS[n.source] ?? n.source}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {rows.length > 0 && !hasXml ? <p className={`mt-4 text-sm ${MUTED}`}>Nenhum XML de nota autorizada ou cancelada guardado neste mês.</p> : null}
        </>
      ) : null}
    </section>
  );
}
