// The subscriber's e-mails: the plan's reminders, renewals, failed payments, pause, resume, skip and
// cancellation, and the same for programmed deliveries. Texts are pure (tested); each is queued in
// the transaction of the change it tells about, with a dedupe key so a repeated job run sends once.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { user, userPreferences, type PaymentDetails } from '~/db/schema';
import { formatDateBR, formatDateTimeBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '~/lib/discounts';
import { PLAN_NAME } from '~/lib/plans';
import { getEnv } from '../infra/env.server';
import { enqueueMail, enqueueMails, type OutgoingMail } from '../mail/outbox.server';
import { notificationsUnsubscribeLink } from '../mail/unsubscribe.server';

export type SubscriptionEmail =
  | { kind: 'plan-reminder'; date: string; amount: string; method: string }
  | { kind: 'plan-renewed'; orderId: string; amount: string; next: string }
  | {
      kind: 'plan-renewal-pending';
      orderId: string;
      amount: string;
      payment: PaymentDetails;
      deadline: Date | null;
      retry: boolean;
      /** The subscription's own method when the store charged another (a card or boleto it no longer takes: Pix). */
      storedMethod?: PaymentDetails['method'];
    }
  | { kind: 'plan-payment-failed'; orderId: string; amount: string; reason: string; retryOn: Date }
  | { kind: 'plan-overdue'; orderId: string; amount: string }
  | { kind: 'plan-reactivated'; orderId: string; next: string }
  | { kind: 'plan-paused'; resumeOn: string }
  | { kind: 'plan-resume-notice'; resumeOn: string; amount: string }
  | { kind: 'plan-resumed'; next: string; automatic: boolean }
  | { kind: 'plan-skipped'; skipped: string; next: string }
  | { kind: 'plan-cancelled'; deliveriesCancelled: number }
  | { kind: 'delivery-reminder'; date: string; items: string[] }
  | {
      kind: 'delivery-placed';
      orderId: string;
      total: string;
      next: string;
      leftOut: string[];
      payment: PaymentDetails | null;
      deadline: Date | null;
      /** Charged without the subscriber's 10%: the plan is not paid through the delivery's date. */
      withoutDiscount?: boolean;
    }
  | { kind: 'delivery-not-sent'; date: string; next: string; reason: 'nothing-left' | 'declined' | 'not-charged'; leftOut: string[] }
  | { kind: 'delivery-paused' }
  | { kind: 'delivery-resumed'; next: string }
  | { kind: 'delivery-skipped'; skipped: string; next: string }
  | { kind: 'delivery-cancelled' };

export type Recipient = { name: string; email: string };

/** A programmed delivery due while the plan is not paid through its date is charged at full price (issue 30). */
export const DELIVERY_WITHOUT_DISCOUNT =
  `Esta entrega foi cobrada sem o desconto de assinante de ${SUBSCRIBER_DISCOUNT_PERCENT}%, porque sua Assinatura Inteligente não está paga para este período. O desconto volta quando a renovação da assinatura for paga.`;

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n');

function paymentText(payment: PaymentDetails, deadline: Date | null): string {
  const until = deadline ? `Pague até ${formatDateTimeBR(deadline)}.\n\n` : '';
  switch (payment.method) {
    case 'pix':
      return `${until}Pix copia e cola:\n${payment.copyPaste}`;
    case 'boleto':
      return `${until}Linha digitável do boleto (vence em ${formatDateBR(payment.dueDate)}):\n${payment.digitableLine}`;
    case 'credit_card':
      return `Cartão de crédito em ${payment.installments}x sem juros.`;
  }
}

/** Subject and plain text of a subscriber's e-mail (the HTML part is laid out from the text). */
export function subscriptionEmailText(email: SubscriptionEmail, to: Recipient): { subject: string; text: string } {
  const url = getEnv().publicUrl;
  const hello = `Olá, ${to.name}!`;
  const manage = `Gerencie sua assinatura: ${url}/area-cliente/assinaturas`;
  const order = (id: string) => `Ver o pedido ${shortOrderId(id)}: ${url}/pedido/${id}`;
  switch (email.kind) {
    case 'plan-reminder':
      return {
        subject: `Clarear: sua ${PLAN_NAME} renova em ${formatDateBR(email.date)}`,
        text: lines(hello, `Sua ${PLAN_NAME} renova em ${formatDateBR(email.date)}, no valor de ${formatPrice(email.amount)} (${PAYMENT_METHOD_LABELS[email.method] ?? email.method}).`, 'Quer pular esta renovação, pausar ou trocar a forma de pagamento? Você pode fazer isso até a data.', manage),
      };
    case 'plan-renewed':
      return {
        subject: `Clarear: renovação da ${PLAN_NAME} confirmada`,
        text: lines(hello, `Sua ${PLAN_NAME} foi renovada: recebemos ${formatPrice(email.amount)} (pedido ${shortOrderId(email.orderId)}).`, `Seus ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto continuam valendo. A próxima renovação é em ${formatDateBR(email.next)}.`, order(email.orderId)),
      };
    case 'plan-renewal-pending':
      return {
        subject: email.retry ? `Clarear: novo código para pagar a renovação da ${PLAN_NAME}` : `Clarear: pague a renovação da ${PLAN_NAME}`,
        text: lines(
          hello,
          `A renovação da sua ${PLAN_NAME} (pedido ${shortOrderId(email.orderId)}, ${formatPrice(email.amount)}) aguarda pagamento.`,
          email.storedMethod && email.storedMethod !== email.payment.method
            ? `A loja não está recebendo pagamentos com ${email.storedMethod === 'credit_card' ? 'cartão de crédito' : 'boleto'} no momento, então esta renovação foi gerada em ${email.payment.method === 'pix' ? 'Pix' : 'outra forma de pagamento'}. Nada foi cobrado no seu ${email.storedMethod === 'credit_card' ? 'cartão' : 'boleto'}.`
            : null,
          paymentText(email.payment, email.deadline),
          order(email.orderId),
        ),
      };
    case 'plan-payment-failed':
      return {
        subject: `Clarear: não conseguimos cobrar a renovação da ${PLAN_NAME}`,
        text: lines(hello, `A cobrança de ${formatPrice(email.amount)} da renovação da sua ${PLAN_NAME} (pedido ${shortOrderId(email.orderId)}) não foi aprovada: ${email.reason}.`, `Vamos tentar de novo em ${formatDateBR(email.retryOn)}. Se preferir, troque a forma de pagamento ou pague o pedido agora.`, order(email.orderId), manage),
      };
    case 'plan-overdue':
      return {
        subject: `Clarear: sua ${PLAN_NAME} foi pausada por falta de pagamento`,
        text: lines(hello, `Tentamos cobrar a renovação da sua ${PLAN_NAME} (${formatPrice(email.amount)}) e não conseguimos. A assinatura foi pausada e o desconto de assinante fica suspenso até o pagamento.`, `Para continuar, pague o pedido ${shortOrderId(email.orderId)} ou troque a forma de pagamento da assinatura: ela volta a valer na hora, no mesmo calendário.`, order(email.orderId), manage),
      };
    case 'plan-reactivated':
      return {
        subject: `Clarear: sua ${PLAN_NAME} está ativa de novo`,
        text: lines(hello, `Recebemos o pagamento do pedido ${shortOrderId(email.orderId)} e sua ${PLAN_NAME} voltou a valer, com os ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto.`, `A próxima renovação é em ${formatDateBR(email.next)}.`, manage),
      };
    case 'plan-paused':
      return {
        subject: `Clarear: sua ${PLAN_NAME} está pausada`,
        text: lines(hello, `Sua ${PLAN_NAME} está pausada: não haverá cobranças enquanto isso, e seus ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto continuam valendo.`, `Ela volta sozinha em ${formatDateBR(email.resumeOn)}, e avisamos uma semana antes. Você pode retomar antes quando quiser.`, manage),
      };
    case 'plan-resume-notice':
      return {
        subject: `Clarear: sua ${PLAN_NAME} volta em ${formatDateBR(email.resumeOn)}`,
        text: lines(hello, `A pausa da sua ${PLAN_NAME} termina em ${formatDateBR(email.resumeOn)}. Nesse dia a assinatura volta a valer e a renovação de ${formatPrice(email.amount)} é cobrada.`, 'Se preferir não continuar, cancele antes dessa data.', manage),
      };
    case 'plan-resumed':
      return {
        subject: `Clarear: sua ${PLAN_NAME} foi retomada`,
        text: lines(hello, email.automatic ? `A pausa de até 3 meses da sua ${PLAN_NAME} terminou e ela voltou a valer.` : `Sua ${PLAN_NAME} foi retomada.`, `A próxima renovação é em ${formatDateBR(email.next)}.`, manage),
      };
    case 'plan-skipped':
      return {
        subject: `Clarear: renovação de ${formatDateBR(email.skipped)} pulada`,
        text: lines(hello, `Pulamos a renovação da sua ${PLAN_NAME} de ${formatDateBR(email.skipped)}. A próxima é em ${formatDateBR(email.next)}.`, manage),
      };
    case 'plan-cancelled':
      return {
        subject: `Clarear: sua ${PLAN_NAME} foi cancelada`,
        text: lines(
          hello,
          `Sua ${PLAN_NAME} foi cancelada: não haverá novas cobranças, e o desconto de assinante deixa de valer.`,
          email.deliveriesCancelled > 0 ? `Suas entregas programadas (${email.deliveriesCancelled}) também foram canceladas.` : null,
          `Se mudar de ideia, é só assinar de novo: ${url}/assinatura`,
        ),
      };
    case 'delivery-reminder':
      return {
        subject: `Clarear: sua entrega programada sai em ${formatDateBR(email.date)}`,
        text: lines(hello, `Sua entrega programada será pedida em ${formatDateBR(email.date)}, com os preços do dia e ${SUBSCRIBER_DISCOUNT_PERCENT}% de desconto de assinante:`, email.items.map((i) => `- ${i}`).join('\n'), 'Quer pular esta entrega, mudar a frequência ou pausar? Você pode fazer isso até a data.', manage),
      };
    case 'delivery-placed':
      return {
        subject: `Clarear: entrega programada — pedido ${shortOrderId(email.orderId)}`,
        text: lines(
          hello,
          `Fizemos o pedido ${shortOrderId(email.orderId)} da sua entrega programada: ${formatPrice(email.total)}.`,
          email.withoutDiscount ? DELIVERY_WITHOUT_DISCOUNT : null,
          email.leftOut.length ? `Ficaram de fora desta entrega (não estão mais à venda ou estão esgotados):\n${email.leftOut.map((i) => `- ${i}`).join('\n')}` : null,
          email.payment && email.payment.method !== 'credit_card' ? paymentText(email.payment, email.deadline) : null,
          `A próxima entrega é em ${formatDateBR(email.next)}.`,
          order(email.orderId),
        ),
      };
    case 'delivery-not-sent':
      return {
        subject: `Clarear: entrega programada de ${formatDateBR(email.date)} não foi feita`,
        text: lines(
          hello,
          email.reason === 'declined'
            ? `O pagamento da sua entrega programada de ${formatDateBR(email.date)} não foi aprovado, então ela não foi feita.`
            : email.reason === 'not-charged'
              ? `Não conseguimos concluir a cobrança da sua entrega programada de ${formatDateBR(email.date)} por uma falha nossa, então ela não foi feita. Nada foi cobrado.`
              : `Nenhum item da sua entrega programada de ${formatDateBR(email.date)} está disponível agora, então ela foi pulada.`,
          email.leftOut.length ? `Itens indisponíveis:\n${email.leftOut.map((i) => `- ${i}`).join('\n')}` : null,
          `A próxima entrega é em ${formatDateBR(email.next)}.`,
          manage,
        ),
      };
    case 'delivery-paused':
      return { subject: 'Clarear: entrega programada pausada', text: lines(hello, 'Sua entrega programada está pausada: nenhum pedido será feito até você retomar.', manage) };
    case 'delivery-resumed':
      return { subject: 'Clarear: entrega programada retomada', text: lines(hello, `Sua entrega programada foi retomada. A próxima é em ${formatDateBR(email.next)}.`, manage) };
    case 'delivery-skipped':
      return {
        subject: `Clarear: entrega programada de ${formatDateBR(email.skipped)} pulada`,
        text: lines(hello, `Pulamos a entrega programada de ${formatDateBR(email.skipped)}. A próxima é em ${formatDateBR(email.next)}.`, manage),
      };
    case 'delivery-cancelled':
      return { subject: 'Clarear: entrega programada cancelada', text: lines(hello, 'Sua entrega programada foi cancelada. Nenhum novo pedido será feito.', manage) };
  }
}

const REMINDERS: readonly SubscriptionEmail['kind'][] = ['plan-reminder', 'delivery-reminder', 'plan-resume-notice'];

/**
 * Queues the e-mail for `userId` in the caller's transaction. Reminders are the optional
 * notifications: they go only to customers who keep receive_notifications on, and carry the
 * one-click unsubscribe link that turns it off. Everything else is about their money or their
 * order and always goes, without one. `dedupeKey` makes a repeated job run send once.
 */
export async function queueSubscriptionEmail(tx: Executor, userId: string | null, email: SubscriptionEmail, dedupeKey?: string): Promise<boolean> {
  // An erased account's subscription has nobody left to tell.
  if (userId === null) return false;
  const [row] = await tx
    .select({ name: user.name, email: user.email, notifications: userPreferences.receiveNotifications })
    .from(user)
    .leftJoin(userPreferences, and(eq(userPreferences.userId, user.id)))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return false;
  const optional = REMINDERS.includes(email.kind);
  if (optional && row.notifications === false) return false;
  const { subject, text } = subscriptionEmailText(email, row);
  const unsubscribe = optional ? notificationsUnsubscribeLink(userId) : undefined;
  const id = await enqueueMail(tx, { kind: email.kind, to: row.email, subject, text, dedupeKey, unsubscribe });
  return id !== null;
}

/** Customers looked up per query when queueing many e-mails. */
const LOOKUP_CHUNK = 500;

/**
 * `queueSubscriptionEmail` for many e-mails at once (a job's renewals and reminders): the same
 * rules and rows, with one lookup of the customers and one INSERT per 500. Returns how many were
 * queued (an opted-out reminder, an erased customer or a dedupe key already queued count nothing).
 */
export async function queueSubscriptionEmails(tx: Executor, items: readonly { userId: string | null; email: SubscriptionEmail; dedupeKey: string }[]): Promise<number> {
  let queued = 0;
  for (let start = 0; start < items.length; start += LOOKUP_CHUNK) {
    const chunk = items.slice(start, start + LOOKUP_CHUNK);
    const ids = [...new Set(chunk.map((i) => i.userId).filter((id): id is string => id !== null))];
    if (ids.length === 0) continue;
    const found = await tx
      .select({ id: user.id, name: user.name, email: user.email, notifications: userPreferences.receiveNotifications })
      .from(user)
      .leftJoin(userPreferences, eq(userPreferences.userId, user.id))
      .where(inArray(user.id, ids));
    const byId = new Map(found.map((r) => [r.id, r]));
    const mails: OutgoingMail[] = [];
    for (const item of chunk) {
      const row = item.userId === null ? undefined : byId.get(item.userId);
      if (!row) continue;
      const optional = REMINDERS.includes(item.email.kind);
      if (optional && row.notifications === false) continue;
      const { subject, text } = subscriptionEmailText(item.email, row);
      mails.push({ kind: item.email.kind, to: row.email, subject, text, dedupeKey: item.dedupeKey, unsubscribe: optional ? notificationsUnsubscribeLink(row.id) : undefined });
    }
    queued += await enqueueMails(tx, mails);
  }
  return queued;
}
