// An invoiced order's fatura (issue 35) on its pages: the state in words (never "pago" before it
// is), the amount, the due date and how to pay — the gateway's boleto when one was issued (its
// digitable line to copy and its PDF), else the merchant's own instructions.
import { formatPrice } from '~/lib/money';
import { formatDueDate, invoicedPaymentLine, type ReceivableStatus } from '~/lib/receivables';

export type FaturaView = { status: ReceivableStatus; dueDate: string; amount: string; instructions: string; boleto?: { digitableLine: string; dueDate: string; pdfUrl?: string } | null };

/** The gateway's boleto of a fatura: its line (selectable, to copy) and its PDF. */
export function FaturaBoletoLines({ boleto }: { boleto: NonNullable<FaturaView['boleto']> }) {
  return (
    <div data-testid="fatura-boleto">
      <p className="font-semibold">Boleto · vence em {formatDueDate(boleto.dueDate)}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Linha digitável:</p>
      <p className="font-mono break-all select-all" data-testid="fatura-boleto-line">
        {boleto.digitableLine}
      </p>
      {boleto.pdfUrl ? (
        <a href={boleto.pdfUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block text-brand-700 underline dark:text-brand-200">
          Abrir o boleto em PDF<span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : null}
    </div>
  );
}

export function FaturaBox({ fatura }: { fatura: FaturaView }) {
  const unpaid = fatura.status === 'open' || fatura.status === 'overdue';
  return (
    <div className="mt-2 grid gap-2" data-testid="fatura">
      <p className={`font-semibold ${fatura.status === 'overdue' ? 'text-red-700 dark:text-red-300' : 'text-brand-800 dark:text-brand-200'}`} role="status">
        {invoicedPaymentLine(fatura)} · {formatPrice(fatura.amount)}
      </p>
      {unpaid && fatura.boleto ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
          <FaturaBoletoLines boleto={fatura.boleto} />
        </div>
      ) : unpaid && fatura.instructions ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
          <p className="font-semibold">Como pagar</p>
          <p className="mt-1 whitespace-pre-wrap break-words">{fatura.instructions}</p>
        </div>
      ) : null}
    </div>
  );
}
