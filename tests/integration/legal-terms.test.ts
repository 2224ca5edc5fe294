// What was agreed (issue 32, Decreto 7.962/2013 art. 4 I and IV), on every engine: every edit of a
// legal page is a numbered version with the sha256 of its text (none for the same text, none lost
// when two land at once); the seed writes version 1 and brings only unedited pages up to a new
// seeded text; an order records the Termos de Uso and Política de Privacidade in force, read on the
// server; the checkout asks to tick "Li e aceito os Termos de Uso" only when they changed since the
// customer's last purchase, and refuses an unticked or stale acceptance; the accepted version is
// kept, shown at its address and linked from the confirmation e-mail after the page changes.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue, syncSeededLegalPages } from '~/db/seed/seed.server';
import { TERMS_MESSAGES, WITHDRAWAL_SENTENCE } from '~/lib/contract';
import { action as checkoutAction, loader as checkoutLoader } from '~/routes/checkout';
import { loader as versionLoader } from '~/routes/legal-page-version';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { getEditableLegalPage, LegalPageConflictError, legalTextHash, saveLegalPage } from '~/server/content/legal-pages.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { getEnv } from '~/server/infra/env.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { getPublicSettings } from '~/server/settings/settings.server';
import { NEW_ADDRESS_FIELDS } from '../support/delivery';
import { engines } from '../support/engines';

// The routes' loaders and actions run against these: the session and the app database are stubbed.
const mocks = vi.hoisted(() => ({ getSessionUser: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({ getSessionUser: mocks.getSessionUser }));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type Buyer = { id: string; name: string; email: string };
type PayAnswer = { status: number; body: { ok: boolean; orderId?: string; errors?: Record<string, string>; terms?: { version: number; required: boolean; changed: boolean } } };

/** A loader's or action's answer: a plain object, or `data()` with its status. */
function unwrap<T>(answer: unknown): { status: number; body: T } {
  const a = answer as { data?: T; init?: { status?: number } | null };
  return a && typeof a === 'object' && 'init' in a ? { status: a.init?.status ?? 200, body: a.data as T } : { status: 200, body: answer as T };
}

describe.each(engines)('what was agreed on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const d = (await getProductDetail(handle.db, p!.slug))!;
    variant = { id: d.variants[0]!.id, productId: d.id };
    await handle.db.update(t.productVariants).set({ stock: 1000 }).where(eq(t.productVariants.id, variant.id));
    mocks.getDb.mockResolvedValue(handle.db);
  });
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  async function newBuyer(): Promise<Buyer> {
    n += 1;
    const id = `aceite-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` };
  }

  /** "Pagar Agora" posted to the checkout's action as the page does, the box ticked for `acceptTerms` when given. */
  async function pay(buyer: Buyer, acceptTerms?: number): Promise<PayAnswer> {
    mocks.getSessionUser.mockResolvedValueOnce({ ...buyer, role: 'customer' });
    const body = new URLSearchParams({
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 1 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      installments: '1',
      deliveryFrequency: '0',
      taxId: generateCpf(),
      ...NEW_ADDRESS_FIELDS,
      ...(acceptTerms === undefined ? {} : { acceptTerms: String(acceptTerms) }),
    });
    const request = new Request('http://localhost/checkout', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return unwrap(await checkoutAction({ request, params: {}, context: {} } as unknown as Parameters<typeof checkoutAction>[0]));
  }

  async function termsOnCheckout(buyer: Buyer) {
    mocks.getSessionUser.mockResolvedValueOnce({ ...buyer, role: 'customer' });
    const answer = (await checkoutLoader({ request: new Request('http://localhost/checkout'), params: {}, context: {} } as unknown as Parameters<typeof checkoutLoader>[0])) as {
      terms: { version: number; required: boolean; changed: boolean };
    };
    return answer.terms;
  }

  async function versionPage(slug: string, version: string) {
    return unwrap<{ page: { version: number; current: number; html: string; publishedOn: string } | null }>(
      await versionLoader({ request: new Request(`http://localhost/${slug}/versao/${version}`), params: { slug, version }, context: {} } as unknown as Parameters<typeof versionLoader>[0]),
    );
  }

  const versionsOf = (slug: string) => handle.db.select().from(t.legalPageVersions).where(eq(t.legalPageVersions.slug, slug)).orderBy(asc(t.legalPageVersions.version));
  const pageRow = async (slug: string) => (await handle.db.select().from(t.legalPages).where(eq(t.legalPages.slug, slug)))[0]!;
  const ordersOf = (userId: string) => handle.db.select().from(t.orders).where(eq(t.orders.userId, userId));

  it('the seed writes version 1 of every legal page with the hash of its text, and seeding again writes nothing', async () => {
    for (const slug of ['termos-uso', 'politica-privacidade', 'trocas-devolucoes']) {
      const [v1, ...more] = await versionsOf(slug);
      const page = await pageRow(slug);
      expect(more).toEqual([]);
      expect(page.version).toBe(1);
      expect(v1).toMatchObject({ version: 1, title: page.title, content: page.content, contentHash: legalTextHash(page.content) });
    }
    await seedCatalogue(handle.db);
    expect((await handle.db.select().from(t.legalPageVersions)).length).toBe(3);
  });

  it('saving a page makes version N+1 with the hash of its text; the same text makes none; a form opened on an older version is refused', async () => {
    const slug = 'trocas-devolucoes';
    const before = await pageRow(slug);
    const text = { title: before.title, description: before.description, content: `${before.content}\n<p>Prazo estendido para 10 dias.</p>` };
    expect(await saveLegalPage(handle.db, slug, text, before.version)).toEqual({ version: before.version + 1, created: true });
    const after = await pageRow(slug);
    expect(after).toMatchObject({ version: before.version + 1, content: text.content });
    const [, v2] = await versionsOf(slug);
    expect(v2).toMatchObject({ version: before.version + 1, content: text.content, contentHash: legalTextHash(text.content) });
    expect(v2!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // The same title and text: no version; a new summary alone is saved without one.
    expect(await saveLegalPage(handle.db, slug, { ...text, description: 'Outro resumo.' })).toEqual({ version: after.version, created: false });
    expect(await pageRow(slug)).toMatchObject({ version: after.version, description: 'Outro resumo.' });
    expect(await versionsOf(slug)).toHaveLength(2);
    // The admin's form still on version 1: refused, nothing written.
    await expect(saveLegalPage(handle.db, slug, { ...text, content: '<p>Outro texto</p>' }, before.version)).rejects.toBeInstanceOf(LegalPageConflictError);
    expect(await versionsOf(slug)).toHaveLength(2);
    expect(await saveLegalPage(handle.db, 'nao-existe', text)).toBeNull();
  });

  it('two saves at once make two versions, one after the other: none is lost', async () => {
    const slug = 'trocas-devolucoes';
    const before = await pageRow(slug);
    const texts = ['<p>Texto A</p>', '<p>Texto B</p>'];
    const saved = await Promise.all(texts.map((content) => saveLegalPage(handle.db, slug, { title: before.title, description: before.description, content })));
    expect(saved.map((s) => s!.version).sort()).toEqual([before.version + 1, before.version + 2]);
    const versions = await versionsOf(slug);
    const added = versions.filter((v) => v.version > before.version);
    expect(added.map((v) => v.content).sort()).toEqual(texts);
    for (const v of added) expect(v.contentHash).toBe(legalTextHash(v.content));
    // The page shows the last one saved.
    const after = await pageRow(slug);
    expect(after.version).toBe(before.version + 2);
    expect(after.content).toBe(added.find((v) => v.version === after.version)!.content);
  });

  it('a start brings a page still holding an earlier seeded text up to the new one as a version, never a page an admin edited', async () => {
    const page = (slug: 'trocas-devolucoes' | 'politica-privacidade', content: string) => ({ slug, title: 'Título', description: 'Resumo', content });
    // As a store seeded long ago: the old seeded text is in force.
    await saveLegalPage(handle.db, 'trocas-devolucoes', { title: 'Título', description: 'Resumo', content: '<p>seed antigo</p>' });
    // An admin rewrote the privacy policy.
    await saveLegalPage(handle.db, 'politica-privacidade', { title: 'Título', description: 'Resumo', content: '<p>texto do admin</p>' });
    const hashes = { 'trocas-devolucoes': ['<p>seed antigo</p>', '<p>seed novo</p>'].map(legalTextHash), 'politica-privacidade': ['<p>seed antigo</p>', '<p>seed novo</p>'].map(legalTextHash) };
    const pages = [page('trocas-devolucoes', '<p>seed novo</p>'), page('politica-privacidade', '<p>seed novo</p>')];
    const before = { trocas: await pageRow('trocas-devolucoes'), privacidade: await pageRow('politica-privacidade') };
    await syncSeededLegalPages(handle.db, pages, hashes);
    expect(await pageRow('trocas-devolucoes')).toMatchObject({ version: before.trocas.version + 1, content: '<p>seed novo</p>' });
    expect(await pageRow('politica-privacidade')).toMatchObject({ version: before.privacidade.version, content: '<p>texto do admin</p>' });
    // Once more: nothing changes.
    await syncSeededLegalPages(handle.db, pages, hashes);
    expect((await pageRow('trocas-devolucoes')).version).toBe(before.trocas.version + 1);
  });

  it('asks for the Termos on a first purchase only: refused unticked (nothing written), recorded from the server when ticked, not asked again', async () => {
    const buyer = await newBuyer();
    const terms = await pageRow('termos-uso');
    const privacy = await pageRow('politica-privacidade');
    expect(await termsOnCheckout(buyer)).toMatchObject({ version: terms.version, required: true, changed: false });

    const refused = await pay(buyer);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, errors: { acceptTerms: TERMS_MESSAGES.missing }, terms: { version: terms.version, required: true } });
    expect(await ordersOf(buyer.id)).toEqual([]);

    const placed = await pay(buyer, terms.version);
    expect(placed.body.ok).toBe(true);
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({
      termsVersion: terms.version,
      termsHash: legalTextHash(terms.content),
      privacyVersion: privacy.version,
      privacyHash: legalTextHash(privacy.content),
    });

    // Accepted at the last purchase and unchanged since: no box, and no tick needed.
    expect(await termsOnCheckout(buyer)).toMatchObject({ required: false });
    expect((await pay(buyer)).body.ok).toBe(true);
    expect((await ordersOf(buyer.id)).map((o) => o.termsVersion)).toEqual([terms.version, terms.version]);
  });

  it('after the Termos change: asked again, a tick of the old version refused as stale; the accepted version stays readable and linked from its e-mail', async () => {
    const buyer = await newBuyer();
    const old = await pageRow('termos-uso');
    const first = await pay(buyer, old.version);
    expect(first.body.ok).toBe(true);

    const edited = { title: old.title, description: old.description, content: old.content.replace('Última atualização', 'Atualizados em') };
    const { version } = (await saveLegalPage(handle.db, 'termos-uso', edited))!;
    expect(version).toBe(old.version + 1);

    expect(await termsOnCheckout(buyer)).toMatchObject({ version, required: true, changed: true });
    const unticked = await pay(buyer);
    expect(unticked).toMatchObject({ status: 409, body: { errors: { acceptTerms: TERMS_MESSAGES.changed }, terms: { version, required: true, changed: true } } });
    // The page showed the old version, ticked: refused, the new one to be read and ticked.
    const stale = await pay(buyer, old.version);
    expect(stale).toMatchObject({ status: 409, body: { errors: { acceptTerms: TERMS_MESSAGES.stale }, terms: { version } } });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    const second = await pay(buyer, version);
    expect(second.body.ok).toBe(true);
    expect((await getOwnOrder(handle.db, buyer.id, second.body.orderId!))!.termsVersion).toBe(version);

    // The first order keeps the version it accepted, whose text is still served at its address.
    const order = (await getOwnOrder(handle.db, buyer.id, first.body.orderId!))!;
    expect(order.termsVersion).toBe(old.version);
    const [row] = await handle.db.select().from(t.orders).where(eq(t.orders.id, order.id));
    expect(row!.termsHash).toBe(legalTextHash(old.content));
    const shown = await versionPage('termos-uso', String(old.version));
    expect(shown.status).toBe(200);
    expect(shown.body.page).toMatchObject({ version: old.version, current: version });
    expect(shown.body.page!.html).toContain('Última atualização');
    expect(shown.body.page!.html).not.toContain('Atualizados em');
    expect((await versionPage('termos-uso', String(version))).body.page!.html).toContain('Atualizados em');

    // Its confirmation e-mail: the contract summary and the address of that version, kept as sent.
    const [mail] = await handle.db
      .select()
      .from(t.emailOutbox)
      .where(and(eq(t.emailOutbox.dedupeKey, `order:${order.id}:placed`)));
    const url = getEnv().publicUrl;
    expect(mail!.textBody).toContain('Resumo do contrato');
    expect(mail!.textBody).toContain((await getPublicSettings(handle.db)).seller.legalName);
    expect(mail!.textBody).toContain(WITHDRAWAL_SENTENCE);
    expect(mail!.textBody).toContain(`${url}/trocas-devolucoes`);
    expect(mail!.textBody).toContain(`Termos de Uso aceitos (versão ${old.version}): ${url}/termos-uso/versao/${old.version}`);
    expect(mail!.textBody).toContain(`${url}/politica-privacidade/versao/${order.privacyVersion}`);
    expect(mail!.htmlContent).toContain(`/termos-uso/versao/${old.version}`);
  });

  it('an unknown version, or anything that is not one, is a 404', async () => {
    expect((await versionPage('termos-uso', '999')).status).toBe(404);
    expect((await versionPage('termos-uso', '0')).status).toBe(404);
    expect((await versionPage('termos-uso', '01')).status).toBe(404);
    expect((await versionPage('nao-existe', '1')).status).toBe(404);
    expect((await getEditableLegalPage(handle.db, 'termos-uso'))!.versions.map((v) => v.version)[0]).toBe((await pageRow('termos-uso')).version);
  });
});
