// "Comprar etiqueta" on the admin's order page (issue 33): which parcel's Melhor Envio label to buy.
import { z } from 'zod';
import './zod-pt-br';

const RELOAD = 'Não foi possível concluir. Recarregue a página e tente novamente.';

export const orderLabelSchema = z.object({
  intent: z.literal('buy_label', RELOAD),
  parcelId: z.uuid(RELOAD),
});

export type OrderLabelInput = z.infer<typeof orderLabelSchema>;
