// The customer's LGPD rights (Lei 13.709/2018, art. 18): what the store writes in place of an
// erased customer's data, and the name of their data file. Shared by the server and the pages.

/** What an erased customer's orders and subscriptions show instead of their name. */
export const DELETED_CUSTOMER_NAME = 'Cliente excluído';

/** What the customer types to confirm the erasure (besides the password and the dialog). */
export const ERASE_CONFIRMATION_WORD = 'EXCLUIR';

/** The download's file name for a São Paulo day (AAAA-MM-DD). */
export function dataExportFileName(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`dia inválido: ${day}`);
  return `clarear-meus-dados-${day}.json`;
}
