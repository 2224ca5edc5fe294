// Orçamentos (issue 35) on each engine: who may ask (a consumer from the store's minimum, a company
// always), the admin's answer (a customer's post is a 403), the thread, accepting → one order at
// exactly the quoted prices (a tampered cart ignored, no discount on top), an expired or edited
// quote refused in pt-BR, two accepts at once → one order, decline, another customer sees nothing
// (404), the expiry job.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { resetClock, setClock } from '~/lib/clock';
import { todayInBrazil } from '~/lib/plans';
import { belowQuoteMinimum, QUOTE_MESSAGES } from '~/lib/quotes';
import { payNowSchema } from '~/lib/schemas/checkout';
import { quoteAnswerSchema } from '~/lib/schemas/quotes';
import { getProductDetail, listFeaturedKits, searchProducts } from '~/server/catalog/catalog.server';
import { CheckoutError, placeOrder } from '~/server/flows/checkout.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { builtInProvider } from '~/server/payments/provider.server';
import {
  answerQuote,
  declineQuote,
  expireQuotes,
  getCustomerQuote,
  listAdminQuotes,
  listCustomerQuotes,
  postQuoteMessage,
  QuoteError,
  requestQuote,
} from '~/server/quotes/quotes.server';
import { action as adminQuoteAction } from '~/routes/admin/quote';
import { action as customerQuoteAction, loader as customerQuoteLoader } from '~/routes/customer/quote';
import { action as quoteCheckoutAction } from '~/routes/quote-checkout';
import type { PaymentProvider } from '~/server/payments/provider.server';
import { NEW_ADDRESS_DELIVERY, NEW_ADDRESS_FIELDS } from '../support/delivery';
import { engines } from '../support/engines';

const mocks = vi.hoisted(() => ({ getSessionUser: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', () => ({
  getSessionUser: mocks.getSessionUser,
  requireUser: async (request: Request) => {
    const user = (await mocks.getSessionUser(request)) as unknown;
    if (!user) throw new Response(null, { status: 302 });
    return user;
  },
  requireAdmin: async (request: Request) => {
    const user = (await mocks.getSessionUser(request)) as { role?: string } | null;
    if (user?.role !== 'admin') throw new Response(null, { status: 403 });
    return user;
  },
  requireAdminAction: async (request: Request) => {
    const user = (await mocks.getSessionUser(request)) as { role?: string } | null;
    if (user?.role !== 'admin') throw new Response(null, { status: 403 });
    return user;
  },
}));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type Args = { request: Request; params: Record<string, string>; context: unknown };
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function statusOf(run: () => unknown): Promise<number> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return value.status;
  const d = value as { type?: string; init: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return d.init?.status ?? 200;
  return 200;
}

describe.each(engines)('quotes on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string; cents: number };
  let kit: { id: string };
  let admin: { id: string; name: string; email: string; role: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const d = (await getProductDetail(handle.db, p!.slug))!;
    variant = { id: d.variants[0]!.id, productId: d.id, cents: Math.round(Number(d.variants[0]!.price) * 100) };
    await handle.db.update(t.productVariants).set({ stock: 10_000 }).where(eq(t.productVariants.id, variant.id));
    const [k] = await listFeaturedKits(handle.db);
    kit = { id: k!.id };
    mocks.getDb.mockResolvedValue(handle.db);
    admin = await newUser('admin');
  });
  afterAll(async () => {
    resetClock();
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  async function newUser(role = 'customer') {
    n += 1;
    const id = `q-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Pessoa ${n}`, email: `${id}@exemplo.com.br`, role });
    return { id, name: `Pessoa ${n}`, email: `${id}@exemplo.com.br`, role };
  }
  async function newCompanyWith(...members: { id: string }[]) {
    const [c] = await handle.db
      .insert(t.companies)
      .values({ taxId: `1122233300${String(1000 + n).slice(-4)}`, legalName: `Empresa ${n} Ltda`, tradeName: `Empresa ${n}`, ieIndicator: 9 })
      .returning({ id: t.companies.id });
    for (const [i, m] of members.entries()) await handle.db.insert(t.companyMembers).values({ companyId: c!.id, userId: m.id, role: i === 0 ? 'owner' : 'buyer' });
    return c!.id;
  }
  const cartOf = (quantity: number) => [{ id: variant.id, product_id: variant.productId, quantity }];
  const answerInput = (detail: { version: number; items: { id: string }[] }, cents: number, extra: Record<string, string> = {}) =>
    quoteAnswerSchema(todayInBrazil()).parse({
      intent: 'answer',
      version: String(detail.version),
      prices: Object.fromEntries(detail.items.map((i) => [i.id, (cents / 100).toFixed(2).replace('.', ',')])),
      ...extra,
    });
  function pay(buyer: { id: string; name: string; email: string }, quote: { id: string; version: number }, cart = cartOf(1), key = randomUUID(), provider: PaymentProvider = builtInProvider, paymentMethod = 'pix') {
    const input = payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart), idempotencyKey: key, paymentMethod, delivery: NEW_ADDRESS_DELIVERY, taxId: generateCpf() });
    return placeOrder(handle.db, buyer, { ...input, quote }, provider);
  }
  async function answered(buyer: { id: string }, unitCents: number, extra: Record<string, string> = {}) {
    const { id } = await requestQuote(handle.db, buyer, { cart: cartOf(60), note: 'Preciso para o condomínio' });
    const detail = (await getCustomerQuote(handle.db, buyer.id, id))!;
    await answerQuote(handle.db, admin.id, id, answerInput(detail, unitCents, extra));
    return (await getCustomerQuote(handle.db, buyer.id, id))!;
  }
  const mails = async (kind: string) => (await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.kind, kind))).length;

  it('a consumer below the minimum is refused in pt-BR; from the minimum, and a company always, may ask', async () => {
    const consumer = await newUser();
    const refused = await requestQuote(handle.db, consumer, { cart: cartOf(10), note: 'Quero desconto' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QuoteError);
    expect((refused as QuoteError).message).toBe(belowQuoteMinimum(50, 10));

    const big = await requestQuote(handle.db, consumer, { cart: [...cartOf(49), { id: kit.id, product_id: kit.id, quantity: 1 }], note: 'Para a igreja', cep: '01310100' });
    const detail = (await getCustomerQuote(handle.db, consumer.id, big.id))!;
    expect(detail.status).toBe('new');
    expect(detail.zipCode).toBe('01310100');
    expect(detail.items.map((i) => [i.lineId, i.quantity, i.isKit])).toEqual([
      [variant.id, 49, false],
      [kit.id, 1, true],
    ]);
    // Today's list price, read by the server.
    expect(detail.items[0]!.listCents).toBe(variant.cents);
    expect(detail.messages.map((m) => [m.author, m.body])).toEqual([['customer', 'Para a igreja']]);
    expect(await mails('quote-requested')).toBeGreaterThan(0);
    expect(await mails('quote-requested-store')).toBeGreaterThan(0);

    const owner = await newUser();
    const buyer = await newUser();
    const companyId = await newCompanyWith(owner, buyer);
    const small = await requestQuote(handle.db, buyer, { cart: cartOf(2), note: 'Compra mensal' });
    const row = (await handle.db.select().from(t.quotes).where(eq(t.quotes.id, small.id)))[0]!;
    expect(row.companyId).toBe(companyId);
    // Every member sees the company's quote; someone else does not.
    expect((await listCustomerQuotes(handle.db, owner.id)).map((q) => q.id)).toContain(small.id);
    expect(await getCustomerQuote(handle.db, owner.id, small.id)).not.toBeNull();
    expect(await getCustomerQuote(handle.db, consumer.id, small.id)).toBeNull();
  });

  it('the admin answers per line (a customer posting it gets 403), the thread goes both ways, and the list counts by status', async () => {
    const buyer = await newUser();
    const { id } = await requestQuote(handle.db, buyer, { cart: cartOf(60), note: 'Preço para 60?' });
    const detail = (await getCustomerQuote(handle.db, buyer.id, id))!;
    const fields = { intent: 'answer', version: '0', [`prices.${detail.items[0]!.id}`]: '9,90', freight: '25,00', message: 'Fechado' };

    mocks.getSessionUser.mockResolvedValueOnce(buyer);
    expect(await statusOf(() => adminQuoteAction({ request: new Request(`http://localhost/admin/orcamentos/${id}`, form(fields)), params: { id }, context: {} } as Args as Parameters<typeof adminQuoteAction>[0]))).toBe(403);
    expect((await getCustomerQuote(handle.db, buyer.id, id))!.status).toBe('new');

    mocks.getSessionUser.mockResolvedValueOnce(admin);
    expect(await statusOf(() => adminQuoteAction({ request: new Request(`http://localhost/admin/orcamentos/${id}`, form(fields)), params: { id }, context: {} } as Args as Parameters<typeof adminQuoteAction>[0]))).toBe(302);
    const after = (await getCustomerQuote(handle.db, buyer.id, id))!;
    expect(after.status).toBe('answered');
    expect(after.version).toBe(1);
    expect(after.items[0]!.unitCents).toBe(990);
    expect(after.freightCents).toBe(2500);
    expect(after.totalCents).toBe(990 * 60 + 2500);
    expect(await mails('quote-answered')).toBeGreaterThan(0);

    await postQuoteMessage(handle.db, { kind: 'customer', userId: buyer.id }, id, 'Pode entregar na sexta?');
    await postQuoteMessage(handle.db, { kind: 'admin', userId: admin.id }, id, 'Sim.');
    expect((await getCustomerQuote(handle.db, buyer.id, id))!.messages.map((m) => m.body)).toEqual(['Preço para 60?', 'Fechado', 'Pode entregar na sexta?', 'Sim.']);
    expect(await mails('quote-message-to-store')).toBeGreaterThan(0);
    expect(await mails('quote-message-to-customer')).toBeGreaterThan(0);

    // A stale form (version 0) is refused: another answer was saved meanwhile.
    const stale = await answerQuote(handle.db, admin.id, id, answerInput({ ...after, version: 0 }, 800)).catch((e: unknown) => e);
    expect((stale as QuoteError).message).toBe(QUOTE_MESSAGES.adminChanged);

    const list = await listAdminQuotes(handle.db, 'answered');
    expect(list.items.map((q) => q.id)).toContain(id);
    expect(list.counts.answered).toBeGreaterThan(0);
    expect(list.counts.new).toBeGreaterThan(0);
  });

  it('accepting makes one order at exactly the quoted prices and freight: the posted cart is ignored, no discount on top', async () => {
    const buyer = await newUser();
    const quote = await answered(buyer, 777, { freight: '12,34' });
    // A tampered cart (another quantity, another line) is not what is sold.
    const { orderId } = await pay(buyer, quote, [{ id: kit.id, product_id: kit.id, quantity: 1 }]);
    const order = (await handle.db.select().from(t.orders).where(eq(t.orders.id, orderId)))[0]!;
    const items = await handle.db.select().from(t.orderItems).where(eq(t.orderItems.orderId, orderId));
    expect(items.map((i) => [i.quantity, i.priceAtPurchase])).toEqual([[60, '7.77']]);
    expect(order.discountPrice).toBe('0.00');
    expect(order.shippingPrice).toBe('12.34');
    expect(order.totalPrice).toBe(((777 * 60 + 1234) / 100).toFixed(2));
    const row = (await handle.db.select().from(t.quotes).where(eq(t.quotes.id, quote.id)))[0]!;
    expect(row.status).toBe('accepted');
    expect(row.orderId).toBe(orderId);
    expect(await mails('quote-accepted-store')).toBeGreaterThan(0);

    // Accepting again (another attempt) is refused; the same attempt again is the same order.
    const again = await pay(buyer, quote).catch((e: unknown) => e);
    expect((again as CheckoutError).message).toBe(QUOTE_MESSAGES.accepted);
    // The admin cannot change an accepted quote.
    const edit = await answerQuote(handle.db, admin.id, quote.id, answerInput({ ...quote, version: row.version }, 100)).catch((e: unknown) => e);
    expect((edit as QuoteError).message).toBe(QUOTE_MESSAGES.accepted);
  });

  it('the same attempt posted twice is one order; two attempts at once give one order and one refusal', async () => {
    const buyer = await newUser();
    const quote = await answered(buyer, 500);
    const key = randomUUID();
    const [a, b] = await Promise.all([pay(buyer, quote, cartOf(1), key), pay(buyer, quote, cartOf(1), key)]);
    expect(a.orderId).toBe(b.orderId);

    const owner = await newUser();
    const member = await newUser();
    await newCompanyWith(owner, member);
    const shared = await answered(owner, 600);
    const results = await Promise.allSettled([pay(owner, shared), pay(member, shared)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refusal.reason as Error).message).toBe(QUOTE_MESSAGES.accepted);
    const [{ n: count } = { n: 0 }] = (await handle.db.execute(sql`select count(*)::int as n from quotes q join orders o on o.id = q.order_id where q.id = ${shared.id}`)).rows as { n: number }[];
    expect(count).toBe(1);
  });

  it('an answer edited after the customer saw it is refused, and so is an expired one (marked expirado)', async () => {
    const buyer = await newUser();
    const seen = await answered(buyer, 900);
    await answerQuote(handle.db, admin.id, seen.id, answerInput(seen, 950));
    const edited = await pay(buyer, seen).catch((e: unknown) => e);
    expect(edited).toBeInstanceOf(CheckoutError);
    expect((edited as CheckoutError).message).toBe(QUOTE_MESSAGES.changed);
    expect(await handle.db.select().from(t.orders).where(eq(t.orders.userId, buyer.id))).toHaveLength(0);

    const today = todayInBrazil();
    const expiring = await answered(buyer, 900, { validUntil: today });
    try {
      // Two days later (noon in São Paulo), its last day has passed.
      setClock(new Date(`${today}T15:00:00Z`).getTime() + 2 * 86_400_000);
      const late = await pay(buyer, expiring).catch((e: unknown) => e);
      expect((late as CheckoutError).message).toBe(QUOTE_MESSAGES.expired);
      expect((await getCustomerQuote(handle.db, buyer.id, expiring.id))!.status).toBe('expired');
      // The job marks every other one.
      const other = await answered(buyer, 900, { validUntil: todayInBrazil() });
      setClock(new Date(`${todayInBrazil()}T15:00:00Z`).getTime() + 86_400_000);
      expect(await expireQuotes(handle.db)).toBeGreaterThanOrEqual(1);
      expect((await handle.db.select({ s: t.quotes.status }).from(t.quotes).where(eq(t.quotes.id, other.id)))[0]!.s).toBe('expired');
    } finally {
      resetClock();
    }
  });

  it('declining closes the quote; another customer can neither see nor accept nor decline it (404)', async () => {
    const buyer = await newUser();
    const stranger = await newUser();
    const quote = await answered(buyer, 700);

    mocks.getSessionUser.mockResolvedValueOnce(stranger);
    expect(await statusOf(() => customerQuoteLoader({ request: new Request(`http://localhost/area-cliente/orcamentos/${quote.id}`), params: { id: quote.id }, context: {} } as Args as Parameters<typeof customerQuoteLoader>[0]))).toBe(404);
    mocks.getSessionUser.mockResolvedValueOnce(stranger);
    expect(
      await statusOf(() =>
        customerQuoteAction({ request: new Request(`http://localhost/area-cliente/orcamentos/${quote.id}`, form({ intent: 'decline' })), params: { id: quote.id }, context: {} } as Args as Parameters<typeof customerQuoteAction>[0]),
      ),
    ).toBe(404);
    const stolen = await pay(stranger, quote).catch((e: unknown) => e);
    expect((stolen as CheckoutError).message).toBe(QUOTE_MESSAGES.notFound);

    await declineQuote(handle.db, buyer.id, quote.id);
    const row = (await handle.db.select().from(t.quotes).where(and(eq(t.quotes.id, quote.id), eq(t.quotes.status, 'declined'))))[0];
    expect(row?.decidedAt).toBeTruthy();
    expect(await mails('quote-declined-store')).toBeGreaterThan(0);
    const late = await pay(buyer, quote).catch((e: unknown) => e);
    expect((late as CheckoutError).message).toBe(QUOTE_MESSAGES.closed);
  });

  it('the quote’s checkout page pays at the quote’s prices whatever the form posts; a stale version is refused in pt-BR', async () => {
    const buyer = await newUser();
    const quote = await answered(buyer, 432);
    const post = (fields: Record<string, string>) => {
      mocks.getSessionUser.mockResolvedValueOnce(buyer);
      const body = { intent: 'pay', idempotencyKey: randomUUID(), paymentMethod: 'pix', installments: '1', taxId: generateCpf(), ...NEW_ADDRESS_FIELDS, acceptTerms: '1', ...fields };
      return quoteCheckoutAction({ request: new Request(`http://localhost/orcamento/${quote.id}/pagar`, form(body)), params: { id: quote.id }, context: {} } as Args as Parameters<typeof quoteCheckoutAction>[0]) as Promise<{ data: Record<string, unknown>; init: ResponseInit | null }>;
    };
    const stale = await post({ version: String(quote.version - 1) });
    expect(stale.init?.status).toBe(409);
    expect((stale.data.toast as { description: string }).description).toBe(QUOTE_MESSAGES.changed);

    const tampered = JSON.stringify([{ id: kit.id, product_id: kit.id, quantity: 1, price: '0.01' }]);
    const paid = await post({ version: String(quote.version), cart: tampered, expectedTotalCents: '1' });
    // The expected total posted is checked against the quote's: a made-up one is refused, nothing written.
    expect(paid.init?.status).toBe(409);
    const ok = await post({ version: String(quote.version), cart: tampered });
    expect(ok.data.ok).toBe(true);
    const items = await handle.db.select().from(t.orderItems).where(eq(t.orderItems.orderId, ok.data.orderId as string));
    expect(items.map((i) => [i.productId, i.quantity, i.priceAtPurchase])).toEqual([[variant.productId, 60, '4.32']]);
  });

  it('a declined card cancels the order, and the accepted quote may be paid again (once more)', async () => {
    const buyer = await newUser();
    const quote = await answered(buyer, 250);
    const declining: PaymentProvider = { ...builtInProvider, name: 'recusa', charge: async () => ({ approved: false, reason: 'cartão sem limite' }) };
    const declined = await pay(buyer, quote, cartOf(1), randomUUID(), declining, 'credit_card').catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(CheckoutError);
    const seen = (await getCustomerQuote(handle.db, buyer.id, quote.id))!;
    expect(seen.status).toBe('accepted');
    expect(seen.orderCancelled).toBe(true);
    const { orderId } = await pay(buyer, quote);
    expect((await handle.db.select().from(t.quotes).where(eq(t.quotes.id, quote.id)))[0]!.orderId).toBe(orderId);
    expect(((await pay(buyer, quote).catch((e: unknown) => e)) as Error).message).toBe(QUOTE_MESSAGES.accepted);
  });
});
