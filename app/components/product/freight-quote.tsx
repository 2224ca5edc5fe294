// "Calcular frete" on a product's page and in its modal (issue 33): the CEP (remembered in this
// browser from the last quote or the checkout) and a quantity, posted through a fetcher to
// /frete/cotacao, which prices the chosen size or kit from the database; each parcel's options as the
// checkout words them ("Correios PAC — R$ 23,90 — chega até 05/12", 'Grátis' when free), and what
// cannot be delivered there in an alert. Loaded only when the shopper asks (product-details.tsx).
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { optionLabel } from '~/components/checkout/freight-choice';
import { formatCep, isValidCep } from '~/lib/cep';
import { rememberCep, rememberedCep } from '~/lib/remembered-cep';
import type { FreightQuoteAnswer } from '~/lib/schemas/freight-quote';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

export const FIND_CEP_URL = 'https://buscacepinternet.correios.com.br';

const MESSAGES = {
  chooseSize: 'Escolha um tamanho para calcular o frete.',
  cep: 'Informe um CEP válido.',
  quantity: 'Escolha de 1 a 99 unidades.',
} as const;

const ALERT = 'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100';

/** What the shopper asked for: a CEP and a quantity (the size is the one chosen on the product). */
type Wanted = { cep: string; quantity: string };
/** What was posted, with the label of the size it was for (the answer is shown with it). */
type Sent = Wanted & { id: string; label: string };

export default function FreightQuote({
  itemId,
  itemLabel,
}: {
  /** The chosen size's id, or the kit's product id; null while no size is chosen. */
  itemId: string | null;
  /** "Álcool 70% Líquido (5 L)": what the quote is for. */
  itemLabel: string;
}) {
  const fetcher = useFetcher<FreightQuoteAnswer>();
  const { submit } = fetcher;
  const [cep, setCep] = useState(() => formatCep(rememberedCep()));
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  // A CEP remembered from before is quoted as soon as the shopper opens this.
  const [wanted, setWanted] = useState<Wanted | null>(() => (isValidCep(cep) ? { cep, quantity } : null));
  const [sent, setSent] = useState<Sent | null>(null);
  const cepInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  // Opened by "Calcular frete", which is gone now: the CEP is where the shopper goes on.
  useEffect(() => cepInput.current?.focus(), []);

  // Each request, and another size chosen after one: quoted for the same CEP and quantity.
  useEffect(() => {
    if (!wanted || !itemId) return;
    rememberCep(wanted.cep);
    setSent({ ...wanted, id: itemId, label: itemLabel });
    void submit({ cep: wanted.cep, id: itemId, quantity: wanted.quantity }, { method: 'post', action: '/frete/cotacao' });
  }, [wanted, itemId, itemLabel, submit]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const units = Number(quantity);
    if (!isValidCep(cep)) {
      setProblem(MESSAGES.cep);
      cepInput.current?.focus();
      return;
    }
    if (!Number.isInteger(units) || units < 1 || units > 99) return setProblem(MESSAGES.quantity);
    setProblem(itemId ? null : MESSAGES.chooseSize);
    setWanted({ cep, quantity: String(units) });
  }

  const busy = fetcher.state !== 'idle';
  // "Escolha um tamanho" until one is chosen (then the quote starts by itself).
  const shownProblem = problem === MESSAGES.chooseSize && itemId ? null : problem;
  const answer = shownProblem || busy ? undefined : fetcher.data;
  const result = answer?.quote;
  const cepError = shownProblem === MESSAGES.cep;

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="freight-quote">
      <h2 id={`${ids}-title`} className="text-sm font-semibold">
        Calcular frete
      </h2>
      <form method="post" action="/frete/cotacao" onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-cep`}>CEP</Label>
          <Input
            ref={cepInput}
            id={`${ids}-cep`}
            name="cep"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={cep}
            onChange={(e) => setCep(formatCep(e.currentTarget.value))}
            aria-invalid={cepError || undefined}
            aria-describedby={cepError ? `${ids}-problem` : undefined}
            className="w-36"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-quantity`}>Quantidade</Label>
          <Input
            id={`${ids}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            className="w-20"
          />
        </div>
        <Button type="submit" variant="outline">
          Calcular frete
        </Button>
      </form>
      <a href={FIND_CEP_URL} target="_blank" rel="noopener" className="w-fit text-sm font-medium text-brand-700 underline dark:text-brand-200">
        Não sei meu CEP<span className="sr-only"> (abre o site dos Correios em nova aba)</span>
      </a>

      {shownProblem ? (
        <p id={`${ids}-problem`} role="alert" className={ALERT}>
          {shownProblem}
        </p>
      ) : null}
      {answer?.error ? (
        <p role="alert" className={ALERT}>
          {answer.error}
        </p>
      ) : null}
      {result?.unavailable ? (
        <p role="alert" className={ALERT}>
          {result.unavailable}
        </p>
      ) : null}
      {result && result.refusals.length > 0 ? (
        <div role="alert" className={ALERT} data-testid="freight-quote-refusals">
          {result.refusals.map((r) => (
            <p key={r.itemKey}>{r.message}</p>
          ))}
        </div>
      ) : null}

      <div aria-live="polite" aria-busy={busy} className="grid gap-2 text-sm">
        {busy ? <p className="text-slate-700 dark:text-slate-300">Calculando o frete...</p> : null}
        {result && result.parcels.length > 0 && sent ? (
          <>
            <p className="text-slate-700 dark:text-slate-300">
              {Number(sent.quantity) > 1 ? `${sent.quantity} × ` : ''}
              {sent.label} para o CEP {formatCep(result.cep)}
              {result.parcels.length > 1 ? `, em ${result.parcels.length} pacotes` : ''}:
            </p>
            {result.parcels.map((parcel, index) => (
              <div key={parcel.key} className="grid gap-1">
                {result.parcels.length > 1 ? (
                  <p className="font-semibold">
                    Pacote {index + 1} de {result.parcels.length}
                  </p>
                ) : null}
                <ul className="grid gap-1" data-testid="freight-quote-options">
                  {parcel.options.map((o) => (
                    <li key={o.serviceId} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800">
                      {optionLabel(o)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </>
        ) : null}
      </div>
    </section>
  );
}
