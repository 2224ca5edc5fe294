// Dates as Brazilians read them, in São Paulo time.
const TZ = 'America/Sao_Paulo';

// Made once: building an Intl.DateTimeFormat costs far more than formatting with one (a job
// writing 10k e-mails spent 1.5 s of CPU making them).
const shortDate = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' });

/** '22/11/2026' */
export function formatDateBR(value: Date | string): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  return shortDate.format(date);
}

/** A calendar day 'yyyy-mm-dd' as '05/12' (a delivery date: "chega até 05/12"). */
export function formatDayMonth(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * '09/05/2026 23:59' in São Paulo time. Built from parts, so the server and the
 * browser print the same characters (their ICU versions punctuate differently).
 */
export function formatDateTimeBR(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

// A bare 'yyyy-mm-dd' is a calendar day: read it at noon in Brazil so no time zone shifts it.
function parseDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-03:00`) : new Date(value);
}
