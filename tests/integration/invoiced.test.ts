// Issue 35: the invoiced boleto (faturado) on each engine. Within the company's limit and the
// store's minimum the order is confirmed at once with an open fatura and no charge; below the
// minimum, over the limit, with an overdue fatura, for a non-member or an unapproved company it is
// refused in pt-BR with nothing written. Two buyers of one company at once never pass the limit
// (the company row's lock). The job marks overdue faturas and reminds each person once per step;
// the admin's confirmation pays once, a customer gets a 403.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { seedStoreSettings } from '~/server/settings/settings.server';
import { resetClock, setClock } from '~/lib/clock';
import { todayInBrazil } from '~/lib/plans';
import { addCalendarDays, INVOICED_MESSAGES } from '~/lib/receivables';
import { payNowSchema } from '~/lib/schemas/checkout';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { CheckoutError, placeOrder, quoteCart } from '~/server/flows/checkout.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { getOwnOrder } from '~/server/orders/orders.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { companyCredit, invoicedOfferFor } from '~/server/receivables/credit.server';
import { countOverdueReceivables, listReceivables } from '~/server/receivables/faturas.server';
import { runReceivables } from '~/server/receivables/reminders.server';
import { answerQuote, getCustomerQuote, requestQuote } from '~/server/quotes/quotes.server';
import { quoteAnswerSchema } from '~/lib/schemas/quotes';
import { confirmReceivablePayment } from '~/server/receivables/transitions.server';
import { action as receivablesAction } from '~/routes/admin/receivables';
import { NEW_ADDRESS_DELIVERY, NEW_ADDRESS_FIELDS } from '../support/delivery';
import { action as checkoutAction } from '~/routes/checkout';
import { engines } from '../support/engines';

const mocks = vi.hoisted(() => ({ getSessionUser: vi.fn(), getDb: vi.fn() }));
vi.mock('~/server/auth/session.server', async (importOriginal) => {
  const original: object = await importOriginal();
  const admin = async (request: Request) => {
    const user = (await mocks.getSessionUser(request)) as { role?: string } | null;
    if (user?.role !== 'admin') throw new Response(null, { status: 403 });
    return user;
  };
  return { ...original, getSessionUser: mocks.getSessionUser, requireAdmin: admin, requireAdminAction: admin };
});
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

const CNPJ = '11222333000181';
const OTHER_CNPJ = '11444777000161';

describe.each(engines)('invoiced boleto on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let variant: { id: string; productId: string };
  let n = 0;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
    // Totals without the welcome 10 %: each test sums its own orders.
    await seedStoreSettings(handle.db);
    await handle.db.update(t.storeSettings).set({ welcomeOffer: false, invoicedMinimum: '300.00', invoicedInstructions: 'Depósito na conta 123-4 do Banco X.' });
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const d = (await getProductDetail(handle.db, p!.slug))!;
    variant = { id: d.variants[0]!.id, productId: d.id };
    await handle.db.update(t.productVariants).set({ stock: 100_000, price: '100.00' }).where(eq(t.productVariants.id, variant.id));
    mocks.getDb.mockResolvedValue(handle.db);
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  async function newUser() {
    n += 1;
    const id = `fat-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Comprador ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Comprador ${n}`, email: `${id}@exemplo.com.br` };
  }

  /** A company with its owner (and buyers), approved for `limit` reais on 28 days unless told. */
  async function company(limit: string | null, members: number, status: 'approved' | 'requested' = 'approved') {
    // Its own CNPJ per test (the orders are placed with a valid one: the order's document is the buyer's to type).
    const taxId = `${String(Date.now()).slice(-8)}${String(++n).padStart(4, '0')}00`;
    const [c] = await handle.db
      .insert(t.companies)
      .values({ taxId, legalName: `Empresa ${n} Ltda`, ieIndicator: 9, creditStatus: status, creditLimit: limit, creditTermDays: status === 'approved' ? 28 : null })
      .returning({ id: t.companies.id });
    const people = [];
    for (let i = 0; i < members; i++) {
      const u = await newUser();
      await handle.db.insert(t.companyMembers).values({ companyId: c!.id, userId: u.id, role: i === 0 ? 'owner' : 'buyer' });
      people.push(u);
    }
    return { id: c!.id, people };
  }

  const cart = (quantity: number) => [{ id: variant.id, product_id: variant.productId, quantity }];
  const input = (quantity: number, taxId: string, extra: Record<string, unknown> = {}) =>
    payNowSchema.parse({ intent: 'pay', cart: JSON.stringify(cart(quantity)), idempotencyKey: randomUUID(), paymentMethod: 'invoiced', delivery: NEW_ADDRESS_DELIVERY, taxId, ieIndicator: '9', deliveryFrequency: '0', ...extra });
  const totalOf = async (quantity: number, taxId: string) => (await quoteCart(handle.db, null, cart(quantity), taxId, { freight: { cep: '01310100' } })).totals.totalCents;
  const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof CheckoutError ? e.message : e));
  const faturas = (companyId: string) => handle.db.select().from(t.receivables).where(eq(t.receivables.companyId, companyId));
  const ordersOf = async (userId: string) => handle.db.select().from(t.orders).where(eq(t.orders.userId, userId));

  it('within the minimum and the limit: confirmed at once, the fatura open and due in the term, no charge; shown as faturado', async () => {
    const c = await company('5000.00', 1);
    const [buyer] = c.people;
    const placed = await placeOrder(handle.db, buyer!, input(4, CNPJ), builtInProvider);
    expect(placed.payment).toBe('invoiced');
    const [order] = await handle.db.select().from(t.orders).where(eq(t.orders.id, placed.orderId));
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'invoiced', companyId: c.id, paymentDetails: null });
    const attempts = await handle.db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.orderId, placed.orderId));
    expect(attempts).toHaveLength(0);
    const [fatura] = await faturas(c.id);
    expect(fatura).toMatchObject({ orderId: placed.orderId, status: 'open', dueDate: addCalendarDays(todayInBrazil(), 28), amount: order!.totalPrice });
    const summary = (await getOwnOrder(handle.db, buyer!.id, placed.orderId))!;
    expect(summary.fatura).toMatchObject({ status: 'open', instructions: 'Depósito na conta 123-4 do Banco X.' });
    expect(summary.events.find((e) => e.toStatus === 'paid')?.note).toMatch(/^Boleto faturado — vence em \d{2}\/\d{2}\/\d{4}$/);
    const [mail] = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.dedupeKey, `order:${placed.orderId}:placed`));
    expect(mail?.textBody).toContain('Boleto faturado — vence em');
    expect(mail?.textBody).toContain('Depósito na conta 123-4');
    expect(mail?.textBody).not.toMatch(/\bPago\b/);
    const credit = await companyCredit(handle.db, c.id);
    expect(credit).toEqual({ limitCents: 500_000, usedCents: await totalOf(4, CNPJ), availableCents: 500_000 - (await totalOf(4, CNPJ)), overdueCount: 0 });
    // Cancelled, its unpaid fatura is cancelled with it and nothing is owed back.
    await applyOrderAction(handle.db, { orderId: placed.orderId, action: 'cancel', actor: { kind: 'admin', userId: buyer!.id }, reason: 'Cliente desistiu' });
    const [after] = await faturas(c.id);
    expect(after?.status).toBe('cancelled');
    expect((await handle.db.select().from(t.orders).where(eq(t.orders.id, placed.orderId)))[0]?.refundStatus).toBeNull();
    expect((await companyCredit(handle.db, c.id)).usedCents).toBe(0);
  });

  it('an accepted quote is paid faturado at the quoted total; over the open limit it is refused and stays payable', async () => {
    const c = await company('1000.00', 1);
    const [buyer] = c.people;
    const admin = await newUser();
    const answered = async (unitPrice: string) => {
      const { id } = await requestQuote(handle.db, buyer!, { cart: cart(10), note: 'Preço para 10?' });
      const seen = (await getCustomerQuote(handle.db, buyer!.id, id))!;
      const prices = Object.fromEntries(seen.items.map((i) => [i.id, unitPrice]));
      await answerQuote(handle.db, admin.id, id, quoteAnswerSchema(todayInBrazil()).parse({ intent: 'answer', version: String(seen.version), prices, freight: '0,00' }));
      return (await getCustomerQuote(handle.db, buyer!.id, id))!;
    };
    const quote = await answered('90,00');
    const placed = await placeOrder(handle.db, buyer!, { ...input(1, CNPJ), quote: { id: quote.id, version: quote.version } }, builtInProvider);
    expect(placed.payment).toBe('invoiced');
    const [fatura] = await faturas(c.id);
    expect(fatura).toMatchObject({ orderId: placed.orderId, status: 'open', amount: '900.00' });
    // 100,00 left of the limit: a second quote of 10 × 95,00 is refused, and may still be paid otherwise.
    const second = await answered('95,00');
    expect(await refusal(placeOrder(handle.db, buyer!, { ...input(1, CNPJ), quote: { id: second.id, version: second.version } }, builtInProvider))).toMatch(/^Limite disponível/);
    expect((await handle.db.select().from(t.quotes).where(eq(t.quotes.id, second.id)))[0]?.status).toBe('answered');
    expect(await faturas(c.id)).toHaveLength(1);
  });

  it('below the minimum, over the limit: refused in pt-BR, nothing written', async () => {
    const c = await company('500.00', 1);
    const [buyer] = c.people;
    expect(await refusal(placeOrder(handle.db, buyer!, input(1, CNPJ), builtInProvider))).toBe('Pedido mínimo para faturamento: R$\u00a0300,00');
    expect(await refusal(placeOrder(handle.db, buyer!, input(6, CNPJ), builtInProvider))).toMatch(/^Limite disponível: R\$\u00a0500,00\./);
    expect(await ordersOf(buyer!.id)).toHaveLength(0);
    expect(await faturas(c.id)).toHaveLength(0);
  });

  it('a non-member, an unapproved company, a plan or programmed delivery cannot use it', async () => {
    const outsider = await newUser();
    expect(await refusal(placeOrder(handle.db, outsider, input(4, CNPJ), builtInProvider))).toBe(INVOICED_MESSAGES.notMember);
    const pending = await company(null, 1, 'requested');
    expect(await refusal(placeOrder(handle.db, pending.people[0]!, input(4, OTHER_CNPJ), builtInProvider))).toBe(INVOICED_MESSAGES.notApproved);
    expect(await invoicedOfferFor(handle.db, pending.people[0]!.id)).toBeNull();
    const plan = payNowSchema.parse({ ...Object.fromEntries(Object.entries(input(4, CNPJ))), cart: JSON.stringify([{ id: 'plan:monthly', product_id: 'plan:monthly', quantity: 1, is_subscription: true, frequency: 'monthly' }]), delivery: NEW_ADDRESS_DELIVERY });
    const c = await company('5000.00', 1);
    expect(await refusal(placeOrder(handle.db, c.people[0]!, plan, builtInProvider))).toBe(INVOICED_MESSAGES.plan);
    expect(await ordersOf(outsider.id)).toHaveLength(0);
    expect(await ordersOf(pending.people[0]!.id)).toHaveLength(0);
  });

  it('a tampered checkout form posting “invoiced” for a non-member is refused in pt-BR beside the method, nothing written', async () => {
    const outsider = await newUser();
    mocks.getSessionUser.mockResolvedValueOnce({ ...outsider, role: 'customer' });
    const body = new URLSearchParams({
      intent: 'pay',
      cart: JSON.stringify(cart(4)),
      idempotencyKey: randomUUID(),
      paymentMethod: 'invoiced',
      installments: '1',
      deliveryFrequency: '0',
      taxId: CNPJ,
      ieIndicator: '9',
      acceptTerms: '1',
      ...NEW_ADDRESS_FIELDS,
    });
    const request = new Request('http://localhost/checkout', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const answer = (await checkoutAction({ request, params: {}, context: {} } as unknown as Parameters<typeof checkoutAction>[0])) as { data: { ok: boolean; errors?: Record<string, string> }; init: ResponseInit | null };
    expect(answer.init?.status).toBe(402);
    expect(answer.data.errors).toEqual({ paymentMethod: INVOICED_MESSAGES.notMember });
    expect(await ordersOf(outsider.id)).toHaveLength(0);
  });

  it('two buyers of one company at the limit at once: exactly one order is invoiced', async () => {
    const total = await totalOf(4, CNPJ);
    // Room for one order, not two.
    const c = await company((Math.floor((total * 1.5) / 100)).toFixed(2), 3);
    const results = await Promise.allSettled(c.people.slice(1).map((b) => placeOrder(handle.db, b, input(4, CNPJ), builtInProvider)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toMatch(/^Limite disponível/);
    const open = await faturas(c.id);
    expect(open).toHaveLength(1);
    expect((await companyCredit(handle.db, c.id)).usedCents).toBe(total);
  });

  it('an overdue fatura blocks new invoiced orders; reminders go once each; paying unblocks', async () => {
    const c = await company('10000.00', 2);
    const [owner, buyer] = c.people;
    const placed = await placeOrder(handle.db, buyer!, input(4, CNPJ), builtInProvider);
    const [fatura] = await faturas(c.id);
    const due = fatura!.dueDate;
    const at = (day: string) => setClock(`${day}T15:00:00Z`);
    const reminders = async () =>
      (await handle.db.select({ key: t.emailOutbox.dedupeKey, to: t.emailOutbox.toAddress }).from(t.emailOutbox).where(like(t.emailOutbox.dedupeKey, `fatura:${fatura!.id}:lembrete:%`))).map((r) => r.key).sort();

    at(addCalendarDays(due, -4));
    await runReceivables(handle.db);
    expect(await reminders()).toEqual([]);
    at(addCalendarDays(due, -3));
    await runReceivables(handle.db);
    await runReceivables(handle.db);
    expect(await reminders()).toEqual([`fatura:${fatura!.id}:lembrete:before:${buyer!.id}`, `fatura:${fatura!.id}:lembrete:before:${owner!.id}`].sort());
    at(due);
    await runReceivables(handle.db);
    expect((await faturas(c.id))[0]?.status).toBe('open');
    expect(await reminders()).toHaveLength(4);

    at(addCalendarDays(due, 1));
    // Other tests' faturas fall due too.
    const { overdue } = await runReceivables(handle.db);
    expect(overdue).toBeGreaterThanOrEqual(1);
    expect((await faturas(c.id))[0]?.status).toBe('overdue');
    expect(await countOverdueReceivables(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await refusal(placeOrder(handle.db, owner!, input(4, CNPJ), builtInProvider))).toBe(INVOICED_MESSAGES.overdue);
    expect((await invoicedOfferFor(handle.db, owner!.id))?.blocked).toBe(INVOICED_MESSAGES.overdue);

    // The buyer is removed from the company: the last reminder goes to the owner only.
    await handle.db.delete(t.companyMembers).where(eq(t.companyMembers.userId, buyer!.id));
    at(addCalendarDays(due, 3));
    await runReceivables(handle.db);
    await runReceivables(handle.db);
    expect(await reminders()).toHaveLength(5);
    expect((await reminders()).filter((k) => k?.includes(':lembrete:after:'))).toEqual([`fatura:${fatura!.id}:lembrete:after:${owner!.id}`]);
    const mails = await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'receivable-reminder-after'), like(t.emailOutbox.dedupeKey, `fatura:${fatura!.id}:%`)));
    expect(mails[0]?.textBody).toContain('Depósito na conta 123-4');

    // Paid through the admin: the block is gone.
    expect(await confirmReceivablePayment(handle.db, { receivableId: fatura!.id, adminId: owner!.id, reference: 'TED 12/01 Banco X' })).toBe('applied');
    expect((await listReceivables(handle.db, 'paid', c.id)).rows.map((r) => r.orderId)).toEqual([placed.orderId]);
    const again = await placeOrder(handle.db, owner!, input(4, CNPJ), builtInProvider);
    expect(again.payment).toBe('invoiced');
    // A paid fatura gets no more reminders.
    at(addCalendarDays(due, 10));
    await runReceivables(handle.db);
    expect(await reminders()).toHaveLength(5);
  });

  it('the admin confirms payment once; a second confirmation changes nothing; a customer gets a 403', async () => {
    const c = await company('10000.00', 1);
    const [buyer] = c.people;
    await placeOrder(handle.db, buyer!, input(4, CNPJ), builtInProvider);
    const [fatura] = await faturas(c.id);
    const post = (who: unknown, fields: Record<string, string>) => {
      mocks.getSessionUser.mockResolvedValueOnce(who);
      const request = new Request('http://localhost/admin/contas-a-receber', { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      return (receivablesAction({ request, params: {}, context: {} } as unknown as Parameters<typeof receivablesAction>[0]) as Promise<unknown>).then(
        (v) => v,
        (e: unknown) => e,
      );
    };
    const fields = { intent: 'confirm', receivableId: fatura!.id, version: String(fatura!.version), reference: 'Pix 15/01' };
    const denied = await post({ ...buyer, role: 'customer' }, fields);
    expect(denied instanceof Response && denied.status).toBe(403);
    expect((await faturas(c.id))[0]?.status).toBe('open');

    const admin = await newUser();
    const outcomes = await Promise.all([post({ ...admin, role: 'admin' }, fields), post({ ...admin, role: 'admin' }, fields)]);
    const [row] = await faturas(c.id);
    expect(row).toMatchObject({ status: 'paid', paymentReference: 'Pix 15/01', paidBy: admin.id, version: fatura!.version + 1 });
    expect(outcomes).toHaveLength(2);
    const paidMails = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.dedupeKey, `fatura:${row!.orderId}:paid`));
    expect(paidMails).toHaveLength(1);
  });
});
