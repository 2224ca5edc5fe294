// pH display rules: scale 0–14, one decimal; below 6.5 Ácido,
// above 7.5 Alcalino, otherwise Neutro. Compared in tenths to stay exact.

export type PhClass = 'Ácido' | 'Neutro' | 'Alcalino';

export const PH_MIN = 0;
export const PH_MAX = 14;

function toTenths(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value.replace(',', '.'));
  if (!Number.isFinite(n) || n < PH_MIN || n > PH_MAX) {
    throw new Error(`pH fora da escala 0–14: ${String(value)}`);
  }
  return Math.round(n * 10);
}

export function classifyPh(value: string | number): PhClass {
  const tenths = toTenths(value);
  if (tenths < 65) return 'Ácido';
  if (tenths > 75) return 'Alcalino';
  return 'Neutro';
}

/** '7' → '7,0' (pt-BR decimal comma). */
export function formatPh(value: string | number): string {
  const tenths = toTenths(value);
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
}

/** Position on the 0–14 gauge, 0 to 100 (percent). */
export function phGaugePercent(value: string | number): number {
  return (toTenths(value) / (PH_MAX * 10)) * 100;
}
