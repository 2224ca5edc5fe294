// "Resumo do contrato" before "Pagar Agora" (Decreto 7.962/2013 art. 4, I): who sells, what, for how
// much, how it is delivered and paid, the right of withdrawal, and the Termos de Uso accepted —
// ticked only where they changed since the customer's last purchase (lib/contract).
import { Link } from 'react-router';
import { deliveryTerms, type DeliveryTermsParcel, PLAN_WITHDRAWAL_SENTENCE, PRIVACY_SLUG, RETURNS_SLUG, TERMS_SLUG, WITHDRAWAL_SENTENCE } from '~/lib/contract';
import { formatBRL } from '~/lib/money';
import type { PublicSeller } from '~/lib/seller';

export type ContractLine = { key: string; name: string; size: string | null; quantity: number; unitCents: number };

export type ContractTerms = { version: number | null; required: boolean; changed: boolean; privacyVersion: number | null };

const LINK = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200';

export function ContractSummary({
  seller,
  lines,
  parcels,
  totalCents,
  payment,
  hasPlan,
  terms,
  accepted,
  onAcceptedChange,
  error,
}: {
  seller: PublicSeller;
  lines: ContractLine[];
  /** The freight chosen per parcel, as quoted; empty before a CEP. */
  parcels: DeliveryTermsParcel[];
  /** Null while the server prices the cart. */
  totalCents: number | null;
  /** 'Pix, à vista' / 'Cartão de crédito: 3x de R$ 10,00 sem juros'. */
  payment: string;
  hasPlan: boolean;
  terms: ContractTerms;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  error?: string | undefined;
}) {
  const name = seller.legalName || seller.tradeName || 'Clarear';
  return (
    <section aria-labelledby="resumo-contrato" className="grid gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900" data-testid="contract-summary">
      <h3 id="resumo-contrato" className="text-base font-bold">
        Resumo do contrato
      </h3>
      <dl className="grid gap-2">
        <div>
          <dt className="font-semibold">Vendedor</dt>
          <dd>
            {name}
            {seller.cnpj ? ` — CNPJ ${seller.cnpj}` : ''}
            {seller.address ? <span className="block">{seller.address}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Itens</dt>
          <dd>
            <ul>
              {lines.map((l) => (
                <li key={l.key}>
                  {l.quantity}× {l.name}
                  {l.size ? ` (${l.size})` : ''}: {formatBRL(l.unitCents * l.quantity)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Frete e entrega</dt>
          <dd>{deliveryTerms(parcels)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Total</dt>
          <dd>{totalCents === null ? 'Calculando...' : formatBRL(totalCents)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Pagamento</dt>
          <dd>{payment}</dd>
        </div>
        <div>
          <dt className="font-semibold">Direito de arrependimento</dt>
          <dd>
            {WITHDRAWAL_SENTENCE}
            {hasPlan ? ` ${PLAN_WITHDRAWAL_SENTENCE}` : ''}{' '}
            <Link to={`/${RETURNS_SLUG}`} target="_blank" className={LINK}>
              Trocas e Devoluções
            </Link>
          </dd>
        </div>
      </dl>
      {terms.version === null ? null : terms.required ? (
        <div className="grid gap-1">
          {terms.changed ? <p>Os Termos de Uso mudaram desde a sua última compra. Leia a nova versão antes de pagar.</p> : null}
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={accepted}
              onChange={(e) => onAcceptedChange(e.target.checked)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'aceite-termos-erro' : undefined}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              Li e aceito os{' '}
              <Link to={`/${TERMS_SLUG}`} target="_blank" className={LINK}>
                Termos de Uso
              </Link>
            </span>
          </label>
          {error ? (
            <p id="aceite-termos-erro" className="font-semibold text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <p>
          Ao pagar, você confirma os{' '}
          <Link to={`/${TERMS_SLUG}`} target="_blank" className={LINK}>
            Termos de Uso
          </Link>{' '}
          (versão {terms.version}), que aceitou na sua última compra.
        </p>
      )}
      {terms.privacyVersion === null ? null : (
        <p>
          Seus dados são tratados conforme a{' '}
          <Link to={`/${PRIVACY_SLUG}`} target="_blank" className={LINK}>
            Política de Privacidade
          </Link>
          .
        </p>
      )}
    </section>
  );
}
