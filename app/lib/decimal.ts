// Decimal numbers typed by people in Brazil: '12,50', '12.50' and '1.234,56'
// all mean what they look like. Parsed as text, never through a float.

/**
 * The normalised decimal ('1234.56') of `input` with at most `scale` decimal
 * places, or null when it is not a number. A comma is the decimal separator;
 * with a comma present, dots are thousands separators. Without a comma, one dot
 * is the decimal separator ('12.50'), several dots are thousands ('1.234.567').
 */
export function parseDecimal(input: string, scale = 2): string | null {
  let text = input.trim().replace(/\s/g, '');
  if (text === '') return null;
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  if (text.includes(',')) {
    if (!/^(\d{1,3}(\.\d{3})+|\d+),\d*$/.test(text)) return null;
    text = text.replace(/\./g, '').replace(',', '.');
  } else if ((text.match(/\./g) ?? []).length > 1) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(text)) return null;
    text = text.replace(/\./g, '');
  }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const wholeDigits = whole!.replace(/^0+(?=\d)/, '');
  const normalised = scale === 0 ? wholeDigits : `${wholeDigits}.${fraction.padEnd(scale, '0')}`;
  return negative && /[1-9]/.test(normalised) ? `-${normalised}` : normalised;
}

/** '1234.5' → '1234,50' for a form field (no thousands dots: easy to edit). */
export function formatDecimalInput(value: string | number | null | undefined, scale = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = parseDecimal(String(value), scale);
  return parsed === null ? String(value) : parsed.replace('.', ',');
}
