// The built-in provider (the embedded default, no gateway): it produces what the customer needs
// to pay — a Pix BR Code on the store's key, a boleto line, a card's instalments — and settles
// nothing by itself: a Pix or boleto stays unpaid until the admin, who checks the bank, confirms
// it. A card is approved at once (there is no card network behind it: demos and tests only; a
// real store takes cards through a gateway). Its test switch PAYMENT_INSTANT_APPROVAL settles
// Pix and boleto at once too, and production refuses it (env.server.ts).
import { buildBoleto } from '~/lib/boleto';
import { todayInBrazil } from '~/lib/plans';
import { buildPixPayload } from '~/lib/pix';
import { splitInstallments } from '~/lib/pricing';
import { getEnv } from '../env.server';
import type { PaymentProvider } from './provider.server';

/** Days a boleto stays payable. */
export const BOLETO_DUE_DAYS = 3;

export const builtInProvider: PaymentProvider = {
  name: 'aprovacao-imediata',
  tokenizesCards: false,
  async charge({ orderId, amountCents, method, installments }) {
    const env = getEnv();
    const reference = orderId.replace(/-/g, '');
    const settled = env.PAYMENT_INSTANT_APPROVAL;
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
        const dueDate = addDays(todayInBrazil(), BOLETO_DUE_DAYS);
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
