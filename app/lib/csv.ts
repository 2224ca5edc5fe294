// Spreadsheet cells from store data.

/** A spreadsheet runs a cell starting with = + - @ (or a tab/CR) as a formula: prefix it with '. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** '1234.50' → '1234,50' (no thousands separator: a Brazilian spreadsheet reads it as a number). */
export function decimalBR(value: string): string {
  return value.replace('.', ',');
}
