// POST /admin/orders/:id/etiqueta/comprar: buys a parcel's shipping label through Melhor Envio
// (flows/label), posted from the order's page by "Comprar etiqueta". Paid from the store's Melhor
// Envio wallet, once per parcel however often it is clicked; a retry continues from the last step
// recorded. (/admin/orders/:id/etiqueta is the printable packing slip.)
import { data } from 'react-router';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { orderLabelSchema } from '~/lib/schemas/order-label';
import type { ToastMessage } from '~/lib/toast';
import { requireAdminAction } from '~/server/auth/session.server';
import { buyLabel, LABEL_ERROR_PREFIX, LabelError } from '~/server/flows/label.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { melhorEnvioFromEnv } from '~/server/shipping/melhorenvio.server';
import type { Route } from './+types/order-label';

export type OrderLabelData = { ok: boolean; toast: ToastMessage };

const FAILED = 'Etiqueta não comprada';

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  if (!z.uuid().safeParse(params.id).success) return data<OrderLabelData>({ ok: false, toast: { title: 'Pedido não encontrado', variant: 'destructive' } }, 404);
  const parsed = orderLabelSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<OrderLabelData>({ ok: false, toast: { title: FAILED, description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  const carrier = melhorEnvioFromEnv();
  if (!carrier) {
    return data<OrderLabelData>(
      { ok: false, toast: { title: FAILED, description: `${LABEL_ERROR_PREFIX}: o Melhor Envio não está configurado nesta loja.`, variant: 'destructive' } },
      409,
    );
  }
  try {
    const label = await buyLabel(await getDb(), { orderId: params.id, parcelId: parsed.data.parcelId, adminId: admin.id }, carrier);
    return data<OrderLabelData>({
      ok: true,
      toast: { title: 'Etiqueta comprada', description: label.trackingCode ? `Código de rastreio ${label.trackingCode}. Imprima a etiqueta e cole no volume.` : 'Imprima a etiqueta e cole no volume.' },
    });
  } catch (error) {
    if (error instanceof LabelError) return data<OrderLabelData>({ ok: false, toast: { title: FAILED, description: error.message, variant: 'destructive' } }, error.status);
    throw error;
  }
}
