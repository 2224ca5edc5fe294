// The NF-e's buyer data (issue 34) on each engine, through the checkout's and Meus Endereços' real
// actions (session and database stubbed): a CNPJ's Inscrição Estadual (1 with its digits, 2 isento,
// 9 não contribuinte) goes on the order and stays on the profile, a CPF's order has none; the delivery
// city must be one of the UF's IBGE municipalities, saved as IBGE writes it, or nothing is written;
// GET /enderecos/municipios answers the UF's cities as they are typed.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { IE_MESSAGES } from '~/lib/schemas/state-registration';
import { action as addressesAction } from '~/routes/customer/addresses';
import { action as checkoutAction, loader as checkoutLoader } from '~/routes/checkout';
import { loader as municipalitiesLoader } from '~/routes/municipalities';
import { getProductDetail, searchProducts } from '~/server/catalog/catalog.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
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
}));
vi.mock('~/server/infra/db.server', () => ({ getDb: mocks.getDb }));

type Args = { request: Request; params: Record<string, string>; context: unknown };
const CNPJ = '11.222.333/0001-81';
const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** A route's answer: status and body (a `data()`, a Response, or a plain object). */
async function answerOf(run: () => unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: {}, headers: value.headers };
  const d = value as { type?: string; data: Record<string, unknown>; init: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
  return { status: 200, body: value as Record<string, unknown>, headers: new Headers() };
}

describe.each(engines)('buyer IE and IBGE cities on $name', ({ open }) => {
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

  async function newBuyer() {
    n += 1;
    const id = `ie-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Empresa ${n}`, email: `${id}@exemplo.com.br` });
    return { id, name: `Empresa ${n}`, email: `${id}@exemplo.com.br`, role: 'customer' };
  }

  const counts = async () => {
    const [row] = (await handle.db.execute(sql`select (select count(*) from orders)::int as orders, (select count(*) from user_addresses)::int as addresses`)).rows as { orders: number; addresses: number }[];
    return row!;
  };
  const userRow = async (id: string) => (await handle.db.select().from(t.user).where(eq(t.user.id, id)))[0]!;
  const orderRow = async (id: string) => (await handle.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;

  /** "Pagar Agora" as the page posts it. */
  async function pay(buyer: Awaited<ReturnType<typeof newBuyer>>, fields: Record<string, string>) {
    mocks.getSessionUser.mockResolvedValueOnce(buyer);
    const body = {
      intent: 'pay',
      cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 1 }]),
      idempotencyKey: randomUUID(),
      paymentMethod: 'pix',
      installments: '1',
      deliveryFrequency: '0',
      ...NEW_ADDRESS_FIELDS,
      'delivery.saveAddress': 'on',
      acceptTerms: '1',
      ...fields,
    };
    const request = new Request('http://localhost/checkout', form(body));
    return answerOf(() => checkoutAction({ request, params: {}, context: {} } as Args as Parameters<typeof checkoutAction>[0]));
  }

  it('a CNPJ buyer with an IE pays: the order and the profile carry the IE (digits only) and indicator 1, and the next checkout offers them', async () => {
    const buyer = await newBuyer();
    const paid = await pay(buyer, { taxId: CNPJ, ieIndicator: '1', stateRegistration: '110.042.490.114' });
    expect(paid.status).toBe(200);
    const order = await orderRow(paid.body.orderId as string);
    expect(order).toMatchObject({ taxId: '11222333000181', buyerIeIndicator: 1, buyerStateRegistration: '110042490114' });
    expect(await userRow(buyer.id)).toMatchObject({ taxId: '11222333000181', ieIndicator: 1, stateRegistration: '110042490114' });
    mocks.getSessionUser.mockResolvedValueOnce(buyer);
    const page = (await checkoutLoader({ request: new Request('http://localhost/checkout'), params: {}, context: {} } as Args as Parameters<typeof checkoutLoader>[0])) as { ie: unknown };
    expect(page.ie).toEqual({ ieIndicator: '1', stateRegistration: '110042490114' });
  });

  it('an exempt CNPJ (isento) gets indicator 2 and no IE, whatever IE was posted; a não contribuinte 9', async () => {
    const buyer = await newBuyer();
    const exempt = await pay(buyer, { taxId: CNPJ, ieIndicator: '2', stateRegistration: '123456' });
    expect(exempt.status).toBe(200);
    expect(await orderRow(exempt.body.orderId as string)).toMatchObject({ buyerIeIndicator: 2, buyerStateRegistration: null });
    expect(await userRow(buyer.id)).toMatchObject({ ieIndicator: 2, stateRegistration: null });
    const none = await pay(buyer, { taxId: CNPJ, ieIndicator: '9' });
    expect(await orderRow(none.body.orderId as string)).toMatchObject({ buyerIeIndicator: 9, buyerStateRegistration: null });
  });

  it('a CPF order writes no IE, and clears the one the profile kept from a CNPJ', async () => {
    const buyer = await newBuyer();
    await handle.db.update(t.user).set({ taxId: '11222333000181', ieIndicator: 1, stateRegistration: '110042490114' }).where(eq(t.user.id, buyer.id));
    const paid = await pay(buyer, { taxId: generateCpf(), ieIndicator: '1', stateRegistration: '110042490114' });
    expect(paid.status).toBe(200);
    expect(await orderRow(paid.body.orderId as string)).toMatchObject({ buyerIeIndicator: null, buyerStateRegistration: null });
    expect(await userRow(buyer.id)).toMatchObject({ ieIndicator: null, stateRegistration: null });
  });

  it('a CNPJ without its choice, or with indicator 1 and no IE, is refused in pt-BR beside the field: no order, no address', async () => {
    const buyer = await newBuyer();
    const before = await counts();
    const noChoice = await pay(buyer, { taxId: CNPJ });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.errors).toEqual({ ieIndicator: IE_MESSAGES.indicator });
    const noIe = await pay(buyer, { taxId: CNPJ, ieIndicator: '1', stateRegistration: '' });
    expect(noIe.status).toBe(400);
    expect(noIe.body.errors).toEqual({ stateRegistration: IE_MESSAGES.required });
    const tooShort = await pay(buyer, { taxId: CNPJ, ieIndicator: '1', stateRegistration: '7' });
    expect(tooShort.body.errors).toEqual({ stateRegistration: IE_MESSAGES.length });
    expect(await counts()).toEqual(before);
    expect(await userRow(buyer.id)).toMatchObject({ taxId: null, ieIndicator: null });
  });

  it('a delivery city that is not one of the UF’s municipalities is refused beside the city: no order, no address', async () => {
    const buyer = await newBuyer();
    const before = await counts();
    const refused = await pay(buyer, { taxId: generateCpf(), 'delivery.newAddress.city': 'Belo Horizonte' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ 'delivery.newAddress.city': 'Escolha uma cidade da lista: não encontramos “Belo Horizonte” entre os municípios de SP.' });
    expect(await counts()).toEqual(before);
  });

  it('a city typed with other accents and case is saved and shipped as IBGE writes it', async () => {
    const buyer = await newBuyer();
    const paid = await pay(buyer, { taxId: generateCpf(), 'delivery.newAddress.city': 'SAO PAULO' });
    expect(paid.status).toBe(200);
    expect((await orderRow(paid.body.orderId as string)).shipCity).toBe('São Paulo');
    const [saved] = await handle.db.select().from(t.userAddresses).where(eq(t.userAddresses.userId, buyer.id));
    expect(saved!.city).toBe('São Paulo');
  });

  it('a saved address whose city is not IBGE’s still lists, and is asked to be fixed when used at checkout', async () => {
    const buyer = await newBuyer();
    const [old] = await handle.db
      .insert(t.userAddresses)
      .values({ userId: buyer.id, name: 'Antigo', zipCode: '01310100', street: 'Avenida Paulista', number: '1', neighborhood: 'Bela Vista', city: 'Sampa', state: 'SP', isDefault: true })
      .returning();
    mocks.getSessionUser.mockResolvedValueOnce(buyer);
    const page = (await checkoutLoader({ request: new Request('http://localhost/checkout'), params: {}, context: {} } as Args as Parameters<typeof checkoutLoader>[0])) as { addresses: { city: string }[] };
    expect(page.addresses.map((a) => a.city)).toEqual(['Sampa']);
    const before = await counts();
    const refused = await pay(buyer, { taxId: generateCpf(), 'delivery.addressId': old!.id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ 'delivery.addressId': 'A cidade do endereço “Antigo” (“Sampa”) não está entre os municípios de SP do IBGE. Corrija-a em Meus Endereços ou informe um novo endereço.' });
    expect(await counts()).toEqual(before);
  });

  it('Meus Endereços: a city of another UF is refused beside the city and nothing is written; a city in any case is saved as IBGE writes it', async () => {
    const buyer = await newBuyer();
    const save = (fields: Record<string, string>) => {
      mocks.getSessionUser.mockResolvedValueOnce(buyer);
      const request = new Request('http://localhost/area-cliente/enderecos', form({ intent: 'save', name: 'Loja', zipCode: '13010-111', street: 'Rua Barão de Jaguara', number: '10', neighborhood: 'Centro', state: 'SP', ...fields }));
      return answerOf(() => addressesAction({ request, params: {}, context: {} } as Args as Parameters<typeof addressesAction>[0]));
    };
    const before = await counts();
    const refused = await save({ city: 'Curitiba' });
    expect(refused.status).toBe(400);
    expect((refused.body.errors as Record<string, string>).city).toBe('Escolha uma cidade da lista: não encontramos “Curitiba” entre os municípios de SP.');
    expect((refused.body.fields as Record<string, string>).city).toBe('Curitiba');
    // Told with the other fields' messages.
    const both = await save({ city: 'Curitiba', street: '' });
    expect(both.body.errors).toMatchObject({ city: expect.stringContaining('Curitiba'), street: 'Informe a rua.' });
    expect(await counts()).toEqual(before);

    const saved = await save({ city: "santa barbara d'oeste" });
    expect(saved.status).toBe(302);
    const [row] = await handle.db.select().from(t.userAddresses).where(eq(t.userAddresses.userId, buyer.id));
    expect(row!.city).toBe("Santa Bárbara d'Oeste");
  });

  it('GET /enderecos/municipios: the UF’s cities as typed, at most the limit; a bad UF or limit is a 400', async () => {
    const get = (query: string) => answerOf(() => municipalitiesLoader({ request: new Request(`http://localhost/enderecos/municipios?${query}`), params: {}, context: {} } as Args as Parameters<typeof municipalitiesLoader>[0]));
    const campi = await get('uf=SP&q=campi');
    expect(campi.status).toBe(200);
    expect(campi.body.municipalities).toEqual([
      { code: '3509452', name: 'Campina do Monte Alegre' },
      { code: '3509502', name: 'Campinas' },
      { code: '3532827', name: 'Nova Campina' },
    ]);
    expect(campi.headers.get('cache-control')).toContain('public');
    expect(((await get('uf=MG&q=sao')).body.municipalities as unknown[]).length).toBe(20);
    expect(((await get('uf=MG&q=sao&limite=5')).body.municipalities as unknown[]).length).toBe(5);
    expect((await get('uf=SP')).body.municipalities).toEqual([]);
    expect((await get('uf=XX&q=sao')).status).toBe(400);
    expect((await get('uf=XX&q=sao')).body).toEqual({ error: 'Estado inválido.' });
    expect((await get('q=sao')).status).toBe(400);
    expect((await get('uf=SP&q=sao&limite=51')).status).toBe(400);
    expect((await get('uf=SP&q=sao&limite=0')).status).toBe(400);
  });
});
