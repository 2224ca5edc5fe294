// The São Paulo business calendar: the store prepares orders and the carriers count their deadlines
// in business days from São Paulo, so a promised date skips weekends and the holidays observed there
// (national, São Paulo state and São Paulo city). Carnaval and Corpus Christi are only optional
// national days off, but nobody ships on them in São Paulo, so a promise must not count them.
// Dates are 'YYYY-MM-DD' strings; UTC arithmetic only, so no time zone ever shifts a day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Fixed-date holidays, by 'MM-DD'. */
const FIXED_HOLIDAYS: readonly (readonly [monthDay: string, name: string])[] = [
  ['01-01', 'Confraternização Universal'],
  ['01-25', 'Aniversário de São Paulo'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['07-09', 'Revolução Constitucionalista'],
  ['09-07', 'Independência'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra'],
  ['12-25', 'Natal'],
];

/** Holidays that follow Easter, as days from Easter Sunday. */
const MOVABLE_HOLIDAYS: readonly (readonly [daysFromEaster: number, name: string])[] = [
  [-48, 'Segunda-feira de Carnaval'],
  [-47, 'Terça-feira de Carnaval'],
  [-2, 'Sexta-feira Santa'],
  [60, 'Corpus Christi'],
];

function parseIso(iso: string): [year: number, month: number, day: number] {
  const match = ISO_DATE.exec(iso);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // Date.UTC rolls 2026-02-30 over to March: a date that does not survive the round trip is not one.
    if (toIso(Date.UTC(year, month - 1, day)) === iso) return [year, month, day];
  }
  throw new Error(`Data inválida: ${iso}`);
}

function toIso(utcMs: number): string {
  const date = new Date(utcMs);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** iso plus `days` calendar days. */
function addDays(iso: string, days: number): string {
  const [year, month, day] = parseIso(iso);
  return toIso(Date.UTC(year, month - 1, day + days));
}

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterOf(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIso(Date.UTC(year, month - 1, day));
}

// A quote asks about the same few years again and again; each year's map is computed once.
const cache = new Map<number, Map<string, string>>();

function holidayMap(year: number): Map<string, string> {
  let holidays = cache.get(year);
  if (!holidays) {
    const map = new Map<string, string>();
    const add = (iso: string, name: string) => {
      // Good Friday can fall on Tiradentes (as in 2000): the day keeps both names.
      const existing = map.get(iso);
      map.set(iso, existing ? `${existing} e ${name}` : name);
    };
    const pad = String(year).padStart(4, '0');
    for (const [monthDay, name] of FIXED_HOLIDAYS) add(`${pad}-${monthDay}`, name);
    const easter = easterOf(year);
    for (const [offset, name] of MOVABLE_HOLIDAYS) add(addDays(easter, offset), name);
    holidays = new Map([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
    cache.set(year, holidays);
  }
  return holidays;
}

/** The São Paulo holidays of a year, in date order: 'YYYY-MM-DD' → pt-BR name. */
export function holidaysOf(year: number): Map<string, string> {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new Error(`Ano inválido: ${year}`);
  // A copy: the cached map must not be changed by a caller.
  return new Map(holidayMap(year));
}

/** Monday to Friday and not a São Paulo holiday. */
export function isBusinessDay(iso: string): boolean {
  const [year, month, day] = parseIso(iso);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidayMap(year).has(iso);
}

/** The first business day strictly after iso. */
export function nextBusinessDay(iso: string): string {
  let day = addDays(iso, 1);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The n-th business day after iso (n ≥ 0). From a Saturday, Monday is the first; n = 0 is iso itself
 * when it is a business day, otherwise the next one (an order placed on a holiday is handled from the
 * next business day, the same day as n = 1).
 */
export function addBusinessDays(iso: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Número de dias úteis inválido: ${n}`);
  if (n === 0) return isBusinessDay(iso) ? iso : nextBusinessDay(iso);
  let day = iso;
  for (let i = 0; i < n; i++) day = nextBusinessDay(day);
  return day;
}
