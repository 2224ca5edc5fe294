// Issue 35: company accounts on each engine, through the pages' real actions and loaders (session and
// database stubbed) and the companies area: registration (the registrant owns it) and a duplicate CNPJ
// answered without naming anyone; invitations (sent by e-mail, expiry with the clock moved, renewal,
// revocation, the wrong account, two acceptances at once → one membership); a buyer's order carries
// the company's CNPJ, IE and razão social and is read by the owner; a removed buyer loses the order
// and the company's addresses at once; invoiced payment asked by the owner and decided by the admin only.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, DAY_MS, resetClock } from '~/lib/clock';
import { COMPANY_MESSAGES, INVITATION_DAYS } from '~/lib/companies';
import { action as checkoutAction } from '~/routes/checkout';
import { action as companyAction, loader as companyLoader } from '~/routes/customer/company';
import { action as adminCompanyAction } from '~/routes/admin/company';
import { loader as orderLoader } from '~/routes/order';
import { getOwnAddress, listAddresses, saveAddress } from '~/server/account/addresses.server';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { acceptInvitation, inviteBuyer, invitationByToken, leaveCompanyForErasure, removeMember, revokeInvitation } from '~/server/companies/companies.server';
import { companyOfUser } from '~/server/companies/membership.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { listOwnOrders } from '~/server/orders/orders.server';
import { NEW_ADDRESS_FIELDS } from '../support/delivery';
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
    if (user?.role !== 'admin') throw new Response(null, { status: 302, headers: { location: '/' } });
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
type Person = { id: string; name: string; email: string; role: string };
const CNPJ = '11.222.333/0001-81';
const IE = '110.042.490.114';
const post = (url: string, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function answerOf(run: () => unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: {} };
  const d = value as { type?: string; data: Record<string, unknown>; init: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, body: d.data };
  return { status: 200, body: value as Record<string, unknown> };
}

describe.each(engines)('company accounts on $name', ({ open }) => {
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
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  async function person(label: string, role = 'customer'): Promise<Person> {
    n += 1;
    const id = `co-${n}-${randomUUID().slice(0, 6)}`;
    const p = { id, name: `${label} ${n}`, email: `${id}@exemplo.com.br`, role };
    await handle.db.insert(t.user).values({ id: p.id, name: p.name, email: p.email, role });
    return p;
  }
  const as = (p: Person | null) => mocks.getSessionUser.mockResolvedValueOnce(p);

  async function register(owner: Person, fields: Record<string, string> = {}) {
    as(owner);
    return answerOf(() =>
      companyAction({ request: post('/area-cliente/empresa', { intent: 'register', taxId: CNPJ, legalName: 'Limpa Tudo Comércio Ltda', tradeName: 'Limpa Tudo', ieIndicator: '1', stateRegistration: IE, ...fields }), params: {}, context: {} } as Args as Parameters<typeof companyAction>[0]),
    );
  }
  async function invite(owner: Person, email: string) {
    const r = await inviteBuyer(handle.db, owner.id, email);
    if (!r.ok) throw new Error(r.message);
    return r.token;
  }
  async function pay(buyer: Person, fields: Record<string, string>) {
    as(buyer);
    const body = {
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 1 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      installments: '1',
      deliveryFrequency: '0',
      ...NEW_ADDRESS_FIELDS,
      acceptTerms: '1',
      ...fields,
    };
    return answerOf(() => checkoutAction({ request: post('/checkout', body), params: {}, context: {} } as Args as Parameters<typeof checkoutAction>[0]));
  }
  const orderPage = (p: Person, orderId: string) => {
    as(p);
    return answerOf(() => orderLoader({ request: new Request(`http://localhost/pedido/${orderId}`), params: { id: orderId }, context: {} } as Args as Parameters<typeof orderLoader>[0]));
  };

  // One company for the whole file: one CNPJ is one company.
  let owner: Person;
  let buyer: Person;
  let companyId: string;

  it('registers a company with the registrant as owner; the same CNPJ again is told to ask for an invitation, naming nobody', async () => {
    owner = await person('Dona');
    const done = await register(owner);
    expect(done.status).toBe(302);
    const company = (await companyOfUser(handle.db, owner.id))!;
    expect(company).toMatchObject({ taxId: '11222333000181', legalName: 'Limpa Tudo Comércio Ltda', tradeName: 'Limpa Tudo', role: 'owner', ieIndicator: 1, stateRegistration: '110042490114', creditStatus: 'none' });
    companyId = company.id;

    const other = await person('Outro');
    const again = await register(other, { taxId: '11222333000181', legalName: 'Outra Razão' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ taxId: COMPANY_MESSAGES.duplicate });
    const said = JSON.stringify(again.body);
    expect(said).not.toContain(owner.name);
    expect(said).not.toContain(owner.email);
    expect(await companyOfUser(handle.db, other.id)).toBeNull();

    // A second company for the same person is refused too.
    const second = await register(owner, { taxId: '12.ABC.345/01DE-35' });
    expect(second.status).toBe(409);
    expect((await handle.db.select().from(t.companies)).length).toBe(1);
  });

  it('an invitation is e-mailed, refused to another account, expires, is renewed by inviting again, and is revoked', async () => {
    buyer = await person('Comprador');
    const token = await invite(owner, buyer.email.toUpperCase());
    const [mail] = await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'company-invitation'), eq(t.emailOutbox.toAddress, buyer.email)));
    expect(mail!.textBody).toContain(`/empresa/convite/${token}`);
    expect(mail!.subject).toContain('Limpa Tudo');

    const intruder = await person('Intruso');
    const wrong = await acceptInvitation(handle.db, intruder, token);
    expect(wrong).toEqual({ ok: false, status: 403, message: COMPANY_MESSAGES.invitationOtherAccount(buyer.email) });

    advanceClock(INVITATION_DAYS * DAY_MS + 1000);
    expect((await invitationByToken(handle.db, token)).state).toBe('expired');
    expect(await acceptInvitation(handle.db, buyer, token)).toMatchObject({ ok: false, message: COMPANY_MESSAGES.invitationExpired });

    // Inviting again renews the one live invitation: a new link, the old one no more.
    const renewed = await invite(owner, buyer.email);
    expect((await invitationByToken(handle.db, token)).state).toBe('invalid');
    expect((await invitationByToken(handle.db, renewed)).state).toBe('pending');
    const live = await handle.db.select().from(t.companyInvitations).where(eq(t.companyInvitations.email, buyer.email));
    expect(live.length).toBe(1);

    const [inv] = live;
    expect((await revokeInvitation(handle.db, buyer.id, inv!.id)).ok).toBe(false);
    expect((await revokeInvitation(handle.db, owner.id, inv!.id)).ok).toBe(true);
    expect(await acceptInvitation(handle.db, buyer, renewed)).toMatchObject({ ok: false, message: COMPANY_MESSAGES.invitationRevoked });
    expect(await companyOfUser(handle.db, buyer.id)).toBeNull();
  });

  it('two acceptances at once make one membership; a person already in another company is refused', async () => {
    const token = await invite(owner, buyer.email);
    const results = await Promise.all([acceptInvitation(handle.db, buyer, token), acceptInvitation(handle.db, buyer, token)]);
    expect(results.filter((r) => r.ok).length).toBe(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ message: COMPANY_MESSAGES.invitationUsed });
    expect((await handle.db.select().from(t.companyMembers).where(eq(t.companyMembers.userId, buyer.id))).length).toBe(1);
    expect(await companyOfUser(handle.db, buyer.id)).toMatchObject({ id: companyId, role: 'buyer' });

    // Someone who owns another company cannot join this one.
    const otherOwner = await person('Outra dona');
    await register(otherOwner, { taxId: '12.ABC.345/01DE-35', legalName: 'Metalúrgica Alfa', ieIndicator: '9', stateRegistration: '' });
    const crossToken = await invite(owner, otherOwner.email);
    expect(await acceptInvitation(handle.db, otherOwner, crossToken)).toMatchObject({ ok: false, status: 409, message: COMPANY_MESSAGES.alreadyMember });
  });

  let orderId: string;
  let sharedAddressId: string;

  it('a buyer’s order is the company’s: its CNPJ, IE and razão social, whatever was posted; the owner sees it with who placed it', async () => {
    const paid = await pay(buyer, { taxId: '529.982.247-25' });
    expect(paid.status).toBe(200);
    orderId = paid.body.orderId as string;
    const [row] = await handle.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(row).toMatchObject({ userId: buyer.id, companyId, companyLegalName: 'Limpa Tudo Comércio Ltda', taxId: '11222333000181', buyerIeIndicator: 1, buyerStateRegistration: '110042490114' });
    // The buyer's own profile keeps their own document.
    const [profile] = await handle.db.select({ taxId: t.user.taxId }).from(t.user).where(eq(t.user.id, buyer.id));
    expect(profile!.taxId).toBeNull();

    const seen = await orderPage(owner, orderId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ placedBy: buyer.name, placedByMe: false, order: { companyLegalName: 'Limpa Tudo Comércio Ltda' } });
    expect((await listOwnOrders(handle.db, owner.id)).items.map((o) => o.id)).toContain(orderId);
    expect((await orderPage(await person('Estranho'), orderId)).status).toBe(404);

    // An address the owner shares with the company: the buyer sees and uses it.
    const saved = await saveAddress(handle.db, owner.id, { name: 'Fábrica', zipCode: '01310100', street: 'Rua da Fábrica', number: '10', complement: '', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', isDefault: true }, undefined, { shared: true });
    sharedAddressId = saved!;
    expect((await getOwnAddress(handle.db, buyer.id, sharedAddressId))?.companyId).toBe(companyId);
    expect((await listAddresses(handle.db, buyer.id)).map((a) => a.id)).toContain(sharedAddressId);
    const byAddress = await pay(buyer, { taxId: CNPJ, ieIndicator: '9', 'delivery.addressId': sharedAddressId });
    expect(byAddress.body.error ?? byAddress.status).toBe(200);
  });

  it('a removed buyer loses the company’s orders and addresses at once; only the owner removes', async () => {
    expect((await removeMember(handle.db, buyer.id, owner.id)).ok).toBe(false);
    expect(await removeMember(handle.db, owner.id, buyer.id)).toEqual({ ok: true });
    expect(await companyOfUser(handle.db, buyer.id)).toBeNull();
    // The company's orders, the one they placed included, are the company's: no more theirs to read.
    expect((await orderPage(buyer, orderId)).status).toBe(404);
    expect((await listOwnOrders(handle.db, buyer.id)).items.map((o) => o.id)).not.toContain(orderId);
    const ownersOrder = await pay(owner, { taxId: CNPJ, ieIndicator: '9' });
    expect(ownersOrder.status).toBe(200);
    expect((await orderPage(buyer, ownersOrder.body.orderId as string)).status).toBe(404);
    expect((await orderPage(owner, orderId)).status).toBe(200);
    // Nor can they cancel the order they placed for it.
    const { applyOrderAction, OrderActionError } = await import('~/server/orders/transitions.server');
    await expect(applyOrderAction(handle.db, { orderId, action: 'cancel', actor: { kind: 'customer', userId: buyer.id }, reason: 'x' })).rejects.toBeInstanceOf(OrderActionError);
    expect((await handle.db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!.status).toBe('pending');
    // Nor see or ask to return its goods; the owner still may see the order's return offer.
    const { getOrderReturnView } = await import('~/server/returns/returns.server');
    const { withdrawFromOrder } = await import('~/server/flows/withdraw.server');
    await expect(getOrderReturnView(handle.db, orderId, buyer.id)).rejects.toMatchObject({ status: 404 });
    await expect(withdrawFromOrder(handle.db, { orderId, userId: buyer.id, reason: 'Desisti' })).rejects.toMatchObject({ status: 404 });
    expect((await handle.db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!.status).toBe('pending');
    expect(await getOrderReturnView(handle.db, orderId, owner.id)).toBeTruthy();
    expect(await getOwnAddress(handle.db, buyer.id, sharedAddressId)).toBeNull();
    expect((await listAddresses(handle.db, buyer.id)).map((a) => a.id)).not.toContain(sharedAddressId);
    const refused = await pay(buyer, { taxId: '529.982.247-25', 'delivery.addressId': sharedAddressId });
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });

  it('invoiced payment: asked by the owner only, decided by an admin only (approve with limit and term, refuse with a note), version-checked, e-mailed', async () => {
    const newBuyer = await person('Compradora');
    await acceptInvitation(handle.db, newBuyer, await invite(owner, newBuyer.email));
    as(newBuyer);
    const byBuyer = await answerOf(() => companyAction({ request: post('/area-cliente/empresa', { intent: 'credit' }), params: {}, context: {} } as Args as Parameters<typeof companyAction>[0]));
    expect(byBuyer).toMatchObject({ status: 403, body: { toast: { description: COMPANY_MESSAGES.ownerOnly } } });
    as(owner);
    expect((await answerOf(() => companyAction({ request: post('/area-cliente/empresa', { intent: 'credit' }), params: {}, context: {} } as Args as Parameters<typeof companyAction>[0]))).status).toBe(302);
    as(owner);
    const page = (await companyLoader({ request: new Request('http://localhost/area-cliente/empresa'), params: {}, context: {} } as Args as Parameters<typeof companyLoader>[0])) as { company: { creditStatus: string; version: number } };
    expect(page.company.creditStatus).toBe('requested');

    const decide = (who: Person, fields: Record<string, string>) => {
      as(who);
      return answerOf(() => adminCompanyAction({ request: post(`/admin/empresas/${companyId}`, fields), params: { id: companyId }, context: {} } as Args as Parameters<typeof adminCompanyAction>[0]));
    };
    const version = String(page.company.version);
    expect((await decide(owner, { decision: 'approve', creditLimit: '5000', creditTermDays: '28', version })).status).toBe(403);
    const admin = await person('Admin', 'admin');
    expect((await decide(admin, { decision: 'approve', creditLimit: '5.000,00', creditTermDays: '30', version })).status).toBe(400);
    expect((await decide(admin, { decision: 'approve', creditLimit: '5.000,00', creditTermDays: '28', version })).status).toBe(302);
    expect(await companyOfUser(handle.db, newBuyer.id)).toMatchObject({ creditStatus: 'approved', creditLimitCents: 500_000, creditTermDays: 28 });
    // The same version again: someone decided meanwhile.
    expect((await decide(admin, { decision: 'refuse', note: 'Sem histórico', version })).status).toBe(409);
    const mails = await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'company-credit-decision'), eq(t.emailOutbox.toAddress, owner.email)));
    expect(mails.length).toBe(1);
    expect(mails[0]!.textBody).toContain('28 dias');

    const [{ version: now } = { version: 0 }] = await handle.db.select({ version: t.companies.version }).from(t.companies).where(eq(t.companies.id, companyId));
    expect((await decide(admin, { decision: 'refuse', note: '', version: String(now) })).status).toBe(400);
    expect((await decide(admin, { decision: 'refuse', note: 'Sem histórico de compras', version: String(now) })).status).toBe(302);
    as(owner);
    const after = (await companyLoader({ request: new Request('http://localhost/area-cliente/empresa'), params: {}, context: {} } as Args as Parameters<typeof companyLoader>[0])) as { company: { creditStatus: string; creditNote: string } };
    expect(after.company).toMatchObject({ creditStatus: 'refused', creditNote: 'Sem histórico de compras' });
  });

  it('an owner erasing their account hands the company to the longest-standing buyer, with the addresses they shared', async () => {
    await handle.db.transaction((tx) => leaveCompanyForErasure(tx, owner.id));
    const members = await handle.db.select().from(t.companyMembers).where(eq(t.companyMembers.companyId, companyId));
    expect(members.map((m) => m.role)).toEqual(['owner']);
    const [address] = await handle.db.select().from(t.userAddresses).where(eq(t.userAddresses.id, sharedAddressId));
    expect(address!.userId).toBe(members[0]!.userId);
    const count = await handle.db.execute(sql`select count(*)::int as n from companies`);
    expect((count.rows[0] as { n: number }).n).toBe(2);
  });

  it('the erasure itself: invitations to the e-mail go, the company and the CNPJ on its orders stay', async () => {
    const { eraseCustomerAccount } = await import('~/server/privacy/erase.server');
    // The heir (now the owner) invites the former owner's e-mail: a row naming the person to erase.
    const [heir] = await handle.db.select({ userId: t.companyMembers.userId }).from(t.companyMembers).where(eq(t.companyMembers.companyId, companyId));
    expect((await inviteBuyer(handle.db, heir!.userId, owner.email)).ok).toBe(true);
    expect(await eraseCustomerAccount(handle.db, owner.id)).toEqual({ ok: true });
    expect(await handle.db.select().from(t.companyInvitations).where(eq(t.companyInvitations.email, owner.email))).toEqual([]);
    const [company] = await handle.db.select().from(t.companies).where(eq(t.companies.id, companyId));
    expect(company!.createdBy).toBeNull();
    const ownersOrders = await handle.db.select({ taxId: t.orders.taxId, userId: t.orders.userId }).from(t.orders).where(and(eq(t.orders.companyId, companyId), sql`${t.orders.userId} is null`));
    expect(ownersOrders.length).toBeGreaterThan(0);
    expect(ownersOrders.every((o) => o.taxId === '11222333000181')).toBe(true);
  });
});
