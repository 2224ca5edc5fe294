// The admin's newsletter list: its query string, and the one action (remove a subscriber).
import { z } from 'zod';
import './zod-pt-br';

const RELOAD = 'Não foi possível concluir. Recarregue a página e tente novamente.';

export const NEWSLETTER_SOURCE_LABELS = { footer: 'Rodapé', blog: 'Blog', preferences: 'Preferências' } as const;

export function newsletterFiltersFromSearchParams(params: URLSearchParams) {
  return z
    .object({ q: z.string().trim().max(100).optional().catch(undefined), page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined) })
    .parse({ q: params.get('q') || undefined, page: params.get('pagina') || undefined });
}

export const removeSubscriberSchema = z.object({ intent: z.literal('remove', RELOAD), id: z.uuid(RELOAD) });
