// "Cupom de desconto" on the cart/checkout (issue 36): type a code, apply or remove it; the server's
// answer below it (applied, not applied because a store discount is larger, or why it is refused).
import { TicketPercent, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { formatBRL } from '~/lib/money';
import { couponNotAppliedMessage, type Totals } from '~/lib/pricing';
import type { QuotedCoupon } from '~/server/flows/checkout.server';

export function CouponField({
  applied,
  onApply,
  answer,
  totals,
  busy,
  error,
}: {
  /** The code applied (sent with every quote and the payment), or null. */
  applied: string | null;
  onApply: (code: string | null) => void;
  /** The server's answer for `applied`. */
  answer: QuotedCoupon | null;
  totals: Totals | null;
  busy: boolean;
  /** A refusal when paying (the use was checked again and refused). */
  error?: string | undefined;
}) {
  const id = useId();
  const [typed, setTyped] = useState(applied ?? '');
  const current = answer && applied && answer.code === applied ? answer : null;
  const message = error ?? (current && !current.ok ? current.message : null);
  const inTotals = current?.ok && totals?.discountKind === 'coupon' && totals.couponCode === applied;
  const notApplied = current?.ok && totals?.couponNotApplied?.code === applied ? totals.couponNotApplied : null;
  const statusId = `${id}-status`;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Cupom de desconto
      </h3>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const code = typed.trim().toUpperCase();
          onApply(code || null);
        }}
      >
        <Label htmlFor={`${id}-code`} className="sr-only">
          Código do cupom
        </Label>
        <Input
          id={`${id}-code`}
          name="coupon"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          placeholder="Ex.: BEMVINDO10"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={30}
          className="font-mono uppercase"
          aria-invalid={message ? true : undefined}
          aria-describedby={message || inTotals || notApplied ? statusId : undefined}
        />
        <Button type="submit" variant="outline" disabled={busy || typed.trim() === ''}>
          <TicketPercent className="h-4 w-4" aria-hidden /> Aplicar
        </Button>
      </form>
      <div aria-live="polite" id={statusId}>
        {message ? (
          <p className="text-sm text-red-700 dark:text-red-400" data-testid="coupon-message">
            {message}
          </p>
        ) : inTotals ? (
          <p className="text-sm font-semibold text-brand-800 dark:text-brand-200" data-testid="coupon-message">
            Cupom {applied} aplicado: -{formatBRL(totals.discountCents)}.
          </p>
        ) : notApplied ? (
          <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="coupon-message">
            {couponNotAppliedMessage(notApplied)}
          </p>
        ) : null}
      </div>
      {applied ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            setTyped('');
            onApply(null);
          }}
        >
          <X className="h-4 w-4" aria-hidden /> Remover cupom {applied}
        </Button>
      ) : null}
    </section>
  );
}
