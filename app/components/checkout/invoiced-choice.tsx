// The checkout's "Boleto faturado em N dias" (issue 35), only for a member of a company approved for
// it: the open limit and the minimum beside it, the option disabled (with its reason) when this order
// may not be invoiced. The server decides again under the company's lock.
import { useEffect } from 'react';
import { formatBRL } from '~/lib/money';
import { INVOICED_MESSAGES, INVOICED_TERM_LABEL, offerRefusal, type InvoicedOffer } from '~/lib/receivables';

/** `onRefused`: the cart changed so this order may no longer be invoiced while chosen (the page falls back to another method). */
export function InvoicedChoice({ offer, totalCents, hasPlan, checked, onSelect, onRefused }: { offer: InvoicedOffer; totalCents: number | null; hasPlan: boolean; checked: boolean; onSelect: () => void; onRefused: () => void }) {
  const refusal = hasPlan ? INVOICED_MESSAGES.plan : totalCents === null ? null : offerRefusal(offer, totalCents);
  useEffect(() => {
    if (checked && refusal) onRefused();
  }, [checked, refusal, onRefused]);
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed dark:border-slate-600 dark:has-[:checked]:bg-slate-800">
      <input type="radio" name="paymentMethod" value="invoiced" checked={checked} disabled={Boolean(refusal)} onChange={onSelect} className="accent-brand-700" aria-describedby="faturado-detalhe" />
      <span>
        <span className="font-semibold">{INVOICED_TERM_LABEL(offer.termDays)}</span>
        <span id="faturado-detalhe" className="block text-xs text-slate-600 dark:text-slate-400" data-testid="invoiced-hint">
          {refusal ?? `Limite disponível: ${formatBRL(offer.availableCents)} · ${offer.legalName}`}
        </span>
      </span>
    </label>
  );
}

/** Under the cart, for an approved company: the minimum before checkout, and the open limit. */
export function InvoicedCartNote({ offer }: { offer: InvoicedOffer }) {
  return (
    <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200" data-testid="invoiced-cart-note">
      Compra faturada para {offer.legalName}: pedido mínimo para faturamento {formatBRL(offer.minimumCents)} · limite disponível {formatBRL(offer.availableCents)}
      {offer.blocked ? <span className="mt-1 block font-semibold text-red-700 dark:text-red-300">{offer.blocked}</span> : null}
    </p>
  );
}
