// An invoiced order's fatura (issue 35) on its pages: the state in words (never "pago" before it
// is), the amount, the due date and how to pay — the merchant's instructions, the embedded boleto.
import { formatPrice } from '~/lib/money';
import { invoicedPaymentLine, type ReceivableStatus } from '~/lib/receivables';

export type FaturaView = { status: ReceivableStatus; dueDate: string; amount: string; instructions: string };

export function FaturaBox({ fatura }: { fatura: FaturaView }) {
  const unpaid = fatura.status === 'open' || fatura.status === 'overdue';
  return (
    <div className="mt-2 grid gap-2" data-testid="fatura">
      <p className={`font-semibold ${fatura.status === 'overdue' ? 'text-red-700 dark:text-red-300' : 'text-brand-800 dark:text-brand-200'}`} role="status">
        {invoicedPaymentLine(fatura)} · {formatPrice(fatura.amount)}
      </p>
      {unpaid && fatura.instructions ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
          <p className="font-semibold">Como pagar</p>
          <p className="mt-1 whitespace-pre-wrap break-words">{fatura.instructions}</p>
        </div>
      ) : null}
    </div>
  );
}
