// POST /area-cliente/assinaturas/desistencia: the plan's withdrawal within 7 days of buying it
// (components/subscription/plan-withdrawal.tsx). Owner only: anyone else's subscription is a 404
// and nothing is written; the flow decides whether the window is still open.
import { data } from 'react-router';
import type { PlanWithdrawalData } from '~/components/subscription/plan-withdrawal';
import { formDataToObject } from '~/lib/form-data';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { planWithdrawalSchema } from '~/lib/schemas/returns';
import type { ToastMessage } from '~/lib/toast';
import { requireUser } from '~/server/auth/session.server';
import type { RefundOutcome } from '~/server/flows/refund.server';
import { withdrawFromPlan } from '~/server/flows/withdraw.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { ReturnError } from '~/server/returns/returns.server';
import type { Route } from './+types/plan-withdrawal';

const FAILED = 'Não foi possível desistir da assinatura';

const DONE: Record<RefundOutcome, string> = {
  refunded: 'Devolvemos o valor pago pela mesma forma de pagamento.',
  manual: 'Vamos transferir o valor pago para a sua chave Pix; você recebe um e-mail quando a transferência for feita.',
  failed: 'O reembolso está sendo processado com o provedor de pagamento; você recebe um e-mail quando for concluído.',
  none: 'Não havia valor pago a devolver.',
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = planWithdrawalSchema.safeParse(formDataToObject(await readForm(request)));
  if (!parsed.success) {
    return data<PlanWithdrawalData>({ ok: false, errors: fieldErrors(parsed.error), toast: { title: FAILED, description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  }
  const { subscriptionId, refundPixKey } = parsed.data;
  try {
    const result = await withdrawFromPlan(await getDb(), { subscriptionId, userId: user.id, ...(refundPixKey ? { refundPixKey } : {}) });
    const message: ToastMessage = { title: 'Assinatura cancelada', description: `Protocolo ${result.protocol}. ${DONE[result.refund]}` };
    return data<PlanWithdrawalData>({ ok: true, protocol: result.protocol, toast: message });
  } catch (error) {
    if (error instanceof ReturnError) {
      return data<PlanWithdrawalData>({ ok: false, errors: { [error.field ?? 'form']: error.message }, toast: { title: FAILED, description: error.message, variant: 'destructive' } }, error.status);
    }
    throw error;
  }
}
