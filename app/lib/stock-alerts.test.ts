import { describe, expect, it } from 'vitest';
import { isRestock, isStockAlertSuccess, STOCK_ALERT_MESSAGES, takesStockAlert, waitingLabel } from './stock-alerts';

describe('stock alerts', () => {
  it('takes a request only for a tracked size with nothing on hand', () => {
    expect(takesStockAlert(0)).toBe(true);
    expect(takesStockAlert(1)).toBe(false);
    expect(takesStockAlert(12)).toBe(false);
    expect(takesStockAlert(null)).toBe(false);
  });

  it('a restock is 0 → available (or untracked), never n → m', () => {
    expect(isRestock(0, 3)).toBe(true);
    expect(isRestock(0, null)).toBe(true);
    expect(isRestock(0, 0)).toBe(false);
    expect(isRestock(2, 5)).toBe(false);
    expect(isRestock(null, 5)).toBe(false);
    expect(isRestock(3, 0)).toBe(false);
  });

  it('counts who waits in pt-BR', () => {
    expect(waitingLabel(0)).toBeNull();
    expect(waitingLabel(1)).toBe('1 aguardando');
    expect(waitingLabel(3)).toBe('3 aguardando');
  });

  it('answers every status in pt-BR; a duplicate is a friendly success', () => {
    expect(isStockAlertSuccess('duplicate')).toBe(true);
    expect(isStockAlertSuccess('created')).toBe(true);
    expect(isStockAlertSuccess('confirm_sent')).toBe(true);
    expect(isStockAlertSuccess('available')).toBe(false);
    expect(STOCK_ALERT_MESSAGES.duplicate).toMatch(/já pediu este aviso/);
  });
});

describe('stock alert form', () => {
  it('takes a size and an optional e-mail, lower-cased; refuses a bad one in pt-BR', async () => {
    const { stockAlertSchema } = await import('./schemas/stock-alert');
    const variantId = '7d1f0a52-3c1e-4f7a-9a55-0c7f2b8f1e21';
    expect(stockAlertSchema.parse({ variantId, email: ' Ana@Exemplo.com.BR ' })).toEqual({ variantId, email: 'ana@exemplo.com.br' });
    expect(stockAlertSchema.parse({ variantId, email: '' })).toEqual({ variantId, email: undefined });
    expect(stockAlertSchema.parse({ variantId })).toEqual({ variantId });
    const bad = stockAlertSchema.safeParse({ variantId, email: 'nao-e-email' });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('Informe um e-mail válido.');
    const noSize = stockAlertSchema.safeParse({ variantId: 'x', email: 'a@b.com' });
    expect(noSize.success ? null : noSize.error.issues[0]?.message).toBe('Escolha um tamanho.');
  });
});
