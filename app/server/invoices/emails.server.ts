// The e-mail that hands an authorised NF-e to the customer: its number and key, and the order page
// where the DANFE (PDF) and the XML are downloaded (served only to the order's owner and admins).
// Queued once per note (dedupe key) in the transaction that keeps its files.
import { formatAccessKey } from '~/lib/fiscal';
import { shortOrderId } from '~/lib/order-status';
import { getEnv } from '../infra/env.server';
import type { OutgoingMail } from '../mail/outbox.server';

type InvoiceFacts = { id: string; orderId: string; number: number | null; series: number | null; accessKey: string | null };

export function invoiceMail(invoice: InvoiceFacts, buyer: { name: string; email: string }): OutgoingMail {
  const order = shortOrderId(invoice.orderId);
  const link = `${getEnv().publicUrl}/pedido/${invoice.orderId}`;
  const number = invoice.number !== null ? `nº ${invoice.number}${invoice.series !== null ? `, série ${invoice.series}` : ''}` : '';
  const subject = `Nota fiscal do pedido ${order}`;
  const paragraphs = [
    `Olá, ${buyer.name.split(' ')[0] || buyer.name}!`,
    `A nota fiscal eletrônica (NF-e) ${number} do seu pedido ${order} foi autorizada pela SEFAZ.`,
    invoice.accessKey ? `Chave de acesso: ${formatAccessKey(invoice.accessKey)}` : null,
    `Baixe o DANFE (PDF) e o XML na página do pedido: ${link}`,
    'Guarde o XML: é ele que vale como documento fiscal.',
  ].filter((p): p is string => p !== null);
  return {
    kind: 'invoice-authorized',
    to: buyer.email,
    subject,
    text: paragraphs.join('\n\n'),
    content: {
      preview: `Pedido ${order}: nota fiscal autorizada`,
      heading: `Nota fiscal autorizada — pedido ${order}`,
      paragraphs: paragraphs.filter((p) => !p.startsWith('Baixe o DANFE')).concat('Baixe o DANFE (PDF) e o XML na página do pedido.'),
      button: { label: 'Baixar a nota fiscal', url: link },
    },
    dedupeKey: `invoice:${invoice.id}:authorized`,
  };
}
