// Who sells (Decreto 7.962/2013 art. 2, I–II), written one way wherever a page shows it: the footer
// of every page, /contato and the legal pages ("Quem vende"), the order page ("Vendido por").
// The data come from /admin/settings through the root loader (useStoreSettings().seller); the
// lines themselves from lib/seller.ts, which the e-mails and the packing slip use too.
import { useId } from 'react';
import { cn } from '~/lib/cn';
import { useStoreSettings } from '~/lib/root-data';
import { answerTimeLabel, sellerLines, type PublicSeller } from '~/lib/seller';

type Props = { seller: PublicSeller; className?: string };

/** The footer's lines: razão social with CNPJ and IE, the address, then the service hours and answer time. */
export function SellerIdentityLines({ seller, hours, className }: Props & { hours: string }) {
  const lines = sellerLines(seller);
  if (lines.length === 0) return null;
  return (
    <address className={cn('not-italic', className)} data-testid="seller-identity">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      <span className="block">
        Atendimento: {hours} · resposta em {answerTimeLabel(seller.answerDays)}
      </span>
    </address>
  );
}

/** "Quem vende": every fact on its own line, for /contato and the legal pages. */
export function SellerIdentityBlock({ seller, hours, title = 'Quem vende', className }: Props & { hours: string; title?: string }) {
  const titleId = useId();
  if (sellerLines(seller).length === 0) return null;
  const facts: [string, string][] = [
    ['Razão social', seller.legalName],
    ['Nome fantasia', seller.tradeName],
    ['CNPJ', seller.cnpj],
    ['Inscrição estadual', seller.stateRegistration],
    ['Endereço', seller.address],
    ['Atendimento', hours],
    ['Prazo de resposta', answerTimeLabel(seller.answerDays)],
  ];
  return (
    <section aria-labelledby={titleId} className={cn('rounded-xl border border-slate-200 p-6 dark:border-slate-800', className)} data-testid="seller-identity-block">
      <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] dark:text-slate-300">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-900 dark:text-slate-100">{label}</dt>
              <dd className="mb-1 sm:mb-0">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** "Quem vende" with the store's current details (root loader): the legal pages. */
export function StoreSellerBlock(props: { title?: string; className?: string }) {
  const { seller, hours } = useStoreSettings();
  return <SellerIdentityBlock seller={seller} hours={hours} {...props} />;
}

/** "Vendido por …" with the store's current details (root loader): the customer's order page. */
export function StoreSoldBy({ className }: { className?: string }) {
  return <SoldBy seller={useStoreSettings().seller} className={className} />;
}

/** "Vendido por …": razão social and CNPJ. */
export function SoldBy({ seller, className }: Props) {
  if (!seller.legalName) return null;
  return (
    <p className={cn('text-sm text-slate-700 dark:text-slate-300', className)} data-testid="sold-by">
      Vendido por <strong className="font-semibold text-slate-900 dark:text-white">{seller.legalName}</strong>
      {seller.cnpj ? ` · CNPJ ${seller.cnpj}` : ''}
    </p>
  );
}
