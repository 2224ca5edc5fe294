// The safety data sheets (FDS, ABNT NBR 14725; issue 32): one PDF per product, uploaded by the admin and
// downloaded by anyone from /uploads/fds/<slug>-<hash>.pdf. The file is checked by its content (the
// `%PDF-` signature, never its name or declared type) and size, and stored in the storage's public
// space under a name made of the content's hash: a replaced sheet gets a new URL, so each URL is cached
// for a year. The product row is changed first; the old file is deleted only once the new one is recorded.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { productSafety as seededSafety } from '~/db/seed/content/product-safety';
import { kitItems, products } from '~/db/schema';
import { now } from '~/lib/clock';
import { anvisaLine, isPdf, riskClassLabel, SDS_MAX_BYTES, SDS_MESSAGES, sdsDownloadName, sdsFileName, sdsKeyOf, sdsUrl, transportLine } from '~/lib/product-safety';
import { BodyError, parseFormBytes, readBytes } from '../infra/http/body.server';
import { log } from '../infra/log.server';
import { getStorage, type FileStorage, type StoredFile } from '../storage/storage.server';
import { MULTIPART_OVERHEAD_BYTES, UPLOAD_CACHE_CONTROL, UploadError } from './images.server';
import { safetySheetPdf } from './sds-pdf.server';

/**
 * The FDS form (multipart: `intent`, and the PDF in `file`), read within the FDS cap: the declared
 * Content-Length is checked before anything is read, a chunked body is cut at the cap.
 */
export async function readSheetForm(request: Request): Promise<FormData> {
  try {
    return await parseFormBytes(await readBytes(request, SDS_MAX_BYTES + MULTIPART_OVERHEAD_BYTES), request.headers.get('content-type'));
  } catch (error) {
    if (error instanceof BodyError) throw error.status === 413 ? new UploadError(413, SDS_MESSAGES.tooBig) : new UploadError(400, SDS_MESSAGES.missing);
    throw error;
  }
}

/** The bytes of the form's `file`; UploadError(400) when none was sent. */
export async function sheetBytes(form: FormData): Promise<Uint8Array> {
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) throw new UploadError(400, SDS_MESSAGES.missing);
  return new Uint8Array(await file.arrayBuffer());
}

/** Refuses what is not an FDS the store keeps: empty, over SDS_MAX_BYTES, or not a PDF by its first bytes. */
export function checkSheet(bytes: Uint8Array): void {
  if (bytes.byteLength === 0) throw new UploadError(400, SDS_MESSAGES.missing);
  if (bytes.byteLength > SDS_MAX_BYTES) throw new UploadError(413, SDS_MESSAGES.tooBig);
  if (!isPdf(bytes)) throw new UploadError(415, SDS_MESSAGES.notPdf);
}

/** Deletes a stored sheet unless a product still names it; a failure leaves an unused file behind, logged. */
async function deleteUnreferenced(db: Executor, files: FileStorage, key: string): Promise<void> {
  try {
    const [used] = await db.select({ id: products.id }).from(products).where(eq(products.sdsKey, key)).limit(1);
    if (!used) await files.delete(key);
  } catch (error) {
    log.error(`fds: falha ao apagar ${key}`, error);
  }
}

/**
 * Points the product at `key` (null: no sheet) and answers the key it had, or undefined when the product
 * does not exist. The row is locked so two replacements at once each see the other's file as the old one.
 * updated_at (the edit form's version) is kept: a sheet uploaded while the form is open is no conflict.
 */
async function recordSheet(db: Executor, productId: string, key: string | null): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ sdsKey: products.sdsKey }).from(products).where(eq(products.id, productId)).for('update');
    if (!row) return undefined;
    await tx
      .update(products)
      .set({ sdsKey: key, sdsUpdatedAt: key ? now() : null, updatedAt: sql`${products.updatedAt}` })
      .where(eq(products.id, productId));
    return row.sdsKey;
  });
}

export type StoredSheet = { key: string; url: string };

/**
 * Checks and stores a product's FDS, records it, then deletes the one it replaces. Null when the product
 * does not exist (nothing is left stored); UploadError (400/413/415, pt-BR) for a file that is refused.
 */
export async function storeSafetySheet(db: Executor, productId: string, bytes: Uint8Array, storage?: FileStorage): Promise<StoredSheet | null> {
  checkSheet(bytes);
  const [product] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) return null;
  const key = sdsKeyOf(sdsFileName(product.slug, createHash('sha256').update(bytes).digest('hex')))!;
  const files = storage ?? (await getStorage());
  await files.put(key, bytes, { cacheControl: UPLOAD_CACHE_CONTROL });
  let previous: string | null | undefined;
  try {
    previous = await recordSheet(db, productId, key);
  } catch (error) {
    await deleteUnreferenced(db, files, key);
    throw error;
  }
  if (previous === undefined) {
    // Deleted while the file was being stored.
    await deleteUnreferenced(db, files, key);
    return null;
  }
  // The same content again has the same name: nothing to delete.
  if (previous && previous !== key) await deleteUnreferenced(db, files, previous);
  return { key, url: sdsUrl(key)! };
}

/** Removes a product's FDS: the row first, then the file. False when the product does not exist. */
export async function removeSafetySheet(db: Executor, productId: string, storage?: FileStorage): Promise<boolean> {
  const previous = await recordSheet(db, productId, null);
  if (previous === undefined) return false;
  if (previous) await deleteUnreferenced(db, storage ?? (await getStorage()), previous);
  return true;
}

/** The file of a deleted product (product-admin deleteProduct), unless another product names it. */
export async function deleteSafetySheetFile(db: Executor, key: string, storage?: FileStorage): Promise<void> {
  await deleteUnreferenced(db, storage ?? (await getStorage()), key);
}

/** A stored FDS to stream with the name to save it as, or null when the name is not one the store gives or the file is missing. */
export async function openSafetySheet(name: string, storage?: FileStorage): Promise<{ file: StoredFile; downloadName: string } | null> {
  const key = sdsKeyOf(name);
  const downloadName = sdsDownloadName(name);
  if (!key || !downloadName) return null;
  const file = await (storage ?? (await getStorage())).open(key);
  return file ? { file, downloadName } : null;
}

// ---------------------------------------------------------------- the seed's sample sheets

type SheetProduct = {
  name: string;
  anvisaKind: 'notificado' | 'registrado' | null;
  anvisaNumber: string | null;
  riskClass: number | null;
  safetyWarnings: string | null;
  firstAid: string | null;
  unNumber: string | null;
  hazardClass: string | null;
  composition: string | null;
  activeIngredient: string | null;
};

/** A sample FDS in the order of ABNT NBR 14725 (the sections a sample can fill), marked as an example. */
export function sampleSheetPdf(p: SheetProduct): Uint8Array {
  const text = (value: string | null | undefined) => value || 'Não informado.';
  return safetySheetPdf({
    title: 'Ficha de Dados de Segurança (FDS)',
    subtitle: p.name,
    notice:
      'EXEMPLO DA LOJA DE DEMONSTRAÇÃO: esta ficha e o número de regularização abaixo são fictícios e não se referem a um produto real. ' +
      'A FDS de um produto à venda é a do seu fabricante (ABNT NBR 14725).',
    sections: [
      { title: '1. Identificação', text: `Produto: ${p.name}\nFornecedor: Clarear Produtos de Limpeza (exemplo)\n${anvisaLine(p.anvisaKind, p.anvisaNumber) ?? 'Regularização na ANVISA: não informada.'}` },
      { title: '2. Identificação de perigos', text: `${riskClassLabel(p.riskClass) ?? 'Classe de risco não informada.'}\n${text(p.safetyWarnings)}` },
      { title: '3. Composição e informações sobre os ingredientes', text: [p.activeIngredient ? `Princípio ativo: ${p.activeIngredient}` : null, text(p.composition)].filter(Boolean).join('\n') },
      { title: '4. Medidas de primeiros socorros', text: text(p.firstAid) },
      { title: '14. Informações sobre transporte', text: transportLine(p.unNumber, p.hazardClass) ?? 'Produto não classificado como perigoso para o transporte.' },
      { title: '16. Outras informações', text: 'Em caso de intoxicação, ligue para o Disque-Intoxicação: 0800 722 6001.' },
    ],
  });
}

/**
 * Gives each seeded product without an FDS a sample sheet (sampleSheetPdf), stored like an upload. Run
 * with the first seeding of a database (infra/db.server.ts): a sheet the admin removed later stays removed.
 */
export async function seedSafetySheets(db: Executor, storage?: FileStorage): Promise<number> {
  const slugs = Object.keys(seededSafety);
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      anvisaKind: products.anvisaKind,
      anvisaNumber: products.anvisaNumber,
      riskClass: products.riskClass,
      safetyWarnings: products.safetyWarnings,
      firstAid: products.firstAid,
      unNumber: products.unNumber,
      hazardClass: products.hazardClass,
      composition: products.composition,
      activeIngredient: products.activeIngredient,
    })
    .from(products)
    .where(and(inArray(products.slug, slugs), isNull(products.sdsKey), ne(products.isKit, true)));
  if (rows.length === 0) return 0;
  const files = storage ?? (await getStorage());
  const sheets: { id: string; key: string }[] = [];
  for (const row of rows) {
    const pdf = sampleSheetPdf(row);
    const key = sdsKeyOf(sdsFileName(row.slug, createHash('sha256').update(pdf).digest('hex')))!;
    await files.put(key, pdf, { cacheControl: UPLOAD_CACHE_CONTROL });
    sheets.push({ id: row.id, key });
  }
  // One statement for all (every fresh database and test app seeds them): only where no sheet came meanwhile.
  const values = sql.join(
    sheets.map((sheet) => sql`(${sheet.id}::uuid, ${sheet.key})`),
    sql`, `,
  );
  await db.execute(
    sql`update ${products} set sds_key = v.key, sds_updated_at = ${now()}, updated_at = ${products.updatedAt} from (values ${values}) as v(id, key) where ${products.id} = v.id and ${products.sdsKey} is null`,
  );
  return sheets.length;
}

export type SheetLink = { name: string; url: string };

/**
 * The FDS links of each of these products (an order's items: its page and e-mail), by product id: the
 * product's own, or for a kit those of the products in it. A product without any has no entry.
 */
export async function safetySheetLinks(db: Executor, productIds: (string | null)[]): Promise<Record<string, SheetLink[]>> {
  const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return {};
  const [own, inKits] = await Promise.all([
    db.select({ id: products.id, name: products.name, sdsKey: products.sdsKey }).from(products).where(inArray(products.id, ids)),
    db
      .select({ id: kitItems.kitProductId, name: products.name, sdsKey: products.sdsKey })
      .from(kitItems)
      .innerJoin(products, eq(products.id, kitItems.includedProductId))
      .where(inArray(kitItems.kitProductId, ids))
      .orderBy(asc(products.name)),
  ]);
  const links: Record<string, SheetLink[]> = {};
  for (const row of [...own, ...inKits]) {
    const url = sdsUrl(row.sdsKey);
    if (url) (links[row.id] ??= []).push({ name: row.name, url });
  }
  return links;
}
