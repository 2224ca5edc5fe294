// "Avise-me quando chegar" (issue 36): who may ask for which size, what each answer says (pt-BR),
// and the admin's "3 aguardando". The same rules on the product page and in the POST's answer.

/** The answers of POST /avise-me, for the form to show. */
export type StockAlertStatus = 'created' | 'confirm_sent' | 'duplicate' | 'available' | 'not_found';

export const STOCK_ALERT_MESSAGES: Record<StockAlertStatus, string> = {
  created: 'Pronto! Avisaremos por e-mail quando este tamanho voltar ao estoque.',
  confirm_sent: 'Enviamos um link de confirmação para o seu e-mail. Confirme para receber o aviso quando este tamanho chegar.',
  duplicate: 'Você já pediu este aviso. Avisaremos por e-mail assim que este tamanho voltar ao estoque.',
  available: 'Este tamanho já está disponível: você pode comprá-lo agora.',
  not_found: 'Produto não encontrado.',
};

/** Statuses the form shows as a success (the others as a problem). */
export function isStockAlertSuccess(status: StockAlertStatus): boolean {
  return status === 'created' || status === 'confirm_sent' || status === 'duplicate';
}

/**
 * Whether a size takes a request: only a tracked size with nothing on hand. An untracked size is
 * always sellable and one in stock can be bought now, so neither waits for anything.
 */
export function takesStockAlert(available: number | null): boolean {
  return available !== null && available <= 0;
}

/**
 * Whether a size's stock change is a restock that wakes its requests: from nothing (0) to some, or
 * to untracked (always sellable). n → m with n > 0 wakes nobody.
 */
export function isRestock(before: number | null, after: number | null): boolean {
  return before !== null && before <= 0 && (after === null || after > 0);
}

/** "3 aguardando" next to a size on the admin's product page; nothing when nobody waits. */
export function waitingLabel(count: number): string | null {
  return count > 0 ? `${count} aguardando` : null;
}

/** The confirmation link's token is short; anything longer is refused before the database. */
export const STOCK_ALERT_TOKEN_MAX_LENGTH = 100;
