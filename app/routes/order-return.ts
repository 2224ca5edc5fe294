// POST /pedido/:id/desistencia: the order page's "Desistir da compra" and "Produto com defeito?"
// (components/order/withdrawal-panel.tsx). Owner only: anyone else's order, or no order, is a 404
// and nothing is written. The flows decide what is still allowed and answer in pt-BR.
import { data } from 'react-router';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import type { ReturnActionData } from '~/components/order/withdrawal-panel';
import { formDataToObject } from '~/lib/form-data';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { orderReturnSchema } from '~/lib/schemas/returns';
import type { ToastMessage } from '~/lib/toast';
import { requireUser } from '~/server/auth/session.server';
import { requestDefectReturn, withdrawFromOrder } from '~/server/flows/withdraw.server';
import type { RefundOutcome } from '~/server/flows/refund.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { ReturnError } from '~/server/returns/returns.server';
import type { Route } from './+types/order-return';

const orderId = z.uuid();

const FAILED: Record<'withdraw' | 'defect', string> = { withdraw: 'Não foi possível registrar a desistência', defect: 'Não foi possível registrar a solicitação' };

/** The order was cancelled before shipping: what happened to the money. */
const CANCELLED: Record<RefundOutcome, ToastMessage> = {
  refunded: { title: 'Pedido cancelado e reembolsado', description: 'Devolvemos o valor pago pela mesma forma de pagamento. Você recebe a confirmação por e-mail.' },
  manual: { title: 'Pedido cancelado', description: 'Vamos transferir o valor pago para a sua chave Pix. Você recebe um e-mail quando a transferência for feita.' },
  failed: { title: 'Pedido cancelado', description: 'O reembolso está sendo processado com o provedor de pagamento. Você recebe um e-mail quando for concluído.' },
  none: { title: 'Pedido cancelado', description: 'Seu pedido foi cancelado.' },
};

const notFound = () => data<ReturnActionData>({ ok: false, intent: null, toast: { title: 'Pedido não encontrado', variant: 'destructive' } }, 404);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!orderId.safeParse(params.id).success) return notFound();
  const form = formDataToObject(await readForm(request));
  const parsed = orderReturnSchema.safeParse(form);
  if (!parsed.success) {
    const intent = form.intent === 'withdraw' || form.intent === 'defect' ? form.intent : null;
    return data<ReturnActionData>(
      {
        ok: false,
        intent,
        errors: fieldErrors(parsed.error),
        toast: { title: intent ? FAILED[intent] : 'Não foi possível concluir', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' },
      },
      400,
    );
  }
  const input = parsed.data;
  const db = await getDb();
  try {
    if (input.intent === 'defect') {
      const { protocol } = await requestDefectReturn(db, { orderId: params.id, userId: user.id, reason: input.reason, items: input.items });
      return data<ReturnActionData>({
        ok: true,
        intent: input.intent,
        protocol,
        toast: { title: 'Recebemos sua solicitação de troca ou devolução', description: `Protocolo ${protocol}. Enviamos a confirmação por e-mail.` },
      });
    }
    const result = await withdrawFromOrder(db, {
      orderId: params.id,
      userId: user.id,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.refundPixKey ? { refundPixKey: input.refundPixKey } : {}),
      ...(input.items ? { items: input.items } : {}),
    });
    if (result.kind === 'cancelled') return data<ReturnActionData>({ ok: true, intent: input.intent, toast: CANCELLED[result.refund] });
    return data<ReturnActionData>({
      ok: true,
      intent: input.intent,
      protocol: result.protocol,
      toast: { title: 'Recebemos seu pedido de desistência', description: `Protocolo ${result.protocol}. Enviamos a confirmação por e-mail.` },
    });
  } catch (error) {
    if (error instanceof ReturnError) {
      return data<ReturnActionData>(
        { ok: false, intent: input.intent, errors: { [error.field ?? 'form']: error.message }, toast: { title: FAILED[input.intent], description: error.message, variant: 'destructive' } },
        error.status,
      );
    }
    throw error;
  }
}
