// Dates as Brazilians read them, in São Paulo time.
const TZ = 'America/Sao_Paulo';

/** '22/11/2026' */
export function formatDateBR(value: Date | string): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  return new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** '22 de novembro de 2026' */
export function formatLongDateBR(value: Date | string): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  return new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

// A bare 'yyyy-mm-dd' is a calendar day: read it at noon in Brazil so no time zone shifts it.
function parseDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00-03:00`) : new Date(value);
}
