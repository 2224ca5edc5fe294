// Rules behind the admin reports (/admin/reports): which São Paulo calendar days a period covers
// (presets or two dates, both included), the previous period of the same length, the UTC instants
// those days start and end at, and how a change against the previous period reads. Pure, so the
// page, the server and the tests compute the same thing.
import { addDays } from './dashboard';
import { todayInBrazil } from './plans';

export const REPORT_PRESETS = ['hoje', '7dias', '30dias', 'mes', 'mes-passado', 'ano'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const CUSTOM_PERIOD = 'personalizado';

export const PRESET_LABELS: Record<ReportPreset, string> = {
  hoje: 'Hoje',
  '7dias': '7 dias',
  '30dias': '30 dias',
  mes: 'Este mês',
  'mes-passado': 'Mês passado',
  ano: 'Este ano',
};

export const DEFAULT_PRESET: ReportPreset = '30dias';
/** A chosen range is at most a year (a leap year's 366 days): "este ano" always fits, and the daily chart stays readable. */
export const MAX_REPORT_DAYS = 366;

/** São Paulo calendar days, 'yyyy-mm-dd', both included. */
export type DayRange = { from: string; to: string };

export type ReportPeriod = DayRange & {
  preset: ReportPreset | typeof CUSTOM_PERIOD;
  /** Number of days, both ends included. */
  days: number;
  /** The same number of days just before `from`. */
  previous: DayRange;
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'yyyy-mm-dd' (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (1 for a single day; ≤ 0 when `to` is before `from`). */
export function daysInRange({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The same number of days, ending the day before `from`. */
export function previousRange(range: DayRange): DayRange {
  const days = daysInRange(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** A preset's days, from today in São Paulo. */
export function presetRange(preset: ReportPreset, today: string): DayRange {
  const month = today.slice(0, 8); // 'yyyy-mm-'
  switch (preset) {
    case 'hoje':
      return { from: today, to: today };
    case '7dias':
      return { from: addDays(today, -6), to: today };
    case '30dias':
      return { from: addDays(today, -29), to: today };
    case 'mes':
      return { from: `${month}01`, to: today };
    case 'mes-passado': {
      const lastDay = addDays(`${month}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'ano':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

export function reportPeriod(choice: { preset: ReportPreset } | DayRange, now: Date): ReportPeriod {
  const range = 'preset' in choice ? presetRange(choice.preset, todayInBrazil(now)) : { from: choice.from, to: choice.to };
  return {
    ...range,
    preset: 'preset' in choice ? choice.preset : CUSTOM_PERIOD,
    days: daysInRange(range),
    previous: previousRange(range),
  };
}

/** The São Paulo calendar day an instant falls on (an order at 02:30 UTC is still the evening before). */
export function saoPauloDay(instant: Date): string {
  return todayInBrazil(instant);
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', timeZoneName: 'longOffset' });

/** São Paulo's offset from UTC at an instant, in minutes (−180 today; the time zone database knows the old summer times). */
function saoPauloOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant a São Paulo calendar day starts (its local midnight), from the time zone database. */
export function saoPauloMidnight(isoDay: string): Date {
  if (!isIsoDay(isoDay)) throw new Error(`Data inválida: ${isoDay}`);
  const utcMidnight = Date.parse(`${isoDay}T00:00:00Z`);
  // The offset at the guess, then at the corrected instant (they differ only across a clock change).
  const guess = utcMidnight - saoPauloOffsetMinutes(new Date(utcMidnight)) * 60_000;
  const midnight = new Date(utcMidnight - saoPauloOffsetMinutes(new Date(guess)) * 60_000);
  // Where a summer time began at 00:00 (until 2019) that midnight never existed: the day began at
  // the clock change, 01:00 summer time, which is the guess.
  return saoPauloDay(midnight) === isoDay ? midnight : new Date(guess);
}

/** The half-open interval [start, end) of instants a range of São Paulo days covers. */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  return { start: saoPauloMidnight(range.from), end: saoPauloMidnight(addDays(range.to, 1)) };
}

/** Change against the previous period in percent; null when there is nothing to compare with (previous 0). */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '+12,5%', '−3,0%', '0,0%'; '—' without a previous figure. */
export function formatChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '—';
  const rounded = Math.round(change * 10) / 10;
  const text = percentFormat.format(Math.abs(rounded));
  return rounded > 0 ? `+${text}%` : rounded < 0 ? `\u2212${text}%` : `${text}%`;
}

/** Revenue ÷ orders in cents, half up; 0 without orders. */
export function averageTicketCents(revenueCents: number, orders: number): number {
  if (orders <= 0) return 0;
  return Math.floor((revenueCents * 2 + orders) / (orders * 2));
}

/** Sorting a breakdown table: by one column, up or down. */
export type SortDirection = 'asc' | 'desc';

/** Rows sorted by a column: numbers numerically, text in pt-BR order (accents and case ignored); ties keep their order. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => string | number | null, direction: SortDirection): T[] {
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const byKey =
        a.key === null || b.key === null
          ? (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) // empty cells last, either way
          : typeof a.key === 'number' && typeof b.key === 'number'
            ? sign * (a.key - b.key)
            : sign * collator.compare(String(a.key), String(b.key));
      return byKey || a.index - b.index;
    })
    .map((entry) => entry.row);
}

// ---------------------------------------------------------------- breakdown tables

export const REPORT_TABLES = ['produtos', 'tamanhos', 'categorias', 'pagamentos', 'clientes', 'estados', 'cupons'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export type ColumnKind = 'text' | 'integer' | 'money';
export type ReportColumn = { key: string; label: string; kind: ColumnKind };
export type ReportRow = Record<string, string | number | null>;

/** The top customers table lists this many (the CSV too: the file is the table). */
export const TOP_CUSTOMERS_LIMIT = 50;

const units: ReportColumn = { key: 'units', label: 'Unidades', kind: 'integer' };
const orderCount: ReportColumn = { key: 'orders', label: 'Pedidos', kind: 'integer' };
const revenue: ReportColumn = { key: 'revenueCents', label: 'Faturamento', kind: 'money' };

/** Each breakdown: its title, the CSV's file name, its columns (the first one names the row). */
export const REPORT_TABLE_DEFS: Record<ReportTable, { title: string; file: string; note: string; columns: ReportColumn[] }> = {
  produtos: {
    title: 'Vendas por produto',
    file: 'vendas-por-produto',
    note: 'Itens pelo preço de venda, antes do desconto do pedido; planos de assinatura entram pelo nome.',
    columns: [{ key: 'name', label: 'Produto', kind: 'text' }, units, revenue],
  },
  tamanhos: {
    title: 'Vendas por tamanho',
    file: 'vendas-por-tamanho',
    note: 'Cada tamanho de cada produto.',
    columns: [{ key: 'name', label: 'Produto', kind: 'text' }, { key: 'size', label: 'Tamanho', kind: 'text' }, units, revenue],
  },
  categorias: {
    title: 'Vendas por categoria',
    file: 'vendas-por-categoria',
    note: 'Pela categoria atual do produto; planos e produtos excluídos ficam sem categoria.',
    columns: [{ key: 'name', label: 'Categoria', kind: 'text' }, units, revenue],
  },
  pagamentos: {
    title: 'Vendas por forma de pagamento',
    file: 'vendas-por-pagamento',
    note: 'Total dos pedidos, com frete e descontos.',
    columns: [{ key: 'name', label: 'Forma de pagamento', kind: 'text' }, orderCount, revenue],
  },
  clientes: {
    title: 'Melhores clientes',
    file: 'melhores-clientes',
    note: `Os ${TOP_CUSTOMERS_LIMIT} que mais pagaram no período.`,
    columns: [{ key: 'name', label: 'Cliente', kind: 'text' }, { key: 'email', label: 'E-mail', kind: 'text' }, orderCount, revenue],
  },
  estados: {
    title: 'Pedidos por UF',
    file: 'pedidos-por-uf',
    note: 'Pelo endereço de entrega do pedido.',
    columns: [{ key: 'name', label: 'UF', kind: 'text' }, orderCount, revenue],
  },
  cupons: {
    title: 'Cupons',
    file: 'cupons',
    note: 'Pedidos com cupom (usos) e o desconto que o cupom deu; pedidos cancelados devolvem o uso e não entram.',
    columns: [{ key: 'name', label: 'Cupom', kind: 'text' }, { key: 'orders', label: 'Usos', kind: 'integer' }, { key: 'discountCents', label: 'Desconto', kind: 'money' }, revenue],
  },
};
