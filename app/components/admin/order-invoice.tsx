// "Nota fiscal (NF-e)" on the admin's order page (issue 34): the order's sale note — status, number
// and series, access key, protocol, when it was authorised, SEFAZ's message when refused — with its
// files (DANFE, XML, cancellation XML) and what can be done: "Emitir NF-e" / "Enviar de novo" through
// Focus NFe (the page's fetcher, intent issue_invoice), and "Anexar NF-e emitida em outro sistema"
// (multipart to /admin/orders/:id/nfe) whenever no note is in force. A note still authorised for goods
// that will not stay sold (the order cancelled, goods returned) shows what the accountant must do.
import { useEffect, useRef, useState } from 'react';
import { useFetcher, type FetcherWithComponents } from 'react-router';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { formatDateTimeBR } from '~/lib/dates';
import { formatAccessKey } from '~/lib/fiscal';
import type { InvoiceSource, InvoiceStatus } from '~/lib/fiscal-codes';
import { INVOICE_STATUS_LABELS, invoiceFileUrl, MANUAL_CANCEL_INSTRUCTION, NO_INVOICE_LABEL, returnNoteInstruction } from '~/lib/invoice-status';
import type { ToastMessage } from '~/lib/toast';

export type OrderInvoiceView = {
  status: InvoiceStatus;
  source: InvoiceSource;
  number: number | null;
  series: number | null;
  accessKey: string | null;
  protocol: string | null;
  authorizedAt: Date | string | null;
  sefazMessage: string | null;
  hasDanfe: boolean;
  hasXml: boolean;
  hasCancelXml: boolean;
  /** Authorised less than 24 hours ago: SEFAZ still takes its cancellation. */
  cancelWindowOpen: boolean;
};

type AttachAnswer = { ok: true; toast: ToastMessage } | { ok: false; problems: string[] };

const STATUS_STYLES: Record<InvoiceStatus | 'none', string> = {
  none: 'border-slate-400 text-slate-800 dark:border-slate-500 dark:text-slate-200',
  processing: 'border-amber-600 text-amber-900 dark:border-amber-400 dark:text-amber-200',
  authorized: 'border-emerald-700 text-emerald-900 dark:border-emerald-400 dark:text-emerald-200',
  rejected: 'border-red-700 text-red-800 dark:border-red-400 dark:text-red-300',
  denied: 'border-red-700 text-red-800 dark:border-red-400 dark:text-red-300',
  cancelled: 'border-slate-500 text-slate-800 dark:border-slate-400 dark:text-slate-200',
};

const LINK = 'font-semibold text-brand-700 underline dark:text-brand-200';
const FILE_INPUT =
  'block w-full rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-semibold file:text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:file:bg-slate-800 dark:file:text-slate-100';

export function OrderInvoice<T>({
  orderId,
  orderStatus,
  invoice,
  focusConfigured,
  returnReceived,
  returnNoteInForce = false,
  fetcher,
  className,
}: {
  orderId: string;
  orderStatus: string;
  invoice: OrderInvoiceView | null;
  /** Focus NFe is configured (FOCUSNFE_TOKEN): the store can issue the note itself. */
  focusConfigured: boolean;
  /** Goods of this order came back (a return received, refunded or replaced) and no return note was issued. */
  returnReceived: boolean;
  /** A return note (entrada) of this order is authorised or being authorised: nothing left to tell. */
  returnNoteInForce?: boolean;
  /** The page's fetcher: "Emitir NF-e" posts intent=issue_invoice to the page's action (its toast). */
  fetcher: FetcherWithComponents<T>;
  className?: string;
}) {
  const status = invoice?.status ?? null;
  const inForce = status === 'processing' || status === 'authorized';
  const canIssue = focusConfigured && (orderStatus === 'paid' || orderStatus === 'preparing') && !inForce && status !== 'denied';
  const canAttach = !inForce && orderStatus !== 'pending' && orderStatus !== 'cancelled';
  const key = invoice?.accessKey ? formatAccessKey(invoice.accessKey) : null;
  const undone = status === 'authorized' && !returnNoteInForce && (orderStatus === 'cancelled' || returnReceived);
  let instruction: string | null = null;
  if (undone && invoice) {
    if (returnReceived || !invoice.cancelWindowOpen) instruction = returnNoteInstruction(key);
    else if (invoice.source === 'attached' || !focusConfigured) instruction = MANUAL_CANCEL_INSTRUCTION;
    else instruction = 'A NF-e será cancelada na SEFAZ automaticamente em instantes (dentro das 24 horas após a autorização).';
  }

  return (
    <section aria-labelledby="nota-fiscal" className={className} data-testid="order-invoice">
      <h2 id="nota-fiscal" className="text-lg font-bold">
        Nota fiscal (NF-e)
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className={`inline-block rounded-full border px-2 py-0.5 text-sm font-semibold ${STATUS_STYLES[status ?? 'none']}`} data-testid="invoice-status">
          {status ? INVOICE_STATUS_LABELS[status] : NO_INVOICE_LABEL}
        </span>
        {invoice?.source === 'attached' ? <span className="text-sm text-slate-700 dark:text-slate-300">Anexada (emitida em outro sistema)</span> : null}
      </p>

      {invoice && (invoice.number !== null || key) ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {invoice.number !== null ? (
            <>
              <dt className="font-semibold">Número / série</dt>
              <dd>
                {invoice.number} / {invoice.series ?? '—'}
              </dd>
            </>
          ) : null}
          {key ? (
            <>
              <dt className="font-semibold">Chave de acesso</dt>
              <dd className="font-mono break-all">{key}</dd>
            </>
          ) : null}
          {invoice.protocol ? (
            <>
              <dt className="font-semibold">Protocolo</dt>
              <dd className="font-mono">{invoice.protocol}</dd>
            </>
          ) : null}
          {invoice.authorizedAt ? (
            <>
              <dt className="font-semibold">Autorizada em</dt>
              <dd>{formatDateTimeBR(invoice.authorizedAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {status === 'processing' ? <p className="mt-2 text-sm">A SEFAZ está processando a nota. Esta página mostra o resultado quando ela responder.</p> : null}
      {(status === 'rejected' || status === 'denied') && invoice?.sefazMessage ? (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <span className="font-semibold">{status === 'denied' ? 'Uso denegado pela SEFAZ: ' : 'Rejeitada pela SEFAZ: '}</span>
          {invoice.sefazMessage}
        </p>
      ) : null}
      {status === 'denied' ? (
        <p className="mt-2 text-sm font-semibold">
          Uma nota denegada nunca pode ser enviada de novo: o número fica registrado na SEFAZ. Resolva a situação fiscal do emitente ou do destinatário com seu contador; para faturar
          estas mercadorias, cancele este pedido e faça um novo.
        </p>
      ) : null}
      {instruction ? (
        <p className="mt-3 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100" data-testid="invoice-instruction">
          {instruction}
        </p>
      ) : null}

      {invoice && (invoice.hasDanfe || invoice.hasXml || invoice.hasCancelXml) ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {invoice.hasDanfe ? (
            <a href={invoiceFileUrl(orderId, 'danfe.pdf')} className={LINK} download>
              DANFE (PDF)
            </a>
          ) : null}
          {invoice.hasXml ? (
            <a href={invoiceFileUrl(orderId, 'nfe.xml')} className={LINK} download>
              XML
            </a>
          ) : null}
          {invoice.hasCancelXml ? (
            <a href={invoiceFileUrl(orderId, 'cancelamento.xml')} className={LINK} download>
              XML do cancelamento
            </a>
          ) : null}
        </p>
      ) : null}

      {canIssue ? (
        <fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="issue_invoice" />
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            {status === 'rejected' ? 'Enviar de novo' : 'Emitir NF-e'}
          </Button>
        </fetcher.Form>
      ) : null}

      {canAttach ? <AttachForm orderId={orderId} mode="note" /> : null}
      {status === 'authorized' && orderStatus === 'cancelled' ? <AttachForm orderId={orderId} mode="cancel" /> : null}
    </section>
  );
}

function AttachForm({ orderId, mode }: { orderId: string; mode: 'note' | 'cancel' }) {
  const id = mode === 'note' ? 'nfe' : 'nfe-cancelamento';
  const fetcher = useFetcher<AttachAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      toast(answer.toast);
      form.current?.reset();
      setProblems([]);
    } else {
      setProblems(answer.problems);
    }
  }, [answer]);
  const invalid = problems.length > 0;
  return (
    <fetcher.Form ref={form} method="post" action={`/admin/orders/${orderId}/nfe`} encType="multipart/form-data" className="mt-5 grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      {mode === 'cancel' ? <input type="hidden" name="intent" value="cancel" /> : null}
      <h3 className="font-semibold">{mode === 'note' ? 'Anexar NF-e emitida em outro sistema' : 'Anexar o XML do cancelamento'}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mode === 'note'
          ? 'Envie o XML da nota autorizada (até 1 MB). Conferimos o emitente, o destinatário, o total e o ambiente antes de guardar. O DANFE em PDF é opcional (até 5 MB).'
          : 'Depois de cancelar a nota no sistema em que ela foi emitida, envie o XML do evento de cancelamento registrado pela SEFAZ: a nota passa a constar como cancelada.'}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-xml`}>{mode === 'note' ? 'XML da NF-e (obrigatório)' : 'XML do cancelamento (obrigatório)'}</Label>
        <input
          id={`${id}-xml`}
          name="xml"
          type="file"
          required
          accept=".xml,application/xml,text/xml"
          className={FILE_INPUT}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-problemas` : undefined}
        />
      </div>
      {mode === 'note' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="nfe-danfe">DANFE em PDF (opcional)</Label>
          <input id="nfe-danfe" name="danfe" type="file" accept=".pdf,application/pdf" className={FILE_INPUT} />
        </div>
      ) : null}
      {invalid ? (
        <div id={`${id}-problemas`} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{mode === 'note' ? 'A nota não foi anexada:' : 'O cancelamento não foi registrado:'}</p>
          <ul className="mt-1 list-disc pl-5" data-testid="attach-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Enviando...' : mode === 'note' ? 'Anexar NF-e' : 'Registrar cancelamento'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
