// The FDS (safety data sheet) actions of /admin/products/:id/fds: send (or replace) the PDF, or remove it.
import { z } from 'zod';
import './zod-pt-br';

export const SDS_INTENTS = ['replace', 'remove'] as const;

export const productSdsFormSchema = z.object({
  productId: z.uuid('Produto não encontrado.'),
  intent: z.enum(SDS_INTENTS, { error: 'Ação inválida. Recarregue a página e tente novamente.' }),
});

/** What /admin/products/:id/fds answers the edit page's fetcher: the new link (null once removed), or a pt-BR refusal. */
export type ProductSdsResult = { ok: true; url: string | null } | { ok: false; error: string };
