// The built-in provider (the embedded default, no gateway): it produces what the customer needs
// to pay — a Pix BR Code on the store's key, a boleto line, a card's instalments — and settles
// nothing by itself: a Pix stays unpaid until the admin, who checks the bank, confirms it. Outside
// production (demos, tests) a card is approved at once and a boleto gets a line no bank registered;
// in production both are declined: there is no card network behind it and every boleto must be
// registered at the issuing bank (a real store takes them through a gateway; provider.server.ts's
// paymentOfferFor never offers them here). Its test switch PAYMENT_INSTANT_APPROVAL settles Pix
// and boleto at once too, and production refuses it (env.server.ts).
import { buildBoleto } from '~/lib/boleto';
import { todayInBrazil } from '~/lib/plans';
import { buildPixPayload } from '~/lib/pix';
import { splitInstallments } from '~/lib/pricing';
import { getEnv } from '../infra/env.server';
import type { PaymentProvider } from './types.server';

/** Days a boleto stays payable. */
export const BOLETO_DUE_DAYS = 3;

export const BUILTIN_CARD_REFUSED = 'esta loja não aceita cartão de crédito sem um intermediador de pagamento; pague com Pix';
export const BUILTIN_BOLETO_REFUSED = 'esta loja não emite boleto sem um banco que o registre; pague com Pix';

export const builtInProvider: PaymentProvider = {
  name: 'aprovacao-imediata',
  tokenizesCards: false,
  async charge({ orderId, amountCents, method, installments, boletoDueDate }) {
    const env = getEnv();
    const reference = orderId.replace(/-/g, '');
    const settled = env.PAYMENT_INSTANT_APPROVAL;
    // Defence in depth: whatever a caller forgot, a production store never approves what it cannot receive.
    if (env.NODE_ENV === 'production' && method !== 'pix') {
      return { approved: false, reason: method === 'credit_card' ? BUILTIN_CARD_REFUSED : BUILTIN_BOLETO_REFUSED };
    }
    switch (method) {
      case 'pix':
        return {
          approved: true,
          settled,
          details: {
            method,
            copyPaste: buildPixPayload({
              key: env.PIX_KEY,
              merchantName: env.PIX_MERCHANT_NAME,
              merchantCity: env.PIX_MERCHANT_CITY,
              amountCents,
              txid: reference.slice(0, 25),
            }),
          },
        };
      case 'credit_card':
        return { approved: true, settled: true, details: { method, installments, installmentCents: splitInstallments(amountCents, installments) } };
      case 'boleto': {
        const dueDate = boletoDueDate ?? addDays(todayInBrazil(), BOLETO_DUE_DAYS);
        const freeField = BigInt(`0x${reference.slice(0, 20)}`).toString().padStart(25, '0').slice(-25);
        return { approved: true, settled, details: { method, dueDate, digitableLine: buildBoleto({ bank: '341', amountCents, dueDate, freeField }).digitableLine } };
      }
    }
  },
  // Nothing is kept outside the store's database: an unanswered call never reached anyone.
  async findByKey() {
    return null;
  },
  async getPayment() {
    return null;
  },
  // Money received on the store's own Pix key or bank account goes back by hand (the admin's page says so).
  async refund() {
    return { ok: false, reason: 'Devolva o valor pelo banco da loja (pagamento sem intermediador).', manual: true };
  },
};

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
