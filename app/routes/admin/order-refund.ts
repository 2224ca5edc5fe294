// POST /admin/orders/:id/reembolso: the admin records the Pix transfer that gave back the money of an
// order cancelled while paid to the store's own Pix key (issue 32: a withdrawal before shipping, or
// the admin's own cancellation), with the transfer's identifier. Once per order; a gateway's refund
// is never recorded by hand (flows/refund recordManualOrderRefund).
import { data } from 'react-router';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { formDataToObject } from '~/lib/form-data';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { orderRefundSchema } from '~/lib/schemas/returns';
import type { ToastMessage } from '~/lib/toast';
import { requireAdminAction } from '~/server/auth/session.server';
import { recordManualOrderRefund, ReturnError } from '~/server/flows/withdraw.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/order-refund';

export type OrderRefundData = { ok: boolean; errors?: FieldErrors; toast: ToastMessage };

const FAILED = 'Não foi possível registrar o reembolso';

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  if (!z.uuid().safeParse(params.id).success) return data<OrderRefundData>({ ok: false, toast: { title: 'Pedido não encontrado', variant: 'destructive' } }, 404);
  const parsed = orderRefundSchema.safeParse(formDataToObject(await readForm(request)));
  if (!parsed.success) {
    return data<OrderRefundData>({ ok: false, errors: fieldErrors(parsed.error), toast: { title: FAILED, description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  }
  try {
    await recordManualOrderRefund(await getDb(), { orderId: params.id, adminId: admin.id, reference: parsed.data.reference });
    return data<OrderRefundData>({ ok: true, toast: { title: 'Reembolso registrado', description: 'O cliente recebeu um e-mail.' } });
  } catch (error) {
    if (error instanceof ReturnError) {
      return data<OrderRefundData>({ ok: false, errors: { [error.field ?? 'form']: error.message }, toast: { title: FAILED, description: error.message, variant: 'destructive' } }, error.status);
    }
    throw error;
  }
}
