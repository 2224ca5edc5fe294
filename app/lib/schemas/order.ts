// The customer's order page form ("Cancelar pedido"): the version the page showed.
import { z } from 'zod';
import './zod-pt-br';

export const customerCancelSchema = z.object({ intent: z.literal('cancel'), version: z.coerce.number().int().min(0) });
