// The customer's LGPD rights (art. 18) through the app's real routes, auth and database, on each
// engine: "Baixar meus dados" holds every table's rows of that customer and nobody else's, and no
// hash or token; "Excluir minha conta" checks the password, waits for orders on their way, then
// leaves no trace of the person in any text column of any table while the orders and their totals
// stay; the e-mail can sign up again; two erasures at once are one.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type { callAuth as CallAuth } from '~/server/auth/auth.server';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
type RouteFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.88.${addressCounter >> 8}.${addressCounter & 255}`;
};
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A route's answer seen from outside: status, headers and body text (thrown or returned). */
async function call(fn: RouteFn, request: Request): Promise<{ status: number; headers: Headers; body: string }> {
  let value: unknown;
  try {
    value = await fn({ request, params: {}, context: {} });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, body: await value.text() };
  const d = value as { type?: string; data: unknown; init: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: JSON.stringify(d.data) };
  if (value instanceof Error) throw value;
  return { status: 200, headers: new Headers(), body: JSON.stringify(value) };
}

type Person = { id: string; name: string; email: string; password: string; taxId: string; street: string; cookie: string };

describe.each(engines.map((e) => e.name))('LGPD rights on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let exportLoader: RouteFn;
  let deleteAction: RouteFn;
  let callAuth: typeof CallAuth;
  let adminId: string;
  let ana: Person;
  let bruno: Person;
  const cleanups: (() => Promise<void>)[] = [];

  const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextAddress() } });
  const signIn = async (email: string, password: string) => {
    const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
    if (!result.ok) throw new Error(`sign-in of ${email}: ${result.status} ${result.code}`);
    return cookieOf(result.headers);
  };
  const signUp = async (name: string, email: string, password: string) => {
    const result = await callAuth(authRequest(), '/sign-up/email', { name, email, password });
    expect(result.ok, `sign-up of ${email}`).toBe(true);
    const [row] = await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email)).returning();
    return row!.id;
  };
  const get = (url: string, cookie: string | null) => {
    const headers = new Headers({ 'x-forwarded-for': nextAddress() });
    if (cookie) headers.set('cookie', cookie);
    return new Request(`${ORIGIN}${url}`, { headers });
  };
  const erase = (person: Pick<Person, 'cookie'>, password: string, confirmation = 'excluir') => {
    const headers = new Headers({ 'x-forwarded-for': nextAddress(), origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: person.cookie });
    return call(deleteAction, new Request(`${ORIGIN}/area-cliente/excluir-conta`, { method: 'POST', headers, body: new URLSearchParams({ password, confirmation }) }));
  };

  /** Someone with a row in every table that can hold a customer's data. */
  async function customer(first: string, n: number): Promise<Person> {
    const name = `${first} Sigilosa Quintanilha ${n}`;
    const email = `${first.toLowerCase()}.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    const taxId = generateCpf();
    const street = `Rua Esquecida de ${first} ${n}`;
    const id = await signUp(name, email, password);
    const cookie = await signIn(email, password);

    const { updateProfile } = await import('~/server/account/profile.server');
    const { addressSchema } = await import('~/lib/schemas/address');
    const { saveAddress } = await import('~/server/account/addresses.server');
    const { saveKit } = await import('~/server/account/saved-kits.server');
    const { addFavorite } = await import('~/server/account/favorites.server');
    const { savePreferences } = await import('~/server/account/preferences.server');
    const { subscribeToNewsletter } = await import('~/server/newsletter/newsletter.server');
    const { submitContactMessage } = await import('~/server/contact/contact.server');
    const { replyToContactMessage } = await import('~/server/contact/admin.server');
    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');

    await updateProfile(db, id, { name, taxId });
    await saveAddress(db, id, addressSchema.parse({ name, zipCode: '20040-020', street, number: '77', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ', isDefault: 'on' }));
    const [product] = await db
      .select({ id: s.products.id, variantId: s.productVariants.id })
      .from(s.products)
      .innerJoin(s.productVariants, eq(s.productVariants.productId, s.products.id))
      .where(eq(s.products.isKit, false))
      .limit(1);
    await saveKit(db, id, { name: `Kit de ${first}`, items: [{ productId: product!.id, variantId: product!.variantId, quantity: 2 }] });
    await addFavorite(db, id, product!.id);
    await savePreferences(db, id, { theme: 'dark', hideChatbot: true });
    await subscribeToNewsletter(db, email.toUpperCase());
    // "Avise-me quando chegar" (issue 36): one from the account, one typed as a visitor with the same address (already sent).
    await db.insert(s.stockAlerts).values([
      { variantId: product!.variantId, userId: id, email, confirmedAt: new Date() },
      { variantId: product!.variantId, email, confirmTokenHash: randomUUID(), confirmedAt: new Date(), notifiedAt: new Date() },
    ]);
    // The cart kept on the server and a reminder about it (issue 36), a line named after the customer.
    const { syncCart } = await import('~/server/carts/carts.server');
    const cartLine = { id: product!.variantId, product_id: product!.id, name: `Presente para ${name}`, price: '10.00', quantity: 1, image_url: null };
    await syncCart(db, id, { mode: 'merge', items: [cartLine] });
    await db.insert(s.cartReminders).values({ userId: id, step: 1, cartVersion: 1, items: [cartLine], subtotal: '10.00', tokenHash: randomUUID() });
    const contact = await submitContactMessage(db, { name, email, subject: `Dúvida de ${first}`, message: `Meu CPF é ${taxId}, moro na ${street}.` });
    const [message] = await db.select({ id: s.contactMessages.id }).from(s.contactMessages).where(eq(s.contactMessages.email, email));
    expect(contact).toBeTruthy();
    await replyToContactMessage(db, { id: message!.id, adminUserId: adminId, body: `Olá, ${name}! Respondido.` });
    // Two purchases (delivered later, and one left pending), each with its items, history and payment attempt.
    const buy = () =>
      placeOrder(
        db,
        { id, name, email },
        payNowSchema.parse({
          intent: 'pay',
          cart: JSON.stringify([{ id: product!.variantId, product_id: product!.id, quantity: 1 }]),
          idempotencyKey: randomUUID(),
          paymentMethod: 'pix',
          delivery: { addressId: 'new', recipientName: name, newAddress: { zipCode: '01310-100', street, number: '1000', complement: `casa de ${first}`, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' } },
          taxId,
        }),
        builtInProvider,
      );
    const first_ = await buy();
    await buy();
    // An admin's note naming the customer, in the order's history.
    await db.insert(s.orderEvents).values({ orderId: first_.orderId, toStatus: 'pending', actor: 'admin', actorUserId: adminId, note: `Ligar para ${name} (${email})` });
    // A return done and refunded: the customer's words, the store's answer, the Pix key its refund went to (and the order's own).
    const [line] = await db.select({ id: s.orderItems.id }).from(s.orderItems).where(eq(s.orderItems.orderId, first_.orderId)).limit(1);
    const [ret] = await db
      .insert(s.returns)
      .values({
        protocol: `DEV-20261127-${randomUUID().slice(0, 6).toUpperCase()}`,
        orderId: first_.orderId,
        userId: id,
        kind: 'withdrawal',
        status: 'refunded',
        reason: `Sou ${name} e desisti`,
        instructions: `Coleta na ${street} com ${name}`,
        refundAmount: '1.00',
        refundStatus: 'refunded',
        refundReference: 'E1234567890',
        refundPixKey: taxId,
        answerDueAt: new Date(),
      })
      .returning();
    await db.insert(s.returnItems).values({ returnId: ret!.id, orderItemId: line!.id, quantity: 1, restockedQuantity: 0 });
    await db.insert(s.returnEvents).values({ returnId: ret!.id, toStatus: 'requested', actor: 'customer', actorUserId: id, note: `Pedido por ${email}` });
    await db.update(s.orders).set({ refundPixKey: email }).where(eq(s.orders.id, first_.orderId));
    // A review of what they bought (issue 36), with a photo: their words and picture, under their name.
    const [review] = await db
      .insert(s.reviews)
      .values({ productId: product!.id, userId: id, orderId: first_.orderId, authorName: name, rating: 5, title: `Ótimo, diz ${first}`, body: `Uso na ${street} e recomendo.`, status: 'approved' })
      .returning({ id: s.reviews.id });
    await db.insert(s.reviewPhotos).values({ reviewId: review!.id, position: 1, url: `/uploads/${randomUUID().replace(/-/g, '').slice(0, 20)}-640.webp` });
    // A subscription with a period and history, a programmed delivery, a saved card.
    const [sub] = await db
      .insert(s.userSubscriptions)
      .values({
        userId: id,
        frequency: 'monthly',
        status: 'active',
        anchorDate: '2026-11-10',
        nextDeliveryDate: '2026-12-10',
        totalValue: '49.90',
        paidThrough: '2026-12-10',
        taxId,
        shipName: name,
        shipStreet: street,
        shipNumber: '1',
        shipNeighborhood: 'Centro',
        shipCity: 'Rio de Janeiro',
        shipState: 'RJ',
        shipZipCode: '20040020',
      })
      .returning();
    await db.insert(s.subscriptionPeriods).values({ subscriptionId: sub!.id, periodDate: '2026-11-10', periodEnd: '2026-12-10', kind: 'initial', amount: '49.90', orderId: first_.orderId, status: 'paid' });
    await db.insert(s.subscriptionEvents).values({ subscriptionId: sub!.id, kind: 'created', toStatus: 'active', actor: 'admin', actorUserId: adminId, note: `Assinatura dada a ${name}` });
    const [delivery] = await db
      .insert(s.programmedDeliveries)
      .values({ userId: id, months: 2, anchorDate: '2026-11-10', nextDate: '2027-01-10', paymentMethod: 'pix', taxId, sourceOrderId: first_.orderId })
      .returning();
    await db.insert(s.programmedDeliveryItems).values({ deliveryId: delivery!.id, variantId: product!.variantId, productName: `Produto de ${first}`, quantity: 1 });
    await db.insert(s.programmedDeliveryRuns).values({ deliveryId: delivery!.id, scheduledFor: '2026-11-10', outcome: 'skipped', note: `Nada a enviar para ${first}` });
    await db.insert(s.savedCards).values({ userId: id, provider: 'mercadopago', customerReference: `cus-${first}-${randomUUID()}`, cardReference: `card-${first}-${randomUUID()}`, paymentMethodId: 'visa', lastFour: '4242' });
    // A password reset link (verification row) and a throttled e-mail keyed by the address.
    await callAuth(authRequest(), '/request-password-reset', { email, redirectTo: '/redefinir-senha' });
    await db.insert(s.mailThrottle).values({ key: `duplicate-sign-up:${email}`, sentAt: new Date() }).onConflictDoNothing();
    // An orçamento (issue 35): the CEP, the customer's note and the store's answer naming them.
    const [quote] = await db.insert(s.quotes).values({ userId: id, zipCode: '20040020' }).returning({ id: s.quotes.id });
    await db.insert(s.quoteItems).values({ quoteId: quote!.id, lineId: product!.variantId, productId: product!.id, productName: `Produto de ${first}`, quantity: 60, listPrice: '10.00', position: 1 });
    await db.insert(s.quoteMessages).values([
      { quoteId: quote!.id, author: 'customer', authorUserId: id, body: `Sou ${name}, CPF ${taxId}, entregar na ${street}` },
      { quoteId: quote!.id, author: 'admin', authorUserId: adminId, body: `Olá ${name}, respondemos para ${email}` },
    ]);
    return { id, name, email, password, taxId, street, cookie };
  }

  beforeAll(async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-privacy-', 'clarear_privacy');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    ({ callAuth } = await import('~/server/auth/auth.server'));
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    exportLoader = (await import('~/routes/customer/data-export')).loader as RouteFn;
    deleteAction = (await import('~/routes/customer/delete-account')).action as RouteFn;
    const [admin] = await db.select().from(s.user).where(eq(s.user.email, TEST_ADMIN.email));
    adminId = admin!.id;
    ana = await customer('Ana', 1);
    bruno = await customer('Bruno', 2);
    await settleBackgroundTasks(10_000);
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('"Baixar meus dados": a JSON attachment with every table of the customer, nothing of another, no hash or token', async () => {
    const answer = await call(exportLoader, get('/area-cliente/meus-dados.json', ana.cookie));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="clarear-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const file = JSON.parse(answer.body) as Record<string, unknown> & {
      perfil: { email: string; taxId: string };
      enderecos: { street: string }[];
      pedidos: { itens: unknown[]; historico: unknown[]; pagamentos: unknown[]; shipStreet: string }[];
      assinaturas: { periodos: unknown[]; historico: unknown[] }[];
      entregasProgramadas: { itens: unknown[]; execucoes: unknown[] }[];
      listaDeDesejos: unknown[];
      kitsSalvos: { itens: unknown[] }[];
      preferencias: { theme: string };
      newsletter: { email: string };
      mensagensDeContato: { respostas: unknown[] }[];
      cartoesSalvos: { lastFour: string }[];
      acesso: { contas: unknown[]; sessoes: unknown[] };
      emailsEnviados: unknown[];
      devolucoes: { reason: string; refundPixKey: string; itens: unknown[]; historico: unknown[] }[];
    };
    expect(file.perfil).toMatchObject({ email: ana.email, taxId: ana.taxId });
    expect(file.enderecos.map((a) => a.street)).toEqual([ana.street]);
    expect(file.pedidos).toHaveLength(2);
    for (const order of file.pedidos) {
      expect(order.itens.length).toBeGreaterThan(0);
      expect(order.historico.length).toBeGreaterThan(0);
      expect(order.pagamentos.length).toBeGreaterThan(0);
      expect(order.shipStreet).toBe(ana.street);
    }
    expect(file.assinaturas).toHaveLength(1);
    expect(file.assinaturas[0]!.periodos).toHaveLength(1);
    expect(file.assinaturas[0]!.historico).toHaveLength(1);
    expect(file.entregasProgramadas[0]!.itens).toHaveLength(1);
    expect(file.entregasProgramadas[0]!.execucoes).toHaveLength(1);
    expect(file.listaDeDesejos).toHaveLength(1);
    expect(file.kitsSalvos[0]!.itens).toHaveLength(1);
    expect(file.preferencias.theme).toBe('dark');
    expect(file.newsletter.email).toBe(ana.email);
    expect((file as unknown as { avisosDeEstoque: { email: string }[] }).avisosDeEstoque.map((a) => a.email)).toEqual([ana.email, ana.email]);
    expect(file.mensagensDeContato).toHaveLength(1);
    expect((file as unknown as { avaliacoes: { texto: string; fotos: string[] }[] }).avaliacoes).toEqual([expect.objectContaining({ texto: `Uso na ${ana.street} e recomendo.`, fotos: [expect.stringMatching(/^\/uploads\//)] })]);
    expect(file.mensagensDeContato[0]!.respostas).toHaveLength(1);
    const carts = file as unknown as { carrinho: { versao: number } | null; lembretesDeCarrinho: { itens: { name: string }[] }[] };
    expect(carts.carrinho).not.toBeNull();
    expect(carts.lembretesDeCarrinho.map((r) => r.itens[0]!.name)).toEqual([`Presente para ${ana.name}`]);
    expect(file.cartoesSalvos.map((c) => c.lastFour)).toEqual(['4242']);
    expect((file as unknown as { orcamentos: { zipCode: string; itens: unknown[]; mensagens: unknown[] }[] }).orcamentos).toEqual([expect.objectContaining({ zipCode: '20040020', itens: [expect.anything()], mensagens: [expect.anything(), expect.anything()] })]);
    expect(file.acesso.contas).toHaveLength(1);
    expect(file.acesso.sessoes.length).toBeGreaterThan(0);
    expect(file.emailsEnviados.length).toBeGreaterThan(0);
    expect(file.devolucoes).toEqual([expect.objectContaining({ reason: `Sou ${ana.name} e desisti`, refundPixKey: ana.taxId, itens: [expect.anything()], historico: [expect.anything()] })]);

    // Nothing of Bruno's.
    for (const secret of [bruno.id, bruno.name, bruno.email, bruno.taxId, bruno.street]) expect(answer.body).not.toContain(secret);
    // No password hash, session token, verification value or the gateway's references.
    const [login] = await db.select().from(s.account).where(eq(s.account.userId, ana.id));
    const sessions = await db.select().from(s.session).where(eq(s.session.userId, ana.id));
    const cards = await db.select().from(s.savedCards).where(eq(s.savedCards.userId, ana.id));
    const links = await db.select().from(s.verification).where(eq(s.verification.value, ana.id));
    expect(links.length).toBeGreaterThan(0);
    const hidden = [login!.password!, ...sessions.map((x) => x.token), ...cards.flatMap((c) => [c.cardReference, c.customerReference]), ...links.map((l) => l.identifier)];
    for (const secret of hidden) expect(answer.body).not.toContain(secret);
    expect(answer.body).not.toMatch(/"(password|token|accessToken|refreshToken|idToken|idempotencyKey|customerReference|cardReference)"\s*:/);

    // Bruno's file is Bruno's.
    const his = await call(exportLoader, get('/area-cliente/meus-dados.json', bruno.cookie));
    expect(JSON.parse(his.body).perfil.email).toBe(bruno.email);
    expect(his.body).not.toContain(ana.email);
    // Anonymous: to the login.
    const anonymous = await call(exportLoader, get('/area-cliente/meus-dados.json', null));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/area-cliente/meus-dados.json')}`);
  });

  /** Every row of every table, as text: a refusal must leave all of it as it was. */
  async function everything(): Promise<string[]> {
    const tables = await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1`);
    const out: string[] = [];
    for (const { table_name } of tables.rows) {
      // The mail worker moves e-mails along meanwhile: an e-mail counts by what it is and to whom.
      const columns = table_name === 'email_outbox' ? sql`id, kind, to_address, subject` : sql`*`;
      const rows = await db.execute(sql`select ${columns} from ${sql.identifier(table_name)}`);
      out.push(...rows.rows.map((r) => `${table_name}: ${JSON.stringify(r)}`));
    }
    return out.sort();
  }

  it('a wrong password or no EXCLUIR: a pt-BR error and nothing changed', async () => {
    const before = await everything();
    const wrong = await erase(ana, 'senha-errada-123', 'EXCLUIR');
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({ errors: { password: 'Senha incorreta.' } });
    const unconfirmed = await erase(ana, ana.password, 'sim');
    expect(unconfirmed.status).toBe(400);
    expect(JSON.parse(unconfirmed.body).errors.confirmation).toBe('Digite EXCLUIR para confirmar.');
    expect(await everything()).toEqual(before);
  });

  it('refused while an order is paid, in separation or shipped; an admin account is refused', async () => {
    const { applyOrderAction, confirmPayment } = await import('~/server/orders/transitions.server');
    const { toCents } = await import('~/lib/money');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.userId, ana.id)).orderBy(s.orders.createdAt).limit(1);
    const admin = { kind: 'admin' as const, userId: adminId };
    await confirmPayment(db, { orderId: order!.id, provider: 'manual', reference: `manual:${order!.id}`, amountCents: toCents(order!.totalPrice), actor: admin });
    const steps: [string, () => Promise<unknown>][] = [
      ['pago', async () => undefined],
      ['em separação', () => applyOrderAction(db, { orderId: order!.id, action: 'start_preparing', actor: admin })],
      ['enviado', () => applyOrderAction(db, { orderId: order!.id, action: 'ship', actor: admin, carrier: 'jadlog', trackingCode: 'JD123456' })],
    ];
    for (const [label, step] of steps) {
      await step();
      const before = await everything();
      const refused = await erase(ana, ana.password, 'EXCLUIR');
      expect(refused.status, label).toBe(409);
      expect(JSON.parse(refused.body).message).toContain(label);
      expect(JSON.parse(refused.body).message).toContain('pedido em andamento');
      expect(await everything()).toEqual(before);
    }
    await applyOrderAction(db, { orderId: order!.id, action: 'deliver', actor: admin });
    // A return the store is still handling waits too.
    await db.update(s.returns).set({ status: 'requested' }).where(eq(s.returns.userId, ana.id));
    const withReturn = await erase(ana, ana.password, 'EXCLUIR');
    expect(withReturn.status).toBe(409);
    expect(JSON.parse(withReturn.body).message).toContain('devolução em andamento');
    await db.update(s.returns).set({ status: 'refunded' }).where(eq(s.returns.userId, ana.id));

    const adminCookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const adminAttempt = await erase({ cookie: adminCookie }, TEST_ADMIN.password, 'EXCLUIR');
    expect(adminAttempt.status).toBe(409);
    expect(JSON.parse(adminAttempt.body).message).toMatch(/administrador/);
  });

  it('erases the account: signed out, no trace in any text column, orders and totals kept, subscription cancelled; the e-mail signs up again', async () => {
    const totals = async () =>
      (await db.execute<{ n: number; total: string }>(sql`select count(*)::int as n, coalesce(sum(total_price), 0)::text as total from orders`)).rows[0]!;
    const before = await totals();
    const anaOrders = (await db.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.userId, ana.id))).map((o) => o.id);
    const [anaSubscription] = await db.select().from(s.userSubscriptions).where(eq(s.userSubscriptions.userId, ana.id));
    const brunoExport = (await call(exportLoader, get('/area-cliente/meus-dados.json', bruno.cookie))).body;

    const done = await erase(ana, ana.password, ' excluir ');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    const setCookie = done.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/clarear\.session_token=;/);
    expect(setCookie).toMatch(/clarear_toast=[^;]+/);
    expect((await call(exportLoader, get('/area-cliente/meus-dados.json', ana.cookie))).status).toBe(302);

    // No text, varchar, json or jsonb column of any table holds her name, e-mail or CPF (digits or formatted), or her street.
    const { displayTaxId } = await import('~/lib/tax-id');
    const needles = [ana.name, ana.email, ana.taxId, displayTaxId(ana.taxId), ana.street, ana.id];
    const columns = await db.execute<{ table_name: string; column_name: string }>(
      sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY') order by 1, 2`,
    );
    expect(columns.rows.length).toBeGreaterThan(50);
    const scan = async (values: string[]) => {
      const found: string[] = [];
      for (const { table_name, column_name } of columns.rows) {
        for (const needle of values) {
          const hits = await db.execute<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
          );
          if (hits.rows[0]!.n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
        }
      }
      return found;
    };
    expect(await scan(needles)).toEqual([]);
    // The same scan does find a customer who is still here (in his profile, orders, messages, e-mails…).
    const his = await scan([bruno.name, bruno.email, bruno.taxId]);
    for (const where of ['user.name', 'user.email', 'user.tax_id', 'orders.ship_name', 'orders.tax_id', 'orders.refund_pix_key', 'returns.reason', 'returns.refund_pix_key', 'return_events.note', 'contact_messages.message', 'email_outbox.text_body', 'newsletter_subscriptions.email', 'stock_alerts.email', 'reviews.author_name']) {
      expect(his.some((hit) => hit.startsWith(`${where}:`)), where).toBe(true);
    }

    // The fiscal records stay: every order, the same total; hers anonymized, the pending one cancelled.
    expect(await totals()).toEqual(before);
    const kept = await db.select().from(s.orders).where(sql`${s.orders.id} in ${anaOrders}`);
    expect(kept).toHaveLength(2);
    for (const order of kept) expect(order).toMatchObject({ userId: null, taxId: null, shipName: 'Cliente excluído', shipCity: 'São Paulo', shipState: 'SP', shipZipCode: '00000000' });
    expect(kept.map((o) => o.status).sort()).toEqual(['cancelled', 'delivered']);
    const [subscription] = await db.select().from(s.userSubscriptions).where(eq(s.userSubscriptions.id, anaSubscription!.id));
    expect(subscription).toMatchObject({ status: 'cancelled', userId: null, taxId: null, shipName: null });
    expect(await db.select().from(s.programmedDeliveries).where(eq(s.programmedDeliveries.userId, ana.id))).toEqual([]);
    expect(await db.select().from(s.user).where(eq(s.user.id, ana.id))).toEqual([]);
    // Bruno's data is untouched.
    const brunoAfter = (await call(exportLoader, get('/area-cliente/meus-dados.json', bruno.cookie))).body;
    const withoutTimes = (text: string) => JSON.stringify({ ...JSON.parse(text), geradoEm: null, acesso: null });
    expect(withoutTimes(brunoAfter)).toBe(withoutTimes(brunoExport));

    // The admin sees her orders as the anonymous marker.
    const { listAdminOrders } = await import('~/server/orders/admin-orders.server');
    const { getOrderDetail } = await import('~/server/orders/orders.server');
    const listed = (await listAdminOrders(db, {})).rows.filter((r) => anaOrders.includes(r.id));
    expect(listed.map((r) => r.customerName)).toEqual(['Cliente excluído', 'Cliente excluído']);
    expect((await getOrderDetail(db, anaOrders[0]!))?.customer).toBeNull();

    // The old password opens nothing; the same e-mail makes a new account.
    expect((await callAuth(authRequest(), '/sign-in/email', { email: ana.email, password: ana.password })).ok).toBe(false);
    const newId = await signUp('Ana de Novo', ana.email, 'outra-senha-123');
    expect(newId).not.toBe(ana.id);
    const fresh = await call(exportLoader, get('/area-cliente/meus-dados.json', await signIn(ana.email, 'outra-senha-123')));
    const file = JSON.parse(fresh.body);
    expect(file.pedidos).toEqual([]);
    expect(file.assinaturas).toEqual([]);
    expect(file.newsletter).toBeNull();
    expect(file.mensagensDeContato).toEqual([]);
  });

  it('the privacy policy names the art. 18 rights and where to use them; the seed never overwrites an edited one', async () => {
    const { seedCatalogue } = await import('~/db/seed/seed.server');
    const { legalPages } = await import('~/db/seed/data');
    const source = legalPages.find((p) => p.slug === 'politica-privacidade')!;
    for (const right of ['Confirmação', 'acesso', 'Correção', 'Anonimização, bloqueio ou eliminação', 'Portabilidade', 'Informação sobre o compartilhamento', 'revogação do consentimento', 'Baixar meus dados', 'Excluir minha conta', '/area-cliente/perfil', 'privacidade@clarear.com.br']) {
      expect(source.content).toContain(right);
    }
    // A text the seed never wrote is the admin's: kept (an unedited earlier seeded text is brought up to
    // date, tests/integration/legal-terms.test.ts); a second run writes nothing.
    await db.update(s.legalPages).set({ content: '<p>Texto do admin.</p>', updatedAt: new Date('2026-05-01T12:00:00Z') }).where(eq(s.legalPages.slug, 'politica-privacidade'));
    await seedCatalogue(db);
    const [kept] = await db.select().from(s.legalPages).where(eq(s.legalPages.slug, 'politica-privacidade'));
    expect(kept!.content).toBe('<p>Texto do admin.</p>');
    const [terms] = await db.select().from(s.legalPages).where(eq(s.legalPages.slug, 'termos-uso'));
    await seedCatalogue(db);
    const [again] = await db.select().from(s.legalPages).where(eq(s.legalPages.slug, 'termos-uso'));
    expect(again!.updatedAt).toEqual(terms!.updatedAt);
  });

  it('refused while the store owes a refund (a paid order cancelled, money not yet back)', async () => {
    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');
    const { applyOrderAction, confirmPayment } = await import('~/server/orders/transitions.server');
    const { toCents } = await import('~/lib/money');
    const [product] = await db
      .select({ id: s.products.id, variantId: s.productVariants.id })
      .from(s.products)
      .innerJoin(s.productVariants, eq(s.productVariants.productId, s.products.id))
      .where(eq(s.products.isKit, false))
      .limit(1);
    const email = `elisa.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = 'senha-da-elisa-1';
    const id = await signUp('Elisa Reembolso', email, password);
    const cookie = await signIn(email, password);
    const { orderId } = await placeOrder(
      db,
      { id, name: 'Elisa Reembolso', email },
      payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify([{ id: product!.variantId, product_id: product!.id, quantity: 1 }]),
        idempotencyKey: randomUUID(),
        paymentMethod: 'pix',
        delivery: { addressId: 'new', recipientName: 'Elisa Reembolso', newAddress: { zipCode: '01310-100', street: 'Rua do Reembolso', number: '3', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' } },
        taxId: generateCpf(),
      }),
      builtInProvider,
    );
    const [order] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
    const admin = { kind: 'admin' as const, userId: adminId };
    await confirmPayment(db, { orderId, provider: 'manual', reference: `manual:${orderId}`, amountCents: toCents(order!.totalPrice), actor: admin });
    await applyOrderAction(db, { orderId, action: 'cancel', actor: admin, reason: 'Sem estoque' });
    const refused = await erase({ cookie }, password);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body).message).toContain('reembolso');
    expect(await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, id))).toHaveLength(1);
    // Once the money is back, the account can go.
    await db.update(s.orders).set({ refundStatus: 'refunded' }).where(eq(s.orders.id, orderId));
    expect((await erase({ cookie }, password)).status).toBe(302);
  });

  it('a checkout racing the erasure: its order is either anonymized and cancelled, or never made', async () => {
    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');
    const [product] = await db
      .select({ id: s.products.id, variantId: s.productVariants.id })
      .from(s.products)
      .innerJoin(s.productVariants, eq(s.productVariants.productId, s.products.id))
      .where(eq(s.products.isKit, false))
      .limit(1);
    const name = 'Daniela Corrida Pereira';
    const email = `daniela.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = 'senha-da-daniela-1';
    const id = await signUp(name, email, password);
    const cookie = await signIn(email, password);
    const street = 'Rua da Corrida Secreta';
    const before = (await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n;
    const [checkout, erased] = await Promise.allSettled([
      placeOrder(
        db,
        { id, name, email },
        payNowSchema.parse({
          intent: 'pay',
          cart: JSON.stringify([{ id: product!.variantId, product_id: product!.id, quantity: 1 }]),
          idempotencyKey: randomUUID(),
          paymentMethod: 'pix',
          delivery: { addressId: 'new', recipientName: name, newAddress: { zipCode: '01310-100', street, number: '9', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' } },
          taxId: generateCpf(),
        }),
        builtInProvider,
      ),
      erase({ cookie }, password),
    ]);
    expect(erased.status === 'fulfilled' && erased.value.status).toBe(302);
    expect(await db.select().from(s.user).where(eq(s.user.id, id))).toEqual([]);
    const after = (await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n;
    if (checkout.status === 'fulfilled') {
      // The order committed first: the erasure found it, cancelled it (unpaid) and anonymized it.
      const [order] = await db.select().from(s.orders).where(eq(s.orders.id, checkout.value.orderId));
      expect(order).toMatchObject({ userId: null, status: 'cancelled', shipName: 'Cliente excluído', shipStreet: 'Removido (conta excluída)' });
      expect(after).toBe(before + 1);
    } else {
      expect(after).toBe(before);
    }
    const leftovers = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders where ship_name = ${name} or ship_street = ${street}`);
    expect(leftovers.rows[0]!.n).toBe(0);
  });

  it('two erasures at once: one succeeds, the other is refused cleanly', async () => {
    const email = `carla.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = 'senha-da-carla-1';
    const id = await signUp('Carla Dupla', email, password);
    const cookie = await signIn(email, password);
    const answers = await Promise.all([erase({ cookie }, password), erase({ cookie }, password)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((st) => st === 302)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 302 && a.headers.get('location') === '/')).toHaveLength(1);
    const other = answers.find((a) => a.headers.get('location') !== '/')!;
    expect([302, 401, 404]).toContain(other.status);
    if (other.status === 302) expect(other.headers.get('location')).toMatch(/^\/login/);
    expect(await db.select().from(s.user).where(eq(s.user.id, id))).toEqual([]);
  });
});
