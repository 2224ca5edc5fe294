// Carriers and tracking codes: labels, the carrier's public tracking page, and the Correios
// object code check (UPU S10: two letters, eight digits, a check digit, two letters).

export const CARRIERS = ['correios', 'jadlog', 'loggi', 'outra', 'propria'] as const;

export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  correios: 'Correios',
  jadlog: 'Jadlog',
  loggi: 'Loggi',
  outra: 'Outra transportadora',
  propria: 'Entrega própria',
};

/** The carrier's public tracking page for a code; null when the carrier has none we can link to. */
export function trackingUrl(carrier: Carrier, code: string): string | null {
  const c = encodeURIComponent(code);
  switch (carrier) {
    case 'correios':
      return `https://rastreamento.correios.com.br/app/index.php?objetos=${c}`;
    case 'jadlog':
      return `https://www.jadlog.com.br/jadlog/tracking?cte=${c}`;
    case 'loggi':
      return `https://www.loggi.com/rastreador/${c}`;
    default:
      return null;
  }
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** 'aa 123456785 br' → 'AA123456785BR' (what the form stores). */
export function normalizeTrackingCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** A Correios object code: format AA123456789BR and the S10 check digit. */
export function isCorreiosCode(code: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(code);
  if (!match) return false;
  const sum = [...match[1]!].reduce((acc, digit, i) => acc + Number(digit) * S10_WEIGHTS[i]!, 0);
  const rest = 11 - (sum % 11);
  const check = rest === 10 ? 0 : rest === 11 ? 5 : rest;
  return check === Number(match[2]);
}
