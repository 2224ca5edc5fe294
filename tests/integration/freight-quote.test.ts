// "Calcular frete" on a product (issue 33), through POST /frete/cotacao on every engine: the seeded store
// answers Entrega Clarear, free, with a date; with Correios PAC switched on, Manaus gets its table price
// (from the database, whatever the form says about prices) and a promised date, and a subscriber ships
// free; with only the Correios on, 5 L of alcohol to Manaus is refused naming the product; a bad CEP, an
// id that is not a uuid or one the store does not sell are refused in pt-BR without echoing anything;
// the answers are private, never cached, and counted with the checkout's quote per address.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type { FreightQuote } from '~/lib/freight';
import type { FreightQuoteAnswer } from '~/lib/schemas/freight-quote';
import type * as FreightQuoteRoute from '~/routes/freight-quote';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';

const ORIGIN = 'http://localhost:3000';
const MANAUS = '69005-000';
const SAO_PAULO = '01001-000';
const QUOTE_LIMIT = 3;

type Answer = { status: number; body: FreightQuoteAnswer; headers: Headers };

/** The action's answer as the browser gets it (data() with its init). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type !== 'DataWithResponseInit') throw new Error(`unexpected answer: ${String(value)}`);
  return { status: wrapped.init?.status ?? 200, body: wrapped.data as FreightQuoteAnswer, headers: new Headers(wrapped.init?.headers) };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('Calcular frete on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let route: typeof FreightQuoteRoute;
  let optionLabel: (o: { name: string; priceCents: number; deliveryBy: string }) => string;
  let today: string;
  let ids: { detergent1L: string; alcohol5L: string; kit: string };
  let subscriber: string;
  let address = 0;

  const post = (fields: Record<string, string>, options: { cookie?: string; from?: string } = {}) => {
    const headers = new Headers({ origin: ORIGIN, 'x-forwarded-for': options.from ?? `10.33.${engineName === 'pglite' ? 1 : 2}.${++address}` });
    if (options.cookie) headers.set('cookie', options.cookie);
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return answerOf(() => route.action({ request: new Request(`${ORIGIN}/frete/cotacao`, { method: 'POST', headers, body }), params: {}, context: {} } as never));
  };
  const quoteOf = (answer: Answer): FreightQuote => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.quote!;
  };
  const setActive = async (names: string[], active: boolean) => {
    await db.update(s.shippingServices).set({ active }).where(inArray(s.shippingServices.name, names));
    // Written behind the admin's back: the quotes' cached rules are forgotten as an admin's save does.
    (await import('~/server/shipping/rules.server')).forgetFreightRules();
  };

  it('opens the app (migrated and seeded at start) and signs in a subscriber', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-freight-quote-', 'clarear_freight_quote');
    process.env.QUOTE_RATE_LIMIT_MAX = String(QUOTE_LIMIT);
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    const { now } = await import('~/lib/clock');
    const { todayInBrazil } = await import('~/lib/plans');
    ({ optionLabel } = await import('~/components/checkout/freight-choice'));
    s = await import('~/db/schema');
    route = await import('~/routes/freight-quote');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    today = todayInBrazil(now());

    const size = async (slug: string, label: string) => {
      const [row] = await db
        .select({ id: s.productVariants.id })
        .from(s.productVariants)
        .innerJoin(s.products, eq(s.products.id, s.productVariants.productId))
        .where(and(eq(s.products.slug, slug), eq(s.productVariants.size, label)));
      return row!.id;
    };
    const [kit] = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.slug, 'kit-limpeza-pesada'));
    ids = { detergent1L: await size('detergente-neutro-concentrado', '1 L'), alcohol5L: await size('alcool-70', '5 L'), kit: kit!.id };

    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.34.0.${++address}` } });
    const email = `assinante.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Carla Assinante', email, password })).ok).toBe(true);
    await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email));
    const [user] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, email));
    // Paid through next month: a subscriber today (subscriptions.server isSubscriber).
    const next = new Date(`${today}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 30);
    const paidThrough = next.toISOString().slice(0, 10);
    await db.insert(s.userSubscriptions).values({ userId: user!.id, frequency: 'monthly', status: 'active', totalValue: '89.90', anchorDate: today, nextDeliveryDate: paidThrough, paidThrough });
    const signedIn = await callAuth(authRequest(), '/sign-in/email', { email, password });
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.code}`);
    subscriber = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });

  it("the seeded store answers 'Entrega Clarear' free with a date, for a size and for a kit, masked CEP or not", async () => {
    for (const [id, cep] of [
      [ids.detergent1L, SAO_PAULO],
      [ids.detergent1L, '01001000'],
      [ids.alcohol5L, MANAUS],
      [ids.kit, MANAUS],
    ] as const) {
      const answer = await post({ cep, id, quantity: '1' });
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
      const quote = quoteOf(answer);
      expect(quote).toMatchObject({ cep: cep.replace('-', ''), refusals: [], unavailable: null });
      expect(quote.parcels).toHaveLength(1);
      const [option] = quote.parcels[0]!.options;
      expect(quote.parcels[0]!.options).toHaveLength(1);
      expect(option).toMatchObject({ name: 'Entrega Clarear', priceCents: 0 });
      expect(option!.deliveryBy > today).toBe(true);
      expect(optionLabel(option!)).toMatch(/^Entrega Clarear — Grátis — chega até \d{2}\/\d{2}$/);
    }
  });

  it('with Correios PAC on, Manaus gets its table price (never the posted one) and a promised date; a subscriber ships free', async () => {
    await setActive(['Correios PAC'], true);
    try {
      // 1 L of detergent: 1,100 g billed (more than its 417 g cubic), the Norte bracket up to 2 kg.
      const one = quoteOf(await post({ cep: MANAUS, id: ids.detergent1L, quantity: '1', price: '0.01', unitCents: '1', priceCents: '0' }));
      const pac = one.parcels[0]!.options.find((o) => o.name === 'Correios PAC')!;
      expect(pac).toMatchObject({ priceCents: 5590, free: false, deadlineDays: 13, source: 'table' });
      expect(pac.deliveryBy > today).toBe(true);
      expect(optionLabel(pac)).toMatch(/^Correios PAC — R\$\s55,90 — chega até \d{2}\/\d{2}$/);
      expect(one.parcels[0]!.options.map((o) => o.name)).toEqual(['Entrega Clarear', 'Correios PAC']);
      // Two units: 2,200 g, the next bracket.
      const two = quoteOf(await post({ cep: MANAUS, id: ids.detergent1L, quantity: '2' }));
      expect(two.parcels[0]!.options.find((o) => o.name === 'Correios PAC')).toMatchObject({ priceCents: 8690 });
      // "Frete grátis para assinantes": the signed-in subscriber's PAC is free.
      const theirs = quoteOf(await post({ cep: MANAUS, id: ids.detergent1L, quantity: '1' }, { cookie: subscriber }));
      const free = theirs.parcels[0]!.options.find((o) => o.name === 'Correios PAC')!;
      expect(free).toMatchObject({ priceCents: 0, free: true });
      expect(optionLabel(free)).toMatch(/^Correios PAC — Grátis — chega até \d{2}\/\d{2}$/);
    } finally {
      await setActive(['Correios PAC'], false);
    }
  });

  it('with only the Correios on, 5 L of alcohol to Manaus is refused naming the product', async () => {
    await setActive(['Entrega Clarear'], false);
    await setActive(['Correios PAC', 'Correios SEDEX'], true);
    try {
      const quote = quoteOf(await post({ cep: MANAUS, id: ids.alcohol5L, quantity: '1' }));
      expect(quote.parcels).toEqual([]);
      expect(quote.unavailable).toBeNull();
      expect(quote.refusals).toHaveLength(1);
      expect(quote.refusals[0]!.name).toBe('Álcool 70% Líquido (5 L)');
      expect(quote.refusals[0]!.message).toMatch(/^Álcool 70% Líquido \(5 L\) não pode ser enviado pelos Correios para o CEP 69005-000: é um produto inflamável \(classe 3\)/);
      // The same store still takes the detergent there.
      const detergent = quoteOf(await post({ cep: MANAUS, id: ids.detergent1L, quantity: '1' }));
      expect(detergent.refusals).toEqual([]);
      expect(detergent.parcels[0]!.options.map((o) => o.name)).toEqual(['Correios PAC', 'Correios SEDEX']);
    } finally {
      await setActive(['Correios PAC', 'Correios SEDEX'], false);
      await setActive(['Entrega Clarear'], true);
    }
  });

  it("a bad CEP is a 400 'Informe um CEP válido.'; a bad or unknown id is refused without echoing it", async () => {
    for (const cep of ['', '0100-1000', '00000-000', '69005', 'abc']) {
      const answer = await post({ cep, id: ids.detergent1L, quantity: '1' });
      expect(answer).toMatchObject({ status: 400, body: { error: 'Informe um CEP válido.' } });
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    }
    expect(await post({ cep: SAO_PAULO, id: ids.detergent1L, quantity: '100' })).toMatchObject({ status: 400, body: { error: 'Escolha de 1 a 99 unidades.' } });
    for (const id of ["1' or '1'='1", 'plan:monthly', '']) {
      const answer = await post({ cep: SAO_PAULO, id, quantity: '1' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Produto inválido. Recarregue a página e tente novamente.' });
    }
    // A uuid the store does not sell, and a product's own id (not a kit's: its sizes are what is sold).
    const [detergent] = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.slug, 'detergente-neutro-concentrado'));
    for (const id of [randomUUID(), detergent!.id]) {
      const answer = await post({ cep: SAO_PAULO, id, quantity: '1' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Produto não encontrado. Recarregue a página e tente novamente.' });
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('is counted per address with the checkout quote: past the limit, 429 with Retry-After', async () => {
    const from = `10.35.${engineName === 'pglite' ? 1 : 2}.1`;
    for (let i = 0; i < QUOTE_LIMIT; i++) expect((await post({ cep: SAO_PAULO, id: ids.detergent1L, quantity: '1' }, { from })).status).toBe(200);
    const refused = await post({ cep: SAO_PAULO, id: ids.detergent1L, quantity: '1' }, { from });
    expect(refused).toMatchObject({ status: 429, body: { error: 'Muitas tentativas. Aguarde um minuto e tente novamente.' } });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.headers.get('Cache-Control')).toBe('private, no-store');
    // Another address is not held back.
    expect((await post({ cep: SAO_PAULO, id: ids.detergent1L, quantity: '1' })).status).toBe(200);
  });
});
