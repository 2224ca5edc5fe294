// The daily revenue chart: SVG bars scaled to a round figure (lib/dashboard.ts chartGeometry), one
// per day, used by the dashboard and the reports.
import { cn } from '~/lib/cn';
import { chartGeometry, chartSummary, formatDayMonth, type DailyTotal } from '~/lib/dashboard';
import { formatBRL } from '~/lib/money';

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';
const MUTED = 'text-slate-600 dark:text-slate-400';

const CHART_WIDTH = 300;
const CHART_HEIGHT = 100;

/**
 * Revenue per day as bars (the dashboard's 30 days, a report's period), with its text alternative
 * (the summary as the image's label) and the figures in a table under "Ver valores".
 */
export function RevenueChart({ daily, title, caption, endsToday = false }: { daily: DailyTotal[]; title: string; caption: string; endsToday?: boolean }) {
  const chart = chartGeometry(daily, { width: CHART_WIDTH, height: CHART_HEIGHT, minHeight: 1 });
  const first = daily[0];
  const last = daily.at(-1);
  return (
    <section aria-labelledby="titulo-grafico" className={CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="titulo-grafico" className="text-lg font-bold">
          {title}
        </h2>
        {/* The summary in the chart's label already says this to screen readers. */}
        <p className={cn('text-xs', MUTED)} aria-hidden>
          Escala: {formatBRL(chart.scaleCents)}
        </p>
      </div>
      <svg
        role="img"
        aria-label={chartSummary(daily)}
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-4 h-40 w-full sm:h-48"
        data-testid="revenue-chart"
      >
        {[0, 0.5, 1].map((f) => (
          <line
            key={f}
            x1={0}
            x2={CHART_WIDTH}
            y1={CHART_HEIGHT * f}
            y2={CHART_HEIGHT * f}
            className="stroke-slate-200 dark:stroke-slate-700"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {chart.bars.map((bar) => (
          <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-brand-600 dark:fill-brand-500">
            <title>{`${formatDayMonth(bar.day)}: ${formatBRL(bar.revenueCents)}`}</title>
          </rect>
        ))}
      </svg>
      <div className={cn('mt-1 flex justify-between text-xs', MUTED)} aria-hidden>
        <span>{first ? formatDayMonth(first.day) : ''}</span>
        <span>{last ? `${formatDayMonth(last.day)}${endsToday ? ' (hoje)' : ''}` : ''}</span>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-200">Ver valores</summary>
        <div className="mt-2 max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label="Valores por dia">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  Dia
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Pedidos
                </th>
                <th scope="col" className="py-2 text-right">
                  Faturamento
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    {formatDayMonth(d.day)}
                  </th>
                  <td className="py-1.5 pr-4 text-right tabular-nums">{d.orders}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatBRL(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
