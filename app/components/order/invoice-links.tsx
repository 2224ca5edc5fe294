// The order's NF-e on the customer's pages (issue 34): "Nota fiscal nº 123 — baixar DANFE (PDF) / XML",
// once the note is authorised and its files kept. The links are served to the order's owner only.
import { invoiceFileUrl } from '~/lib/invoice-status';

export type InvoiceLinksView = { number: number | null; series: number | null; hasDanfe: boolean; hasXml: boolean };

const LINK = 'font-semibold text-brand-700 underline dark:text-brand-200';

export function InvoiceLinks({ orderId, invoice, className }: { orderId: string; invoice: InvoiceLinksView; className?: string }) {
  const number = invoice.number !== null ? `nº ${invoice.number}` : '';
  return (
    <p className={className} data-testid="invoice-links">
      <span>Nota fiscal {number}</span> — baixar{' '}
      {invoice.hasDanfe ? (
        <a href={invoiceFileUrl(orderId, 'danfe.pdf')} className={LINK} download>
          DANFE (PDF)<span className="sr-only"> da nota fiscal {number}</span>
        </a>
      ) : null}
      {invoice.hasDanfe && invoice.hasXml ? ' / ' : null}
      {invoice.hasXml ? (
        <a href={invoiceFileUrl(orderId, 'nfe.xml')} className={LINK} download>
          XML<span className="sr-only"> da nota fiscal {number}</span>
        </a>
      ) : null}
    </p>
  );
}
