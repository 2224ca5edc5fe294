// Payments behind one interface. The built-in provider (the embedded default) produces what the
// customer needs to pay: a Pix BR Code on the store's key, the card instalments, or a boleto line.
// Pix and boleto stay unpaid until confirmed (the admin checks the bank; a gateway's webhook);
// its test switch PAYMENT_INSTANT_APPROVAL settles them at once for demos and tests. A real gateway
// implements PaymentProvider and is installed with setPaymentProvider (README).
import type { PaymentDetails } from '~/db/schema';
import { buildBoleto } from '~/lib/boleto';
import { todayInBrazil } from '~/lib/plans';
import { buildPixPayload } from '~/lib/pix';
import { splitInstallments } from '~/lib/pricing';
import { getEnv } from './env.server';

export type PaymentMethod = PaymentDetails['method'];

export type ChargeRequest = {
  orderId: string;
  /**
   * The same key twice is the same charge (a gateway answers the first result again): a checkout
   * attempt, or a renewal's subscription and period, so a job run repeated after a crash never
   * charges twice.
   */
  idempotencyKey: string;
  amountCents: number;
  method: PaymentMethod;
  /** Card only: 1 to 12, without interest. */
  installments: number;
  customer: { name: string; email: string; taxId: string };
};

/**
 * `settled`: the money is confirmed now (an approved card). A Pix or boleto is shown to the
 * customer and settles later, through confirmPayment (admin or gateway).
 */
export type ChargeResult = { approved: true; settled: boolean; details: PaymentDetails; reference?: string } | { approved: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Days a boleto stays payable. */
export const BOLETO_DUE_DAYS = 3;

export const instantApprovalProvider: PaymentProvider = {
  name: 'aprovacao-imediata',
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
};

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let current: PaymentProvider = instantApprovalProvider;

export function getPaymentProvider(): PaymentProvider {
  return current;
}

/** Installs another provider (a real gateway, or a test double). */
export function setPaymentProvider(provider: PaymentProvider): void {
  current = provider;
}

