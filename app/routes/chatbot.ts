// GET /chatbot?intent=questions|best-sellers|cheapest: the data the chat panel
// asks for, read-only. JSON only; errors answer JSON with the status.
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import type { ChatbotResponse } from '~/lib/chatbot';
import { listBestSellers, listCheapest, listQuickQuestions } from '~/server/content/chatbot.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/chatbot';
import { log } from '~/server/infra/log.server';

const querySchema = z.object({ intent: z.enum(['questions', 'best-sellers', 'cheapest']) });

function json(body: ChatbotResponse, status = 200) {
  // Public catalogue data, but it changes with the admin's edits: never cached.
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse({ intent: new URL(request.url).searchParams.get('intent') ?? undefined });
  if (!parsed.success) return json({ error: 'Pedido inválido: informe intent=questions, best-sellers ou cheapest.' }, 400);
  const { intent } = parsed.data;
  try {
    const db = await getDb();
    if (intent === 'questions') return json({ intent, questions: await listQuickQuestions(db) });
    const products = intent === 'best-sellers' ? await listBestSellers(db) : await listCheapest(db);
    return json({ intent, products });
  } catch (error) {
    log.error(`chatbot: falha ao ler ${intent}`, error);
    return json({ error: 'Não foi possível carregar os dados do chat agora.' }, 500);
  }
}
