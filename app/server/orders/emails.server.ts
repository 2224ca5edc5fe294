// The order-confirmation e-mail.
import { formatPrice } from '~/lib/money';
import { DISCOUNT_LABELS } from '~/lib/pricing';
import { PAYMENT_METHOD_LABELS, shortOrderId } from '~/lib/order-status';
import { getEnv } from '../env.server';
import { sendMail } from '../mail/mailer.server';
import type { OrderSummary } from './orders.server';

function paymentText(order: OrderSummary): string {
  const details = order.paymentDetails;
  if (!details) return '';
  switch (details.method) {
    case 'pix':
      return `Pix copia e cola:\n${details.copyPaste}`;
    case 'credit_card':
      return `Cartão de crédito em ${details.installments}x sem juros.`;
    case 'boleto':
      return `Linha digitável do boleto (vence em ${details.dueDate.split('-').reverse().join('/')}):\n${details.digitableLine}`;
  }
}

export async function sendOrderConfirmation(order: OrderSummary, buyer: { name: string; email: string }): Promise<void> {
  const number = shortOrderId(order.id);
  const lines = order.items
    .map((i) => `- ${i.quantity}× ${i.productName}${i.size ? ` (${i.size})` : ''}: ${formatPrice(i.priceAtPurchase)} cada`)
    .join('\n');
  const link = `${getEnv().publicUrl}/pedido/${order.id}`;
  await sendMail({
    to: buyer.email,
    subject: `Clarear: pedido ${number} confirmado`,
    text: [
      `Olá, ${buyer.name}!`,
      '',
      `Recebemos seu pedido ${number}. Obrigado por comprar na Clarear!`,
      '',
      lines,
      '',
      `Subtotal: ${formatPrice(order.subtotalPrice)}`,
      order.discountKind ? `${DISCOUNT_LABELS[order.discountKind]}: -${formatPrice(order.discountPrice)}` : null,
      'Frete: Grátis',
      `Total: ${formatPrice(order.totalPrice)}`,
      `Pagamento: ${PAYMENT_METHOD_LABELS[order.paymentMethod ?? ''] ?? '—'}`,
      paymentText(order),
      '',
      `Acompanhe seu pedido: ${link}`,
    ]
      .filter((l) => l !== null)
      .join('\n'),
  });
}
