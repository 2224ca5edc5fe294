// The admin's contact inbox (/admin/messages and /admin/messages/:id): the list's query string and
// one schema per action, used by the page and its action.
import { z } from 'zod';
import './zod-pt-br';

const RELOAD = 'Não foi possível concluir. Recarregue a página e tente novamente.';

export const MESSAGE_FILTERS = { todas: 'all', 'nao-lidas': 'unread', 'sem-resposta': 'unanswered' } as const;

/** The list's query string; anything unknown is dropped rather than refused (a shared link keeps working). */
export function messageFiltersFromSearchParams(params: URLSearchParams) {
  return z
    .object({
      q: z.string().trim().max(100).optional().catch(undefined),
      filter: z.enum(['todas', 'nao-lidas', 'sem-resposta']).optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
    })
    .parse({ q: params.get('q') || undefined, filter: params.get('filtro') || undefined, page: params.get('pagina') || undefined });
}

export const REPLY_MESSAGES = { empty: 'Escreva a resposta.', tooLong: 'Use no máximo 5.000 caracteres.' } as const;

export const messageActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('reply'), body: z.string(RELOAD).trim().min(1, REPLY_MESSAGES.empty).max(5000, REPLY_MESSAGES.tooLong) }),
    z.object({ intent: z.literal('mark'), mark: z.enum(['answered', 'unanswered', 'unread'], RELOAD) }),
    z.object({ intent: z.literal('delete') }),
  ],
  { error: RELOAD },
);
