// A product's safety as the shopper reads it (issue 32; Decreto 7.962/2013 art. 2 III): its ANVISA line next
// to the price, a "Segurança" section (risk class, the label's warnings, first aid, transport of a dangerous
// good, the FDS), and for a kit the same of each product in it.
import { ChevronDown, FileText } from 'lucide-react';
import { anvisaLine, hasSafetyData, riskClassLabel, SDS_LINK_LABEL, sdsDownloadName, transportLine, type ProductSafety } from '~/lib/product-safety';
import type { KitItem } from '~/server/catalog/catalog.server';

/** "Produto notificado na ANVISA nº …", or nothing when the product has none recorded. */
export function AnvisaLine({ safety }: { safety: Pick<ProductSafety, 'anvisaKind' | 'anvisaNumber'> }) {
  const line = anvisaLine(safety.anvisaKind, safety.anvisaNumber);
  if (!line) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="anvisa-line">
      {line}
    </p>
  );
}

/**
 * The download link of an FDS. `productName` tells apart several links to a screen reader; `showName`
 * shows it too (a kit's contents listed without their names around).
 */
export function SdsLink({ url, productName, showName = false }: { url: string; productName?: string; showName?: boolean }) {
  return (
    <a
      href={url}
      download={sdsDownloadName(url) ?? true}
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2 dark:text-brand-200"
    >
      <FileText className="h-4 w-4 shrink-0" aria-hidden />
      {SDS_LINK_LABEL}
      {productName ? <span className={showName ? undefined : 'sr-only'}> — {productName}</span> : null}
    </a>
  );
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-900 dark:text-slate-100">{term}</dt>
      <dd className="whitespace-pre-line text-slate-700 dark:text-slate-300">{children}</dd>
    </div>
  );
}

function ProductSafetyBody({ safety }: { safety: ProductSafety }) {
  const anvisa = anvisaLine(safety.anvisaKind, safety.anvisaNumber);
  const risk = riskClassLabel(safety.riskClass);
  const transport = transportLine(safety.unNumber, safety.hazardClass);
  return (
    <div className="mt-2 grid gap-3 text-sm">
      <dl className="grid gap-2">
        {anvisa ? <Item term="Regularização">{anvisa}</Item> : null}
        {risk ? <Item term="Classe de risco">{risk}</Item> : null}
        {safety.safetyWarnings ? <Item term="Advertências">{safety.safetyWarnings}</Item> : null}
        {safety.firstAid ? <Item term="Primeiros socorros">{safety.firstAid}</Item> : null}
        {transport ? <Item term="Transporte">Produto perigoso: {transport}</Item> : null}
      </dl>
      {safety.sdsUrl ? (
        <p>
          <SdsLink url={safety.sdsUrl} />
        </p>
      ) : null}
    </div>
  );
}

/** A kit's products, each with its ANVISA line, risk class and FDS. */
export function KitSafetyList({ items }: { items: KitItem[] }) {
  return (
    <ul className="grid gap-3 text-sm">
      {items.map((item) => {
        const anvisa = anvisaLine(item.anvisaKind, item.anvisaNumber);
        const risk = riskClassLabel(item.riskClass);
        return (
          <li key={item.productId} className="grid gap-0.5">
            <span className="font-semibold text-slate-900 dark:text-slate-100">{item.name}</span>
            {anvisa ? <span className="text-slate-700 dark:text-slate-300">{anvisa}</span> : null}
            {risk ? <span className="text-slate-700 dark:text-slate-300">Classe de risco: {risk}</span> : null}
            {item.sdsUrl ? <SdsLink url={item.sdsUrl} productName={item.name} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function kitHasSafetyData(items: KitItem[]): boolean {
  return items.some((i) => anvisaLine(i.anvisaKind, i.anvisaNumber) || riskClassLabel(i.riskClass) || i.sdsUrl);
}

/** The collapsible "Segurança" section, like the product's other sections; nothing when there is nothing to say. */
export function SafetySection({ safety, isKit, items }: { safety: ProductSafety; isKit: boolean; items: KitItem[] }) {
  if (isKit ? !kitHasSafetyData(items) : !hasSafetyData(safety)) return null;
  return (
    <details className="group px-4 py-3" data-testid="safety-section">
      <summary className="flex cursor-pointer list-none items-center justify-between font-semibold [&::-webkit-details-marker]:hidden">
        Segurança
        <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      {isKit ? (
        <div className="mt-2">
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">Cada produto do kit, com sua regularização na ANVISA e sua ficha de segurança:</p>
          <KitSafetyList items={items} />
        </div>
      ) : (
        <ProductSafetyBody safety={safety} />
      )}
    </details>
  );
}
