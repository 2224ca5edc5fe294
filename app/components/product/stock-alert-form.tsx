// "Avise-me quando chegar" (issue 36) under a product's sizes, on its page and in its modal: the
// sold-out size to wait for and, for a visitor, the e-mail (a confirmation link goes to it); a
// signed-in customer's account e-mail is used. Posted through a fetcher to /avise-me.
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { StockAlertAnswer } from '~/lib/schemas/stock-alert';
import { isStockAlertSuccess } from '~/lib/stock-alerts';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

type Props = {
  sizes: { id: string; size: string }[];
  /** The signed-in customer's e-mail; null for a visitor. */
  accountEmail: string | null;
};

export function StockAlertForm({ sizes, accountEmail }: Props) {
  const fetcher = useFetcher<StockAlertAnswer>();
  const ids = useId();
  const [variantId, setVariantId] = useState(sizes[0]?.id ?? '');
  if (sizes.length === 0) return null;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  const ok = answer && answer.status !== 'invalid' && isStockAlertSuccess(answer.status);
  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-base font-semibold">
        <BellRing className="h-4 w-4" aria-hidden /> Avise-me quando chegar
      </h2>
      <fetcher.Form method="post" action="/avise-me" className="grid gap-3">
        {sizes.length === 1 ? (
          <>
            <input type="hidden" name="variantId" value={sizes[0]!.id} />
            <p className="text-sm text-slate-700 dark:text-slate-300">O tamanho {sizes[0]!.size} está esgotado. Receba um e-mail quando ele voltar.</p>
          </>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-size`}>Tamanho esgotado</Label>
            <select
              id={`${ids}-size`}
              name="variantId"
              value={variantId}
              onChange={(e) => setVariantId(e.target.value)}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              {sizes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.size}
                </option>
              ))}
            </select>
          </div>
        )}
        {accountEmail ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Avisaremos <strong className="break-all">{accountEmail}</strong>.
          </p>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-email`}>Seu e-mail</Label>
            <Input id={`${ids}-email`} name="email" type="email" autoComplete="email" required maxLength={254} />
          </div>
        )}
        <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
          {busy ? 'Enviando...' : 'Avise-me quando chegar'}
        </Button>
      </fetcher.Form>
      {answer ? (
        <p
          role={ok ? 'status' : 'alert'}
          className={ok ? 'text-sm text-green-800 dark:text-green-300' : 'text-sm text-red-800 dark:text-red-300'}
        >
          {answer.message}
        </p>
      ) : null}
    </section>
  );
}
