// The Melhor Envio adapter (app/server/shipping/melhorenvio.server.ts) against a local stand-in of
// their API (tests/support/melhorenvio-api.mjs); no database. Contract followed, from their pages:
//   Token, Accept/Content-Type, User-Agent  https://docs.melhorenvio.com.br/reference/introducao-api-melhor-envio
//   Quote by products                     https://docs.melhorenvio.com.br/reference/calculo-de-fretes-por-produtos
//   Cart                                  https://docs.melhorenvio.com.br/reference/inserir-fretes-no-carrinho
//   Checkout (purchase)                   https://docs.melhorenvio.com.br/reference/compra-de-fretes-1
//   Generate, print                       https://docs.melhorenvio.com.br/reference/geracao-de-etiquetas
//                                         https://docs.melhorenvio.com.br/reference/impressao-de-etiquetas
//   Tracking, one order                   https://docs.melhorenvio.com.br/reference/rastreio-de-envios
//                                         https://docs.melhorenvio.com.br/reference/listar-informacoes-de-uma-etiqueta
//   Webhooks and X-ME-Signature           https://docs.melhorenvio.com.br/docs/webhooks
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reloadEnv } from '~/server/infra/env.server';
import {
  MelhorEnvio,
  MelhorEnvioError,
  melhorEnvioFromEnv,
  parseMelhorEnvioWebhook,
  verifyMelhorEnvioSignature,
  type MelhorEnvioShipment,
  type MelhorEnvioWebhook,
  type QuoteRequest,
} from '~/server/shipping/melhorenvio.server';
import { signWebhook, startMelhorEnvioApi } from '../support/melhorenvio-api.mjs';

const TOKEN = 'me-token-de-teste-0123456789';
const SECRET = 'segredo-do-aplicativo-melhorenvio';
const USER_AGENT = 'Clarear (tecnico@clarear.com.br)';
const FROM_CEP = '01310100';

/** 1,2 kg in a 20×15×10 cm box (cubic 0,5 kg), R$ 50 declared. */
const ONE_BOX: QuoteRequest = {
  toCep: '01001-000',
  products: [{ id: 'variante-1', widthCm: 20, heightCm: 15, lengthCm: 10, weightKg: 1.2, insuranceValue: 50, quantity: 1 }],
  services: [1, 2, 3, 17],
};

async function failure(promise: Promise<unknown>): Promise<MelhorEnvioError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MelhorEnvioError);
    return error as MelhorEnvioError;
  }
  throw new Error('deveria ter falhado');
}

describe('Melhor Envio adapter', () => {
  let api: Awaited<ReturnType<typeof startMelhorEnvioApi>>;
  let me: MelhorEnvio;
  let hookServer: Server;
  /** What the store's webhook endpoint saw: the signature check and the parsed notice. */
  const received: { valid: boolean; notice: MelhorEnvioWebhook | null }[] = [];

  beforeAll(async () => {
    // The store's webhook endpoint, as a route would be: the raw body is verified before it is read.
    hookServer = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const valid = verifyMelhorEnvioSignature(raw, (req.headers['x-me-signature'] as string | undefined) ?? null, SECRET);
      const notice = valid ? parseMelhorEnvioWebhook(raw) : null;
      received.push({ valid, notice });
      res.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: valid }));
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/webhooks/melhorenvio`;
    api = await startMelhorEnvioApi({ token: TOKEN, webhookUrl: hookUrl, webhookSecret: SECRET });
    me = new MelhorEnvio({ token: TOKEN, apiUrl: `${api.url}/`, userAgent: USER_AGENT, fromCep: FROM_CEP });
  });

  afterEach(() => {
    api.setDelay(0);
  });

  afterAll(async () => {
    await api.close();
    await new Promise((resolve) => hookServer.close(resolve));
  });

  it('quotes each service in cents and days, and says why a service cannot carry the parcel', async () => {
    const quotes = await me.calculate(ONE_BOX, { timeoutMs: 2_000 });
    // The stand-in's table, zone 0 (same region), 2 kg billed (1 further kg), 1 % of R$ 50.
    expect(quotes).toEqual([
      { serviceId: 1, name: 'PAC', company: 'Correios', priceCents: 1500 + 200 + 50, deadlineDays: 4 },
      { serviceId: 2, name: 'SEDEX', company: 'Correios', priceCents: 2000 + 400 + 50, deadlineDays: 1 },
      { serviceId: 3, name: '.Package', company: 'Jadlog', priceCents: 1400 + 150 + 50, deadlineDays: 3 },
      { serviceId: 17, name: 'Mini Envios', company: 'Correios', priceCents: 0, deadlineDays: 0, error: 'Peso acima do limite do serviço (0.3 kg).' },
    ]);
    const sent = api.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/api/v2/me/shipment/calculate' });
    expect(sent.body).toEqual({
      from: { postal_code: FROM_CEP },
      to: { postal_code: '01001000' },
      products: [{ id: 'variante-1', width: 20, height: 15, length: 10, weight: 1.2, insurance_value: 50, quantity: 1 }],
      options: { receipt: false, own_hand: false },
      services: '1,2,3,17',
    });

    // Farther away (Porto Alegre): zone 2.
    const far = await me.calculate({ ...ONE_BOX, toCep: '90010000', services: [1] });
    expect(far).toEqual([{ serviceId: 1, name: 'PAC', company: 'Correios', priceCents: 2800 + 500 + 50, deadlineDays: 10 }]);
  });

  it("takes the account's own price and deadline (custom_*) and prices written either way", async () => {
    api.answerNext([
      { id: 1, name: 'PAC', price: '20.00', custom_price: '23.50', delivery_time: 5, custom_delivery_time: 7, company: { id: 1, name: 'Correios', picture: '' } },
      { id: 3, name: '.Package', price: 18.9, delivery_time: 4, company: { id: 2, name: 'Jadlog' } },
      { id: 17, name: 'Mini Envios', error: 'Transportadora não atende este trecho.', company: { id: 1, name: 'Correios' } },
    ]);
    const quotes = await me.calculate(ONE_BOX);
    expect(quotes.map((q) => [q.serviceId, q.priceCents, q.deadlineDays, q.error])).toEqual([
      [1, 2350, 7, undefined],
      [3, 1890, 4, undefined],
      [17, 0, 0, 'Transportadora não atende este trecho.'],
    ]);
  });

  it('gives up on a slow answer at the deadline, as a timeout', async () => {
    api.setDelay(3_000);
    const started = performance.now();
    const error = await failure(me.calculate(ONE_BOX, { timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('O Melhor Envio não respondeu a tempo.');
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('an API it cannot reach is no answer either', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new MelhorEnvio({ token: TOKEN, apiUrl: `http://127.0.0.1:${port}`, userAgent: USER_AGENT, fromCep: FROM_CEP });
    const error = await failure(nowhere.calculate(ONE_BOX, { timeoutMs: 2_000 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Não foi possível falar com o Melhor Envio.');
  });

  it('a wrong token is an HTTP 401 with a message the admin can read (and no token in it)', async () => {
    const intruder = new MelhorEnvio({ token: 'token-errado-000000', apiUrl: api.url, userAgent: USER_AGENT, fromCep: FROM_CEP });
    const error = await failure(intruder.calculate(ONE_BOX));
    expect(error).toMatchObject({ kind: 'http', status: 401, apiMessage: 'Unauthenticated.' });
    expect(error.message).toBe('O Melhor Envio recusou o acesso da loja (token inválido, expirado ou sem permissão).');
    expect(error.message).not.toContain('token-errado');
  });

  it('their validation errors and failures are HTTP errors, with their words kept apart', async () => {
    const refused = await failure(me.calculate({ ...ONE_BOX, toCep: '0100' }));
    expect(refused).toMatchObject({ kind: 'http', status: 422, message: 'O Melhor Envio recusou os dados do envio.' });
    expect(refused.apiMessage).toContain('to.postal_code');

    api.failNext(503);
    const down = await failure(me.tracking([randomUUID()]));
    expect(down).toMatchObject({ kind: 'http', status: 503, message: 'O Melhor Envio está indisponível no momento; tente de novo mais tarde.' });
  });

  it('an answer that is not their contract is invalid, never half-read', async () => {
    api.answerNext('[{"id": 1, "name": "PAC", "pri');
    expect((await failure(me.calculate(ONE_BOX))).kind).toBe('invalid');

    // A service with neither a price nor an error.
    api.answerNext([{ id: 1, name: 'PAC', company: { id: 1, name: 'Correios' } }]);
    expect((await failure(me.calculate(ONE_BOX))).kind).toBe('invalid');

    api.answerNext([{ id: 1, name: 'PAC', price: 'grátis', delivery_time: 3, company: { id: 1, name: 'Correios' } }]);
    expect((await failure(me.calculate(ONE_BOX))).kind).toBe('invalid');

    api.answerNext({});
    const print = await failure(me.print([randomUUID()]));
    expect(print).toMatchObject({ kind: 'invalid', message: 'O Melhor Envio respondeu algo que a loja não entende.' });

    const id = randomUUID();
    api.answerNext({ [id]: { id, status: 'posted', tracking: 'PX123456789BR', posted_at: 'ontem' } });
    expect((await failure(me.tracking([id]))).kind).toBe('invalid');

    api.answerNext({ purchase: { id: randomUUID(), status: 'paid' } });
    expect((await failure(me.checkout([id]))).kind).toBe('invalid');
  });

  it('buys a label: cart → checkout → generate → print → tracking after posting and delivery', async () => {
    const shipment: MelhorEnvioShipment = {
      serviceId: 1,
      from: {
        name: 'Clarear Produtos de Limpeza',
        phone: '(11) 3000-0000',
        email: 'contato@clarear.com.br',
        companyDocument: '12.345.678/0001-95',
        address: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        stateAbbr: 'SP',
        postalCode: '01310-100',
      },
      to: {
        name: 'Maria da Silva',
        phone: '(11) 98888-7777',
        email: 'maria@example.com',
        document: '529.982.247-25',
        address: 'Praça da Sé',
        number: '1',
        complement: 'apto 2',
        district: 'Sé',
        city: 'São Paulo',
        stateAbbr: 'SP',
        postalCode: '01001-000',
      },
      products: [{ name: 'Detergente neutro (500 mL)', quantity: 2, unitaryValue: 25 }],
      volumes: [{ heightCm: 15, widthCm: 20, lengthCm: 10, weightKg: 1.2 }],
      options: { insuranceValue: 50, nonCommercial: true, platform: 'Clarear', tags: [{ tag: 'PED-1001' }] },
    };
    const item = await me.addToCart(shipment);
    expect(item).toMatchObject({ status: 'pending', priceCents: 1750 });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.protocol).toMatch(/^ORD-/);
    const cartBody = api.requests.at(-1)!.body as Record<string, Record<string, unknown>>;
    expect(cartBody.to).toMatchObject({ postal_code: '01001000', document: '52998224725', phone: '11988887777', state_abbr: 'SP', country_id: 'BR' });
    expect(cartBody.from).toMatchObject({ company_document: '12345678000195' });
    // Non-commercial: no invoice at all.
    expect(cartBody.options).toEqual({ insurance_value: 50, receipt: false, own_hand: false, reverse: false, non_commercial: true, platform: 'Clarear', tags: [{ tag: 'PED-1001', url: null }] });

    const purchase = await me.checkout([item.id]);
    expect(purchase).toMatchObject({ status: 'paid', totalCents: 1750, orders: [{ id: item.id, status: 'released' }] });
    expect(purchase.paidAt).toBeInstanceOf(Date);

    expect(await me.generate([item.id])).toEqual({ [item.id]: { generated: true, message: 'Envio gerado com sucesso' } });
    expect(await me.generate([item.id])).toEqual({ [item.id]: { generated: false, message: 'O envio já está gerado' } });

    const { url } = await me.print([item.id]);
    expect(url.startsWith(`${api.url}/imprimir/`)).toBe(true);
    expect(api.requests.at(-1)!.body).toEqual({ mode: 'public', orders: [item.id] });

    const generated = (await me.tracking([item.id]))[item.id]!;
    expect(generated).toMatchObject({ id: item.id, status: 'released', postedAt: null, deliveredAt: null });
    expect(generated.tracking).toMatch(/^PX\d{9}BR$/);
    expect(generated.generatedAt).toBeInstanceOf(Date);

    // The carrier takes it: state moves, and a signed notice reaches the store.
    const posted = await api.post(item.id);
    expect(posted?.status).toBe(200);
    const afterPost = (await me.tracking([item.id]))[item.id]!;
    expect(afterPost.status).toBe('posted');
    expect(afterPost.postedAt).toBeInstanceOf(Date);
    // Their wall clock is São Paulo's: the instant read back is the one the stand-in stamped.
    expect(Math.abs(afterPost.postedAt!.getTime() - Date.now())).toBeLessThan(5_000);
    expect(received.at(-1)).toEqual({
      valid: true,
      notice: { event: 'order.posted', orderId: item.id, status: 'posted', tracking: generated.tracking, postedAt: afterPost.postedAt, deliveredAt: null },
    });

    await api.deliver(item.id);
    const delivered = (await me.tracking([item.id]))[item.id]!;
    expect(delivered).toMatchObject({ status: 'delivered', tracking: generated.tracking });
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    expect(received.at(-1)?.notice).toMatchObject({ event: 'order.delivered', status: 'delivered' });

    // Reconciliation reads one order; one they never had is null, not an error.
    expect(await me.getOrder(item.id)).toMatchObject({ id: item.id, status: 'delivered', tracking: generated.tracking });
    expect(await me.getOrder(randomUUID())).toBeNull();
  });

  it('checks webhook signatures: the good one passes, forged, tampered and missing ones do not', async () => {
    const item = await me.addToCart({
      serviceId: 2,
      from: { name: 'Clarear', companyDocument: '12345678000195', address: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', stateAbbr: 'SP', postalCode: '01310100' },
      to: { name: 'João', document: '52998224725', address: 'Rua A', number: '2', district: 'Centro', city: 'Curitiba', stateAbbr: 'PR', postalCode: '80010000' },
      products: [{ name: 'Álcool 70% (1 L)', quantity: 1, unitaryValue: 12.5 }],
      volumes: [{ heightCm: 25, widthCm: 10, lengthCm: 10, weightKg: 1 }],
      options: { insuranceValue: 12.5, nonCommercial: true },
    });
    await me.checkout([item.id]);
    await me.generate([item.id]);

    const good = await api.notify(item.id, 'order.generated');
    expect(good.status).toBe(200);
    expect(received.at(-1)?.notice).toMatchObject({ event: 'order.generated', orderId: item.id, status: 'released' });

    expect((await api.notify(item.id, 'order.delivered', { secret: 'segredo-de-outra-pessoa' })).status).toBe(401);
    expect((await api.notify(item.id, 'order.delivered', { tamper: true })).status).toBe(401);
    expect((await api.notify(item.id, 'order.delivered', { signed: false })).status).toBe(401);
    expect(received.slice(-3).every((r) => !r.valid)).toBe(true);

    const raw = JSON.stringify({ event: 'order.posted', data: { id: item.id, status: 'posted', tracking: null } });
    const signature = signWebhook(raw, SECRET);
    expect(verifyMelhorEnvioSignature(raw, signature, SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(raw, ` ${signature} `, SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(raw, `${signature}x`, SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(raw, Buffer.from(signature, 'base64').toString('hex'), SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(raw, null, SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(raw, signature, '')).toBe(false);

    expect(parseMelhorEnvioWebhook(JSON.parse(raw))).toEqual({ event: 'order.posted', orderId: item.id, status: 'posted', tracking: null, postedAt: null, deliveredAt: null });
    expect(() => parseMelhorEnvioWebhook({ event: 'order.posted', data: {} })).toThrow(MelhorEnvioError);
    expect(() => parseMelhorEnvioWebhook('{"event":')).toThrow(MelhorEnvioError);
  });

  it('sends the User-Agent their API requires, with the token and JSON headers', async () => {
    await me.calculate(ONE_BOX);
    for (const r of api.requests.filter((r) => r.headers.authorization === `Bearer ${TOKEN}`)) {
      expect(r.headers).toEqual({ authorization: `Bearer ${TOKEN}`, 'user-agent': USER_AGENT, accept: 'application/json', 'content-type': 'application/json' });
    }
    // Without it (fetch's own "node"), the API refuses the request.
    const bare = await fetch(`${api.url}/api/v2/me/shipment/calculate`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' }, body: '{}' });
    expect(bare.status).toBe(400);
  });

  it('is configured from the environment: off without a token or an origin CEP', async () => {
    const names = ['MELHORENVIO_TOKEN', 'MELHORENVIO_API_URL', 'MELHORENVIO_FROM_CEP', 'MELHORENVIO_USER_AGENT', 'ADMIN_EMAIL'] as const;
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    try {
      for (const n of names) delete process.env[n];
      reloadEnv();
      expect(melhorEnvioFromEnv()).toBeNull();

      process.env.MELHORENVIO_TOKEN = TOKEN;
      process.env.MELHORENVIO_API_URL = api.url;
      reloadEnv();
      expect(melhorEnvioFromEnv()).toBeNull();

      process.env.MELHORENVIO_FROM_CEP = '01310-100';
      process.env.ADMIN_EMAIL = 'suporte@clarear.com.br';
      reloadEnv();
      const fromEnv = melhorEnvioFromEnv();
      expect(fromEnv?.fromCep).toBe(FROM_CEP);
      await fromEnv!.calculate({ ...ONE_BOX, services: [1] });
      expect(api.requests.at(-1)!.headers['user-agent']).toBe('Clarear (suporte@clarear.com.br)');
    } finally {
      for (const n of names) {
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
      }
      reloadEnv();
    }
  });
});
