// /admin/reports: the store's figures for a period (a preset or two São Paulo days), each against
// the previous period of the same length; revenue by day (the dashboard's chart); sales by product,
// size, category and payment method, the top customers and orders by UF, each table sortable and
// downloadable as CSV. Everything from getReport (SQL aggregates); refused dates keep what was typed.
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Form, Link } from 'react-router';
import { RevenueChart } from '~/components/admin/revenue-chart';
import { CartRecoveryReport } from '~/components/admin/cart-recovery-report';
import { Button, buttonVariants } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { now } from '~/lib/clock';
import { cn } from '~/lib/cn';
import { formatDateBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import {
  changePercent,
  CUSTOM_PERIOD,
  formatChange,
  MAX_REPORT_DAYS,
  PRESET_LABELS,
  REPORT_PRESETS,
  REPORT_TABLE_DEFS,
  REPORT_TABLES,
  sortRows,
  type ReportColumn,
  type ReportPeriod,
  type ReportRow,
  type ReportTable,
  type SortDirection,
} from '~/lib/reports';
import { reportQueryFromSearchParams } from '~/lib/schemas/reports';
import { requireAdmin } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { log } from '~/server/infra/log.server';
import { getReport, type Compared, type ReportKpis } from '~/server/reports/reports.server';
import { cartRecoveryReport } from '~/server/reports/cart-recovery.server';
import type { Route } from './+types/reports';

export const meta: Route.MetaFunction = () => [{ title: 'Relatórios | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = reportQueryFromSearchParams(new URL(request.url).searchParams, now());
  try {
    const db = await getDb();
    const [report, cartRecovery] = await Promise.all([getReport(db, query.period), cartRecoveryReport(db, query.period)]);
    return { query, report, cartRecovery };
  } catch (error) {
    log.error('admin/reports: falha ao carregar', error);
    return { query, report: null, cartRecovery: null };
  }
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const MUTED = 'text-slate-600 dark:text-slate-400';
const integer = new Intl.NumberFormat('pt-BR');

/** The URL of this page (or the CSV) for a period, keeping a custom range's days. */
function periodParams(period: ReportPeriod): URLSearchParams {
  return new URLSearchParams(period.preset === CUSTOM_PERIOD ? { periodo: CUSTOM_PERIOD, de: period.from, ate: period.to } : { periodo: period.preset });
}

function rangeText(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDateBR(range.from) : `${formatDateBR(range.from)} a ${formatDateBR(range.to)}`;
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { query, report, cartRecovery } = loaderData;
  const period = report?.period ?? query.period;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header>
        <h1 className="text-2xl font-bold">Relatórios</h1>
        <p className={cn('mt-1 text-sm', MUTED)} data-testid="report-period">
          {rangeText(period)} ({period.days === 1 ? '1 dia' : `${period.days} dias`}), comparado com {rangeText(period.previous)}. Dias no horário de Brasília; contam pedidos pagos, em
          separação, enviados e entregues, pela data do pedido.
        </p>
      </header>

      <PeriodChooser query={query} />

      {report ? (
        <>
          <Kpis kpis={report.kpis} />
          <RevenueChart daily={report.daily} title="Faturamento por dia" caption={`Faturamento e pedidos por dia, de ${rangeText(period)}`} />
          {cartRecovery ? <CartRecoveryReport figures={cartRecovery} /> : null}
          {REPORT_TABLES.map((name) => (
            <BreakdownTable key={name} name={name} rows={report.tables[name]} csvHref={`/admin/reports/export.csv?${new URLSearchParams([['tabela', name], ...periodParams(period)])}`} />
          ))}
        </>
      ) : (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Erro ao carregar o relatório</p>
          <p className="mt-1">Tente novamente em instantes.</p>
        </div>
      )}
    </div>
  );
}

function PeriodChooser({ query }: { query: Route.ComponentProps['loaderData']['query'] }) {
  const custom = query.values.periodo === CUSTOM_PERIOD;
  const hasErrors = Boolean(query.errors.de || query.errors.ate);
  return (
    <section aria-labelledby="titulo-periodo" className={CARD}>
      <h2 id="titulo-periodo" className="text-lg font-bold">
        Período
      </h2>
      <nav aria-label="Períodos prontos" className="mt-3 flex flex-wrap gap-2">
        {REPORT_PRESETS.map((preset) => {
          const current = !custom && query.values.periodo === preset;
          return (
            <Link
              key={preset}
              to={`?periodo=${preset}`}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'rounded-full border px-3 py-1 text-sm font-semibold',
                current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
              )}
            >
              {PRESET_LABELS[preset]}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-start gap-3" noValidate>
        <input type="hidden" name="periodo" value={CUSTOM_PERIOD} />
        <div className="min-w-44">
          <Field label="De" name="de" type="date" defaultValue={custom ? query.values.de : ''} error={query.errors.de} required />
        </div>
        <div className="min-w-44">
          <Field label="Até" name="ate" type="date" defaultValue={custom ? query.values.ate : ''} error={query.errors.ate} required />
        </div>
        <Button type="submit" variant="outline" className="mt-6">
          Aplicar datas
        </Button>
      </Form>
      <p className={cn('mt-2 text-xs', MUTED)}>Até {MAX_REPORT_DAYS} dias, terminando hoje no máximo. As duas datas entram no período.</p>
      {hasErrors ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700 dark:text-red-400">
          Datas não aceitas; abaixo, os últimos 30 dias.
        </p>
      ) : null}
    </section>
  );
}

type Kpi = { key: string; label: string; figure: Compared; format: (n: number) => string; hint?: string };

function Kpis({ kpis: k }: { kpis: ReportKpis }) {
  const money = formatBRL;
  const count = (n: number) => integer.format(n);
  const list: Kpi[] = [
    { key: 'faturamento', label: 'Faturamento', figure: k.revenueCents, format: money, hint: 'Total dos pedidos pagos, com frete e descontos.' },
    { key: 'pedidos', label: 'Pedidos', figure: k.orders, format: count },
    { key: 'ticket', label: 'Ticket médio', figure: k.averageTicketCents, format: money },
    { key: 'itens', label: 'Itens vendidos', figure: k.itemsSold, format: count },
    { key: 'clientes', label: 'Novos clientes', figure: k.newCustomers, format: count, hint: 'Contas de clientes criadas no período.' },
    { key: 'assinaturas', label: 'Novas assinaturas', figure: k.newSubscriptions, format: count },
    { key: 'cancelamentos', label: 'Assinaturas canceladas', figure: k.cancelledSubscriptions, format: count },
    { key: 'mrr', label: 'Receita recorrente mensal', figure: k.mrrCents, format: money, hint: 'No fim do período: assinaturas ativas e pagas, cada uma pelo seu valor atual.' },
    { key: 'desconto-assinante', label: 'Desconto de assinante', figure: k.subscriberDiscountCents, format: money },
    { key: 'desconto-boas-vindas', label: 'Desconto de boas-vindas', figure: k.welcomeDiscountCents, format: money },
    { key: 'frete', label: 'Frete cobrado', figure: k.freightCents, format: money },
    {
      key: 'reembolsos',
      label: 'Reembolsos',
      figure: k.refundsCents,
      format: money,
      hint: `${k.refunds.current === 1 ? '1 pedido pago cancelado' : `${integer.format(k.refunds.current)} pedidos pagos cancelados`} no período (antes: ${integer.format(k.refunds.previous)}); fora do faturamento.`,
    },
  ];
  return (
    <section aria-labelledby="titulo-indicadores">
      <h2 id="titulo-indicadores" className="sr-only">
        Indicadores
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.map(({ key, label, figure, format, hint }) => (
          <div key={key} className={cn(CARD, 'min-w-0')} data-testid={`kpi-${key}`}>
            <dt className={cn('text-sm font-medium', MUTED)}>{label}</dt>
            <dd className="mt-2 text-2xl font-bold tabular-nums" data-testid="kpi-value">
              {format(figure.current)}
            </dd>
            <dd className="mt-1 text-sm" data-testid="kpi-change">
              <span className="font-semibold tabular-nums">{formatChange(changePercent(figure.current, figure.previous))}</span>{' '}
              <span className={MUTED}>em relação ao período anterior ({format(figure.previous)})</span>
            </dd>
            {hint ? <dd className={cn('mt-1 text-xs', MUTED)}>{hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function formatCell(column: ReportColumn, value: string | number | null): string {
  if (value === null) return '—';
  if (column.kind === 'money') return formatBRL(Number(value));
  if (column.kind === 'integer') return integer.format(Number(value));
  return String(value);
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** One breakdown: headers are buttons that sort (aria-sort says how), and a CSV of the same rows. */
function BreakdownTable({ name, rows, csvHref }: { name: ReportTable; rows: ReportRow[]; csvHref: string }) {
  const def = REPORT_TABLE_DEFS[name];
  const titleId = useId();
  // The server's order (by revenue) until a header is chosen.
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | null>(null);
  const sorted = sort ? sortRows(rows, (r) => r[sort.key] ?? null, sort.direction) : rows;
  const choose = (column: ReportColumn) =>
    setSort((s) => (s?.key === column.key ? { key: column.key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key: column.key, direction: column.kind === 'text' ? 'asc' : 'desc' }));
  return (
    // Unnamed: the scrolling table inside is the region named by this heading (not two regions with one name).
    <section className={cn(CARD, 'min-w-0')} data-testid={`table-${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-bold">
          {def.title}
        </h2>
        <a href={csvHref} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
          <Download className="h-4 w-4" aria-hidden />
          Baixar CSV<span className="sr-only">: {def.title}</span>
        </a>
      </div>
      <p className={cn('mt-1 text-xs', MUTED)}>{def.note}</p>
      {rows.length === 0 ? (
        <p className={cn('mt-4', MUTED)}>Nenhuma venda no período.</p>
      ) : (
        <div className="mt-4 max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{def.title}; clique num título de coluna para ordenar.</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {def.columns.map((column) => {
                  const direction = sort?.key === column.key ? sort.direction : null;
                  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
                  return (
                    <th key={column.key} scope="col" aria-sort={direction ? ARIA_SORT[direction] : 'none'} className={cn('py-1 pr-4', column.kind !== 'text' && 'text-right')}>
                      <button
                        type="button"
                        onClick={() => choose(column)}
                        className="inline-flex min-h-6 items-center gap-1 rounded font-semibold hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                      >
                        {column.label}
                        <Icon className="h-3.5 w-3.5" aria-hidden />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {sorted.map((row, i) => (
                <tr key={i} className="border-b border-slate-100 dark:border-slate-800" data-testid="report-row">
                  {def.columns.map((column, c) =>
                    c === 0 ? (
                      <th key={column.key} scope="row" className="py-2 pr-4 font-medium">
                        {formatCell(column, row[column.key] ?? null)}
                      </th>
                    ) : (
                      <td key={column.key} className={cn('py-2 pr-4', column.kind !== 'text' ? 'text-right whitespace-nowrap tabular-nums' : 'break-all')}>
                        {formatCell(column, row[column.key] ?? null)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
