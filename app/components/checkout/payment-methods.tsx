// The payment methods a page lists, from the server's offer (lib/payment-offer, decided in
// payments/provider.server.ts): the checkout and the subscription's payment dialogs show only
// what the store really receives with, and say so when nothing is charged (test mode).
import { FlaskConical } from 'lucide-react';
import { METHOD_NAMES, TEST_MODE_NOTICE, type OfferedMethod, type PaymentOffer } from '~/lib/payment-offer';

export const BOLETO_HINT = 'Vence em 3 dias úteis';

/** Each offered method with its name and the line under it; `cardHint` depends on the page (instalments or not). */
export function methodChoices(offer: PaymentOffer, cardHint: string): Array<{ value: OfferedMethod; label: string; hint: string }> {
  const hints: Record<OfferedMethod, string> = { pix: offer.pixHint, credit_card: cardHint, boleto: BOLETO_HINT };
  return offer.methods.map((value) => ({ value, label: METHOD_NAMES[value], hint: hints[value] }));
}

/** The method a form starts on: the customer's own when the store still offers it, else the first offered. */
export function initialMethod(offer: PaymentOffer, preferred: string | null | undefined): OfferedMethod {
  return offer.methods.find((m) => m === preferred) ?? offer.methods[0] ?? 'pix';
}

/** Outside production, on every page that takes a payment: the built-in approvals charge no one. */
export function TestModeNotice({ offer, className = '' }: { offer: Pick<PaymentOffer, 'testMode'>; className?: string }) {
  if (!offer.testMode) return null;
  return (
    <p
      role="note"
      data-testid="test-mode-notice"
      className={`flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm font-semibold text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100 ${className}`}
    >
      <FlaskConical className="h-4 w-4 shrink-0" aria-hidden />
      {TEST_MODE_NOTICE}
    </p>
  );
}
