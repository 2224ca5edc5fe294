// A quote's e-mails (issue 35): each step tells the other side. To the store (the contact address
// of /admin/settings): asked, a customer's message, accepted, declined. To the customer: asked
// (confirmation), answered, a store's message. Queued in the step's transaction, once per step
// (dedupe key).
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { storeSettings, user } from '~/db/schema';
import { formatDateBR } from '~/lib/dates';
import { formatBRL } from '~/lib/money';
import { quoteNumber } from '~/lib/quotes';
import { getEnv } from '../infra/env.server';
import { enqueueMail } from '../mail/outbox.server';

export type QuoteMailKind = 'requested' | 'requested-store' | 'answered' | 'message-to-customer' | 'message-to-store' | 'accepted-store' | 'declined-store';

type MailQuote = { id: string; userId: string | null; version: number; freightCents: number | null; validUntil: string | null; totalCents: number | null };

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n');

async function storeAddress(db: Executor): Promise<string> {
  const [row] = await db.select({ email: storeSettings.contactEmail }).from(storeSettings).where(eq(storeSettings.id, 1));
  return row?.email || getEnv().STORE_EMAIL;
}

async function customerOf(db: Executor, userId: string | null): Promise<{ name: string; email: string } | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row ?? null;
}

/** Queues the e-mail of a step; `key` makes it once (a message's id, the answer's version…). */
export async function queueQuoteEmail(db: Executor, kind: QuoteMailKind, quote: MailQuote, key: string, extra: { body?: string; orderId?: string } = {}): Promise<void> {
  const number = quoteNumber(quote.id);
  const url = getEnv().publicUrl;
  const customerLink = `Veja o orçamento: ${url}/area-cliente/orcamentos/${quote.id}`;
  const adminLink = `Abra o orçamento: ${url}/admin/orcamentos/${quote.id}`;
  const customer = await customerOf(db, quote.userId);
  const toStore = kind === 'requested-store' || kind === 'message-to-store' || kind === 'accepted-store' || kind === 'declined-store';
  const to = toStore ? await storeAddress(db) : customer?.email;
  if (!to) return;
  const who = customer ? `${customer.name} (${customer.email})` : 'Cliente';
  const hello = customer ? `Olá, ${customer.name}!` : 'Olá!';
  let subject: string;
  let text: string;
  switch (kind) {
    case 'requested':
      subject = `Clarear: recebemos seu pedido de orçamento ${number}`;
      text = lines(hello, `Recebemos seu pedido de orçamento ${number}. Vamos responder com os preços de cada item assim que possível.`, customerLink);
      break;
    case 'requested-store':
      subject = `[Orçamento] Novo pedido de orçamento ${number}`;
      text = lines(`${who} pediu um orçamento.`, extra.body ? `Observação: ${extra.body}` : null, adminLink);
      break;
    case 'answered':
      subject = `Clarear: seu orçamento ${number} foi respondido`;
      text = lines(
        hello,
        `Respondemos seu orçamento ${number}.`,
        quote.totalCents !== null ? `Total: ${formatBRL(quote.totalCents)}${quote.freightCents !== null ? ` (frete de ${formatBRL(quote.freightCents)} incluído)` : ' mais o frete, calculado na finalização'}.` : null,
        quote.validUntil ? `Válido até ${formatDateBR(quote.validUntil)}.` : null,
        extra.body ? `Mensagem da loja: ${extra.body}` : null,
        `Para aceitar ou recusar: ${url}/area-cliente/orcamentos/${quote.id}`,
      );
      break;
    case 'message-to-customer':
      subject = `Clarear: nova mensagem no orçamento ${number}`;
      text = lines(hello, `A loja escreveu no orçamento ${number}:`, extra.body, customerLink);
      break;
    case 'message-to-store':
      subject = `[Orçamento] Nova mensagem no orçamento ${number}`;
      text = lines(`${who} escreveu no orçamento ${number}:`, extra.body, adminLink);
      break;
    case 'accepted-store':
      subject = `[Orçamento] Orçamento ${number} aceito`;
      text = lines(`${who} aceitou o orçamento ${number}.`, extra.orderId ? `Pedido: ${url}/admin/orders/${extra.orderId}` : null, adminLink);
      break;
    case 'declined-store':
      subject = `[Orçamento] Orçamento ${number} recusado`;
      text = lines(`${who} recusou o orçamento ${number}.`, adminLink);
      break;
  }
  await enqueueMail(db, { kind: `quote-${kind}`, to, subject, text, ...(toStore && customer ? { replyTo: customer.email } : {}), dedupeKey: `quote:${quote.id}:${kind}:${key}` });
}
