// The customer's e-mails about a return or withdrawal: the request received with its protocol (the
// immediate confirmation Decreto 7.962/2013 art. 5 requires), approved with the return
// instructions, rejected with the reason, goods received, refunded (how much and how), replaced.
// Each is queued (mail/outbox) in the same transaction as the step it tells about, once per
// return and kind (dedupe key).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { orderItems, orders, returnItems, returns, user } from '~/db/schema';
import { formatDateTimeBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { shortOrderId } from '~/lib/order-status';
import { RETURN_RESOLUTION_LABELS, WITHDRAWAL_DAYS } from '~/lib/returns';
import { getEnv } from '../infra/env.server';
import type { EmailContent } from '../mail/html.server';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.server';

export type ReturnEmailKind = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'replaced';

type ReturnRow = typeof returns.$inferSelect;
export type ReturnEmailData = {
  ret: Pick<ReturnRow, 'id' | 'protocol' | 'kind' | 'orderId' | 'reason' | 'instructions' | 'rejectReason' | 'resolution' | 'refundAmount' | 'refundStatus' | 'refundPixKey' | 'answerDueAt' | 'replacementOrderId'>;
  buyer: { name: string; email: string };
  paymentMethod: string | null;
  items: { productName: string; size: string | null; quantity: number }[];
  /** A refund made: by the gateway (null) or by Pix to the customer's key. */
  manualRefund?: boolean;
};

const lines = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n');

function itemsText(items: ReturnEmailData['items']): string | null {
  if (items.length === 0) return null;
  return items.map((i) => `- ${i.quantity}× ${i.productName}${i.size ? ` (${i.size})` : ''}`).join('\n');
}

/** How the money goes back, in the customer's words. */
function refundHow(data: ReturnEmailData): string {
  if (data.manualRefund) return data.ret.refundPixKey ? `por Pix, para a chave ${data.ret.refundPixKey}` : 'por Pix, para a chave que você informou';
  return data.paymentMethod === 'credit_card' ? 'por estorno no seu cartão de crédito' : 'pela mesma forma de pagamento';
}

/** The e-mail for `kind` (subject and plain text). */
export function returnEmail(kind: ReturnEmailKind, data: ReturnEmailData): { subject: string; text: string } {
  const { ret, buyer } = data;
  const order = shortOrderId(ret.orderId);
  const hello = `Olá, ${buyer.name}!`;
  const protocol = `Protocolo: ${ret.protocol}`;
  const follow = ret.kind === 'plan' ? `Acompanhe em: ${getEnv().publicUrl}/area-cliente/assinaturas` : `Acompanhe pelo seu pedido: ${getEnv().publicUrl}/pedido/${ret.orderId}`;
  const amount = ret.refundAmount === null ? null : formatPrice(ret.refundAmount);
  switch (kind) {
    case 'requested':
      if (ret.kind === 'plan') {
        return {
          subject: `Clarear: desistência da assinatura recebida — protocolo ${ret.protocol}`,
          text: lines(
            hello,
            `Recebemos sua desistência da Assinatura Inteligente, feita dentro dos ${WITHDRAWAL_DAYS} dias da compra (Código de Defesa do Consumidor, art. 49). A assinatura foi cancelada.`,
            protocol,
            amount ? `Vamos devolver ${amount}, o valor integral do plano, ${refundHow(data)}. Avisaremos quando o reembolso for concluído.` : null,
            follow,
          ),
        };
      }
      return {
        subject: `Clarear: ${ret.kind === 'defect' ? 'pedido de troca ou reembolso' : 'pedido de devolução'} recebido — protocolo ${ret.protocol}`,
        text: lines(
          hello,
          ret.kind === 'defect'
            ? `Recebemos seu pedido de troca ou reembolso por defeito de itens do pedido ${order}.`
            : `Recebemos sua desistência da compra do pedido ${order} (direito de arrependimento, Código de Defesa do Consumidor, art. 49).`,
          protocol,
          itemsText(data.items),
          ret.reason ? `${ret.kind === 'defect' ? 'Defeito informado' : 'Motivo informado'}: ${ret.reason}` : null,
          `Vamos responder até ${formatDateTimeBR(ret.answerDueAt)} com as instruções para enviar os produtos de volta, sem custo para você.`,
          ret.kind === 'withdrawal' ? 'Assim que recebermos os produtos, devolvemos o valor pago, incluindo o frete.' : null,
          follow,
        ),
      };
    case 'approved':
      return {
        subject: `Clarear: devolução aprovada — protocolo ${ret.protocol}`,
        text: lines(
          hello,
          `Aprovamos a devolução dos itens do pedido ${order}. Veja como enviar os produtos de volta, sem custo para você:`,
          ret.instructions,
          protocol,
          ret.kind === 'defect' && ret.resolution ? `Resolução: ${RETURN_RESOLUTION_LABELS[ret.resolution].toLowerCase()}.` : null,
          follow,
        ),
      };
    case 'rejected':
      return {
        subject: `Clarear: devolução não aprovada — protocolo ${ret.protocol}`,
        text: lines(
          hello,
          `Não pudemos aprovar a devolução dos itens do pedido ${order}.`,
          ret.rejectReason ? `Motivo: ${ret.rejectReason}` : null,
          protocol,
          'Se discordar ou tiver dúvidas, responda a este e-mail ou fale com a gente pela página de contato.',
          follow,
        ),
      };
    case 'received':
      return {
        subject: `Clarear: recebemos os produtos devolvidos — protocolo ${ret.protocol}`,
        text: lines(
          hello,
          `Os produtos devolvidos do pedido ${order} chegaram.`,
          itemsText(data.items),
          ret.resolution === 'replacement'
            ? 'Vamos enviar a substituição sem custo e avisaremos quando ela sair.'
            : amount && ret.refundStatus === 'pending'
              ? `Vamos devolver ${amount} ${refundHow(data)} e avisaremos quando o reembolso for concluído.`
              : null,
          protocol,
          follow,
        ),
      };
    case 'refunded':
      return {
        subject: `Clarear: reembolso feito — protocolo ${ret.protocol}`,
        text: lines(
          hello,
          `Devolvemos ${amount ?? formatPrice(0)} ${ret.kind === 'plan' ? 'da sua Assinatura Inteligente' : `do pedido ${order}`}, ${refundHow(data)}.`,
          !data.manualRefund && data.paymentMethod === 'credit_card' ? 'No cartão de crédito, o estorno aparece na fatura em até duas faturas, conforme o banco.' : null,
          protocol,
          follow,
        ),
      };
    case 'replaced':
      return {
        subject: `Clarear: substituição enviada — protocolo ${ret.protocol}`,
        text: lines(
          hello,
          `Registramos a troca dos itens com defeito do pedido ${order}.`,
          itemsText(data.items),
          ret.replacementOrderId
            ? `A substituição vai no pedido ${shortOrderId(ret.replacementOrderId)}, sem custo; você receberá o código de rastreio quando ele for enviado: ${getEnv().publicUrl}/pedido/${ret.replacementOrderId}`
            : 'Vamos enviar a substituição sem custo e avisaremos quando ela sair.',
          protocol,
          follow,
        ),
      };
  }
}

const HEADINGS: Record<ReturnEmailKind, string> = {
  requested: 'Pedido recebido',
  approved: 'Devolução aprovada',
  rejected: 'Devolução não aprovada',
  received: 'Produtos recebidos',
  refunded: 'Reembolso feito',
  replaced: 'Substituição enviada',
};

export function returnMail(kind: ReturnEmailKind, data: ReturnEmailData): OutgoingMail {
  const mail = returnEmail(kind, data);
  const link = (p: string) => p.startsWith('Acompanhe ');
  const content: EmailContent = {
    preview: `Protocolo ${data.ret.protocol}: ${HEADINGS[kind].toLowerCase()}`,
    heading: `${data.ret.kind === 'plan' && kind === 'requested' ? 'Desistência recebida' : HEADINGS[kind]} — protocolo ${data.ret.protocol}`,
    paragraphs: mail.text.split('\n\n').filter((p) => !link(p)),
    button: data.ret.kind === 'plan' ? { label: 'Ver minhas assinaturas', url: `${getEnv().publicUrl}/area-cliente/assinaturas` } : { label: 'Ver meu pedido', url: `${getEnv().publicUrl}/pedido/${data.ret.orderId}` },
  };
  return { kind: `return-${kind}`, to: data.buyer.email, ...mail, content, dedupeKey: `return:${data.ret.id}:${kind}` };
}

/** Queues the e-mail about `returnId` in the caller's transaction; an erased account's return has nobody to tell. */
export async function queueReturnEmail(tx: Executor, kind: ReturnEmailKind, returnId: string, options: { manualRefund?: boolean } = {}): Promise<void> {
  const [row] = await tx
    .select({ ret: returns, name: user.name, email: user.email, paymentMethod: orders.paymentMethod })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(user, eq(user.id, returns.userId))
    .where(eq(returns.id, returnId));
  if (!row) return;
  const items = await tx
    .select({ productName: orderItems.productName, size: orderItems.size, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(eq(returnItems.returnId, returnId))
    .orderBy(asc(orderItems.productName));
  await enqueueMail(tx, returnMail(kind, { ret: row.ret, buyer: { name: row.name, email: row.email }, paymentMethod: row.paymentMethod, items, manualRefund: options.manualRefund }));
}
