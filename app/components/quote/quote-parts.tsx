// What the admin's and the customer's quote pages share: the status badge, the lines with list and
// answered prices, and the thread of messages.
import type { ReactNode } from 'react';
import { formatDateTimeBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { QUOTE_STATUS_LABELS, type QuoteAuthor, type QuoteStatus } from '~/lib/quotes';
import { cn } from '~/lib/cn';

const BADGE: Record<QuoteStatus, string> = {
  new: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  answered: 'bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50',
  accepted: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50',
  declined: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  expired: 'bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-bold', BADGE[status])} data-testid="quote-status">
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

export type QuoteLineView = { id: string; productName: string; size: string | null; quantity: number; listCents: number; unitCents: number | null };

/** The lines: quantity, list price when asked, the answered unit price and line total. `priceCell` replaces the answered price (the admin's input). */
export function QuoteLines({ items, caption, priceCell }: { items: QuoteLineView[]; caption: string; priceCell?: (item: QuoteLineView) => ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="quote-lines">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Produto</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Qtd.</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Preço de tabela</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Preço orçado (un.)</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Total</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="px-3 py-2 font-semibold">
                {item.productName}
                {item.size ? <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{item.size}</span> : null}
              </th>
              <td className="px-3 py-2 text-right">{item.quantity}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatBRL(item.listCents)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{priceCell ? priceCell(item) : item.unitCents === null ? '—' : formatBRL(item.unitCents)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{item.unitCents === null ? '—' : formatBRL(item.unitCents * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type QuoteMessageView = { id: string; author: QuoteAuthor; authorName: string | null; body: string; createdAt: Date | string };

/** The thread, oldest first; `selfAuthor` is the side reading it ("Você"). */
export function QuoteThread({ messages, selfAuthor }: { messages: QuoteMessageView[]; selfAuthor: QuoteAuthor }) {
  if (messages.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">Nenhuma mensagem ainda.</p>;
  return (
    <ol className="grid gap-3" data-testid="quote-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          className={cn(
            'rounded-lg border p-3 text-sm',
            m.author === 'admin' ? 'border-brand-200 bg-brand-50 dark:border-slate-600 dark:bg-slate-800' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
          )}
        >
          <p className="text-xs font-semibold text-slate-700 dark:text-slate-300">
            {m.author === selfAuthor ? 'Você' : m.author === 'admin' ? 'Loja Clarear' : (m.authorName ?? 'Cliente')} · {formatDateTimeBR(m.createdAt)}
          </p>
          <p className="mt-1 whitespace-pre-line">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
