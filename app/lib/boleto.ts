// Boleto "linha digitável" (FEBRABAN layout, 47 digits) for a bank slip:
// bank, currency 9, general check digit (mod 11), due-date factor, amount and
// a 25-digit free field, with the mod-10 check digit of each printed field.

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
}

function mod11Barcode(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * Due-date factor: days since 1997-10-07, which restarted at 1000 on
 * 2025-02-22 when it reached 9999 (FEBRABAN rule).
 */
export function dueDateFactor(isoDate: string): string {
  const day = Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
  const restart = Date.UTC(2025, 1, 22);
  const days = Math.round((day - restart) / 86_400_000);
  if (days < 0) throw new Error('Vencimento anterior a 22/02/2025');
  return String(1000 + (days % 9000)).padStart(4, '0');
}

export type Boleto = { barcode: string; digitableLine: string };

export function buildBoleto({ bank, amountCents, dueDate, freeField }: { bank: string; amountCents: number; dueDate: string; freeField: string }): Boleto {
  if (!/^\d{3}$/.test(bank) || !/^\d{25}$/.test(freeField)) throw new Error('Banco ou campo livre inválido');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_99) throw new Error('Valor inválido para boleto');
  const factor = dueDateFactor(dueDate);
  const amount = String(amountCents).padStart(10, '0');
  const withoutDv = `${bank}9${factor}${amount}${freeField}`;
  const dv = mod11Barcode(withoutDv);
  const barcode = `${bank}9${dv}${factor}${amount}${freeField}`;
  const f1 = `${bank}9${freeField.slice(0, 5)}`;
  const f2 = freeField.slice(5, 15);
  const f3 = freeField.slice(15, 25);
  const line =
    `${f1.slice(0, 5)}.${f1.slice(5)}${mod10(f1)} ` +
    `${f2.slice(0, 5)}.${f2.slice(5)}${mod10(f2)} ` +
    `${f3.slice(0, 5)}.${f3.slice(5)}${mod10(f3)} ` +
    `${dv} ${factor}${amount}`;
  return { barcode, digitableLine: line };
}

export { mod10, mod11Barcode };
