// "Entrega" on the checkout: each parcel with the services that may carry it to the delivery CEP,
// its price ('Grátis' when free) and "chega até dd/mm"; items no service takes are named with the
// reason before the customer pays (issue 33). The server recomputes all of it at payment.
import { formatDayMonth } from '~/lib/dates';
import type { FreightChoices, FreightQuote } from '~/lib/freight';
import { formatBRL } from '~/lib/money';

export function optionLabel(o: { name: string; priceCents: number; deliveryBy: string }): string {
  return `${o.name} — ${o.priceCents === 0 ? 'Grátis' : formatBRL(o.priceCents)} — chega até ${formatDayMonth(o.deliveryBy)}`;
}

export function FreightChoice({
  quote,
  chosen,
  onChoose,
  itemNames,
  error,
}: {
  quote: FreightQuote | null;
  chosen: FreightChoices;
  onChoose: (parcelKey: string, serviceId: string) => void;
  /** Cart line id → the name the customer reads, for a split order's parcels. */
  itemNames: Record<string, string>;
  error?: string | undefined;
}) {
  if (!quote) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="freight-needs-cep">
        Informe o CEP de entrega para ver o frete e a data de chegada.
      </p>
    );
  }
  const split = quote.parcels.length > 1;
  return (
    <div className="grid gap-3" data-testid="freight-choice">
      {quote.unavailable ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {quote.unavailable}
        </p>
      ) : null}
      {quote.refusals.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100" data-testid="freight-refusals">
          <p className="font-semibold">Alguns itens não podem ser entregues neste CEP:</p>
          <ul className="mt-1 list-disc pl-5">
            {quote.refusals.map((r) => (
              <li key={r.itemKey}>{r.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {split ? <p className="text-sm text-slate-700 dark:text-slate-300">Seu pedido vai em {quote.parcels.length} pacotes: alguns produtos só podem ser levados por transportadoras que aceitam produtos perigosos.</p> : null}
      {quote.parcels.map((parcel, index) => (
        <fieldset key={parcel.key} className="grid gap-2" data-testid="freight-parcel">
          <legend className="mb-1 text-sm font-semibold">
            {split ? `Pacote ${index + 1} de ${quote.parcels.length}: ${parcel.itemKeys.map((k) => itemNames[k] ?? '').join(', ')}` : 'Entrega'}
          </legend>
          {parcel.options.map((o) => (
            <label
              key={o.serviceId}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
            >
              <input
                type="radio"
                name={`frete-${parcel.key}`}
                value={o.serviceId}
                checked={chosen[parcel.key] === o.serviceId}
                onChange={() => onChoose(parcel.key, o.serviceId)}
                className="accent-brand-700"
              />
              <span>{optionLabel(o)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
