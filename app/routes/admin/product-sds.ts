// POST /admin/products/:id/fds — the product's safety data sheet (FDS), from the edit page's fetchers:
// `intent=replace` with the PDF in the multipart field `file`, or `intent=remove`. Admins only (anonymous →
// /login, a customer → 403, the file untouched). Answers { ok, url } (the new link, null once removed) or
// { ok: false, error } in pt-BR (400 missing or unreadable, 404 no such product, 413 too big, 415 not a PDF).
import { data } from 'react-router';
import { productSdsFormSchema, type ProductSdsResult } from '~/lib/schemas/product-sds';
import { requireAdminAction } from '~/server/auth/session.server';
import { UploadError } from '~/server/catalog/images.server';
import { readSheetForm, removeSafetySheet, sheetBytes, storeSafetySheet } from '~/server/catalog/safety-sheets.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/product-sds';

const refused = (error: string, status: number) => data<ProductSdsResult>({ ok: false, error }, status);
const notFound = () => refused('Produto não encontrado. Recarregue a página.', 404);

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  if (request.method !== 'POST') return refused('Método não permitido.', 405);
  try {
    const form = await readSheetForm(request);
    const parsed = productSdsFormSchema.safeParse({ productId: params.id, intent: form.get('intent') ?? undefined });
    if (!parsed.success) return parsed.error.issues.some((i) => i.path[0] === 'productId') ? notFound() : refused(parsed.error.issues[0]!.message, 400);
    const db = await getDb();
    if (parsed.data.intent === 'remove') {
      return (await removeSafetySheet(db, parsed.data.productId)) ? data<ProductSdsResult>({ ok: true, url: null }) : notFound();
    }
    const stored = await storeSafetySheet(db, parsed.data.productId, await sheetBytes(form));
    return stored ? data<ProductSdsResult>({ ok: true, url: stored.url }) : notFound();
  } catch (error) {
    if (error instanceof UploadError) return refused(error.message, error.status);
    throw error;
  }
}
