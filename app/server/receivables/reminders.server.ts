// The receivables job (issue 35): open faturas past their due day become overdue, and each unpaid
// fatura's reminders go to the company's owner and the order's buyer — 3 days before, on the day,
// 3 days after — each once (the outbox's dedupe key per fatura, kind and person).
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { companies, companyMembers, orders, receivables, user, type PaymentDetails } from '~/db/schema';
import { formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { todayInBrazil } from '~/lib/plans';
import { addCalendarDays, formatDueDate, REMINDER_SUBJECTS, reminderDue, type ReminderKind } from '~/lib/receivables';
import { getEnv } from '../infra/env.server';
import { enqueueMails, kickMailDelivery, type OutgoingMail } from '../mail/outbox.server';
import { invoicedSettings } from './credit.server';
import { boletoOf, howToPayText } from './faturas.server';
import { markOverdueReceivables } from './transitions.server';

export type ReceivablesRun = { overdue: number; reminders: number };

export async function runReceivables(db: Database): Promise<ReceivablesRun> {
  const overdue = await markOverdueReceivables(db);
  const reminders = await sendReceivableReminders(db);
  if (reminders) kickMailDelivery(db);
  return { overdue, reminders };
}

/** Queues the reminders due today; returns how many were new. */
export async function sendReceivableReminders(db: Database): Promise<number> {
  const today = todayInBrazil();
  // Only faturas whose first reminder day has come.
  const due = await db
    .select({ id: receivables.id, orderId: receivables.orderId, companyId: receivables.companyId, amount: receivables.amount, dueDate: receivables.dueDate, paymentDetails: receivables.paymentDetails, buyerId: orders.userId, legalName: companies.legalName })
    .from(receivables)
    .innerJoin(orders, eq(orders.id, receivables.orderId))
    .innerJoin(companies, eq(companies.id, receivables.companyId))
    .where(and(inArray(receivables.status, ['open', 'overdue']), lte(receivables.dueDate, addCalendarDays(today, 3))));
  if (due.length === 0) return 0;
  const owners = await db
    .select({ companyId: companyMembers.companyId, userId: user.id, name: user.name, email: user.email })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(and(eq(companyMembers.role, 'owner'), inArray(companyMembers.companyId, [...new Set(due.map((d) => d.companyId))])));
  const buyerIds = [...new Set(due.map((d) => d.buyerId).filter((id): id is string => id !== null))];
  // The buyer while still a member of the company: a removed buyer hears nothing more of its faturas.
  const buyers = buyerIds.length
    ? await db
        .select({ id: user.id, name: user.name, email: user.email, companyId: companyMembers.companyId })
        .from(user)
        .innerJoin(companyMembers, eq(companyMembers.userId, user.id))
        .where(inArray(user.id, buyerIds))
    : [];
  const { instructions } = await invoicedSettings(db);
  const mails: OutgoingMail[] = [];
  for (const fatura of due) {
    const kind = reminderDue(fatura.dueDate, today);
    if (!kind) continue;
    const people = new Map<string, { name: string; email: string }>();
    for (const o of owners) if (o.companyId === fatura.companyId) people.set(o.userId, o);
    const buyer = buyers.find((b) => b.id === fatura.buyerId && b.companyId === fatura.companyId);
    if (buyer) people.set(buyer.id, { name: buyer.name, email: buyer.email });
    for (const [userId, person] of people) mails.push(reminderMail(kind, fatura, person, userId, instructions));
  }
  return mails.length ? enqueueMails(db, mails) : 0;
}

function reminderMail(
  kind: ReminderKind,
  fatura: { id: string; orderId: string; amount: string; dueDate: string; legalName: string; paymentDetails: PaymentDetails | null },
  person: { name: string; email: string },
  userId: string,
  instructions: string,
): OutgoingMail {
  const number = shortOrderId(fatura.orderId);
  const when = kind === 'after' ? `venceu em ${formatDueDate(fatura.dueDate)} e ainda não identificamos o pagamento. Enquanto estiver em aberto, novos pedidos faturados da empresa ficam bloqueados.` : kind === 'due' ? 'vence hoje.' : `vence em ${formatDueDate(fatura.dueDate)}.`;
  const text = [
    `Olá, ${person.name}!`,
    `A fatura do pedido ${number} de ${fatura.legalName} (${formatPrice(fatura.amount)}) ${when}`,
    // The gateway's boleto when issued (issue 35), else the merchant's instructions.
    howToPayText({ boleto: boletoOf(fatura.paymentDetails), instructions }),
    `Suas faturas: ${getEnv().publicUrl}/area-cliente/faturas`,
    'Se você já pagou, desconsidere este e-mail.',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { kind: `receivable-reminder-${kind}`, to: person.email, subject: `Clarear: ${REMINDER_SUBJECTS[kind](fatura.dueDate)} — pedido ${number}`, text, dedupeKey: `fatura:${fatura.id}:lembrete:${kind}:${userId}` };
}
