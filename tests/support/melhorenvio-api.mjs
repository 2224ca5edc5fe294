// A local stand-in for Melhor Envio's API, for tests only (the machine is offline). It answers the
// requests the store's adapter (app/server/shipping/melhorenvio.server.ts) makes with the shapes of
// Melhor Envio's published reference, and notifies like Melhor Envio does (a POST signed with
// X-ME-Signature to the application's webhook URL). Pages:
//   Token, Accept/Content-Type, User-Agent "Aplicação (email para contato técnico)"
//                                       https://docs.melhorenvio.com.br/reference/introducao-api-melhor-envio
//   POST /api/v2/me/shipment/calculate  https://docs.melhorenvio.com.br/reference/calculo-de-fretes-por-produtos
//                                       (guide: https://docs.melhorenvio.com.br/docs/cotacao-de-fretes)
//   POST /api/v2/me/cart                https://docs.melhorenvio.com.br/reference/inserir-fretes-no-carrinho
//   POST /api/v2/me/shipment/checkout   https://docs.melhorenvio.com.br/reference/compra-de-fretes-1
//                                       (guide: https://docs.melhorenvio.com.br/docs/compra-de-fretes)
//   POST /api/v2/me/shipment/generate   https://docs.melhorenvio.com.br/reference/geracao-de-etiquetas
//   POST /api/v2/me/shipment/print      https://docs.melhorenvio.com.br/reference/impressao-de-etiquetas
//   POST /api/v2/me/shipment/tracking   https://docs.melhorenvio.com.br/reference/rastreio-de-envios
//   GET  /api/v2/me/orders/{id}         https://docs.melhorenvio.com.br/reference/listar-informacoes-de-uma-etiqueta
//   Webhooks, events, X-ME-Signature    https://docs.melhorenvio.com.br/docs/webhooks
//   Sandbox                             https://docs.melhorenvio.com.br/docs/sandbox
// Their errors are Laravel's: 401 { message: "Unauthenticated." }, 422 { message, errors: { field: [..] } }.
// The reference says the User-Agent is required but does not publish the refusal; here it is a 400.
// Prices come from a fixed table (SERVICES below), not from any carrier: they only need to be
// deterministic. Timestamps are São Paulo's wall clock without offset ("2026-03-02 14:05:09"), as theirs.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const CORREIOS = { id: 1, name: 'Correios', picture: 'https://sandbox.melhorenvio.com.br/images/shipping-companies/correios.png' };
const JADLOG = { id: 2, name: 'Jadlog', picture: 'https://sandbox.melhorenvio.com.br/images/shipping-companies/jadlog.png' };

/**
 * The services it quotes, by their ids at Melhor Envio. Per zone (0: same CEP region as the origin,
 * 1: a neighbouring one, 2: farther): a base price for the first kg, a price per further kg (cents),
 * and a deadline in business days. A parcel above maxKg gets an `error` item instead of a price.
 */
export const SERVICES = {
  1: { name: 'PAC', company: CORREIOS, base: [1500, 2000, 2800], perKg: [200, 350, 500], days: [4, 7, 10], maxKg: 30 },
  2: { name: 'SEDEX', company: CORREIOS, base: [2000, 2800, 4000], perKg: [400, 600, 900], days: [1, 2, 4], maxKg: 30 },
  3: { name: '.Package', company: JADLOG, base: [1400, 1800, 2500], perKg: [150, 250, 400], days: [3, 5, 8], maxKg: 120 },
  17: { name: 'Mini Envios', company: CORREIOS, base: [900, 1100, 1400], perKg: [0, 0, 0], days: [6, 9, 12], maxKg: 0.3 },
};

const CUBIC_DIVISOR = 6000;

/** 0 when both CEPs share their first digit (the Correios region), 1 for a neighbouring region, 2 otherwise. */
export function zoneOf(fromCep, toCep) {
  const distance = Math.abs(Number(fromCep[0]) - Number(toCep[0]));
  return distance === 0 ? 0 : distance <= 2 ? 1 : 2;
}

/** The price (cents), deadline or refusal of `serviceId` for a parcel: billed kg = max(real, cubic). */
export function priceOf(serviceId, { zone, weightKg, volumeCm3, insuranceCents }) {
  const service = SERVICES[serviceId];
  const billedKg = Math.max(weightKg, volumeCm3 / CUBIC_DIVISOR);
  if (billedKg > service.maxKg) return { error: `Peso acima do limite do serviço (${service.maxKg} kg).` };
  const extraKg = Math.max(0, Math.ceil(billedKg) - 1);
  // Ad valorem: 1 % of the declared value.
  const cents = service.base[zone] + service.perKg[zone] * extraKg + Math.round(insuranceCents / 100);
  return { cents, days: service.days[zone] };
}

/** A Correios object code with its UPU S10 check digit, as the carrier issues them: 'PX12345678' + digit + 'BR'. */
function correiosCode(prefix, serial) {
  const digits = String(serial).slice(-8).padStart(8, '0');
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i], 0);
  const rest = 11 - (sum % 11);
  return `${prefix}${digits}${rest === 10 ? 0 : rest === 11 ? 5 : rest}BR`;
}

const reais = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Their signature: base64 of HMAC-SHA256 of the raw body with the application's secret. */
export function signWebhook(rawBody, secret) {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

/**
 * Starts the stand-in. `token`: the only bearer it accepts; `webhookUrl` and `webhookSecret`: where
 * and with what post()/deliver() notify; `now`: its clock (ms).
 * @param {{ port?: number, token?: string, webhookUrl?: string | null, webhookSecret?: string, now?: () => number }} [options]
 */
export async function startMelhorEnvioApi({ port = 0, token = 'me-token-de-teste', webhookUrl = null, webhookSecret = 'segredo-app-melhorenvio', now = () => Date.now() } = {}) {
  const orders = new Map(); // id → order, as GET /orders/{id} answers it
  const purchases = [];
  const requests = [];
  /** Answers to give next, in order, before anything else: { status, raw } (raw text, sent as is). */
  const canned = [];
  const timers = new Set();
  const control = { delayMs: 0, balanceCents: 1_000_000, webhookUrl, webhookSecret };
  let sequence = 1;

  /** São Paulo's wall clock (UTC-3), the way their timestamps read. */
  const stamp = (ms = now()) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

  function send(res, status, body) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }
  const invalid = (res, errors) => send(res, 422, { message: 'The given data was invalid.', errors });

  /** The first invalid id of `body.orders` (Laravel's "exists" rule), or null. */
  function unknownOrder(body) {
    if (!Array.isArray(body.orders) || body.orders.length === 0) return { orders: ['O campo orders é obrigatório.'] };
    const i = body.orders.findIndex((id) => !orders.has(String(id)));
    return i >= 0 ? { [`orders.${i}`]: [`O campo orders.${i} selecionado é inválido.`] } : null;
  }

  function quote(body) {
    const to = String(body.to?.postal_code ?? '');
    const from = String(body.from?.postal_code ?? '');
    const errors = {};
    if (!/^\d{8}$/.test(from)) errors['from.postal_code'] = ['O campo from.postal_code deve ter 8 caracteres.'];
    if (!/^\d{8}$/.test(to)) errors['to.postal_code'] = ['O campo to.postal_code deve ter 8 caracteres.'];
    const products = Array.isArray(body.products) ? body.products : [];
    if (!products.length) errors.products = ['O campo products é obrigatório.'];
    products.forEach((p, i) => {
      for (const field of ['width', 'height', 'length', 'weight']) {
        if (!(typeof p[field] === 'number' && p[field] > 0)) errors[`products.${i}.${field}`] = [`O campo products.${i}.${field} deve ser maior que 0.`];
      }
      if (!(Number.isInteger(p.quantity) && p.quantity > 0)) errors[`products.${i}.quantity`] = [`O campo products.${i}.quantity deve ser um inteiro positivo.`];
    });
    if (Object.keys(errors).length) return { errors };
    const zone = zoneOf(from, to);
    const weightKg = products.reduce((sum, p) => sum + p.weight * p.quantity, 0);
    const volumeCm3 = products.reduce((sum, p) => sum + p.width * p.height * p.length * p.quantity, 0);
    const insuranceCents = Math.round(products.reduce((sum, p) => sum + (p.insurance_value ?? 0) * p.quantity, 0) * 100);
    const ids = typeof body.services === 'string' && body.services.trim() ? body.services.split(',').map((s) => Number(s.trim())) : Object.keys(SERVICES).map(Number);
    const items = ids
      .filter((id) => SERVICES[id])
      .map((id) => {
        const service = SERVICES[id];
        const head = { id, name: service.name, picture: service.company.picture };
        const priced = priceOf(id, { zone, weightKg, volumeCm3, insuranceCents });
        if (priced.error) return { ...head, error: priced.error, company: service.company };
        return {
          ...head,
          price: reais(priced.cents),
          custom_price: reais(priced.cents),
          discount: '0.00',
          currency: 'R$',
          delivery_time: priced.days,
          delivery_range: { min: Math.max(1, priced.days - 1), max: priced.days },
          custom_delivery_time: priced.days,
          custom_delivery_range: { min: Math.max(1, priced.days - 1), max: priced.days },
          packages: [
            {
              price: reais(priced.cents),
              discount: '0.00',
              format: 'box',
              weight: weightKg.toFixed(2),
              insurance_value: reais(insuranceCents),
              products: products.map((p) => ({ id: String(p.id), quantity: p.quantity })),
            },
          ],
          additional_services: { receipt: Boolean(body.options?.receipt), own_hand: Boolean(body.options?.own_hand), collect: false },
          company: service.company,
        };
      });
    return { items };
  }

  function addToCart(body) {
    const errors = {};
    const service = SERVICES[body.service];
    if (!service) errors.service = ['O campo service selecionado é inválido.'];
    for (const side of ['from', 'to']) {
      const a = body[side] ?? {};
      for (const field of ['name', 'address', 'number', 'district', 'city', 'state_abbr']) {
        if (!a[field]) errors[`${side}.${field}`] = [`O campo ${side}.${field} é obrigatório.`];
      }
      if (!/^\d{8}$/.test(String(a.postal_code ?? ''))) errors[`${side}.postal_code`] = [`O campo ${side}.postal_code deve ter 8 caracteres.`];
      // The content declaration (DC-e) needs who sends and who receives.
      if (!a.document && !a.company_document) errors[`${side}.document`] = [`O campo ${side}.document é obrigatório quando ${side}.company_document não está presente.`];
    }
    if (!Array.isArray(body.products) || !body.products.length) errors.products = ['O campo products é obrigatório.'];
    const volumes = Array.isArray(body.volumes) ? body.volumes : [];
    if (!volumes.length) errors.volumes = ['O campo volumes é obrigatório.'];
    if (service?.company.id === CORREIOS.id && volumes.length > 1) errors.volumes = ['Os Correios aceitam um volume por envio.'];
    const o = body.options ?? {};
    if (typeof o.insurance_value !== 'number' || o.insurance_value < 0) errors['options.insurance_value'] = ['O campo options.insurance_value é obrigatório.'];
    if (!o.non_commercial && !/^\d{44}$/.test(String(o.invoice?.key ?? ''))) errors['options.invoice.key'] = ['O campo options.invoice.key é obrigatório quando options.non_commercial é falso.'];
    if (o.non_commercial && o.invoice) errors['options.invoice'] = ['Envios não comerciais não levam nota fiscal.'];
    if (Object.keys(errors).length) return { errors };
    const weightKg = volumes.reduce((sum, v) => sum + v.weight, 0);
    const volumeCm3 = volumes.reduce((sum, v) => sum + v.width * v.height * v.length, 0);
    const priced = priceOf(body.service, { zone: zoneOf(body.from.postal_code, body.to.postal_code), weightKg, volumeCm3, insuranceCents: Math.round(o.insurance_value * 100) });
    if (priced.error) return { errors: { service: [priced.error] } };
    const created = stamp();
    const order = {
      id: randomUUID(),
      protocol: `ORD-${created.slice(0, 7).replace('-', '')}${String(sequence++).padStart(8, '0')}`,
      service_id: body.service,
      agency_id: body.agency ?? null,
      price: priced.cents / 100,
      discount: 0,
      insurance_value: o.insurance_value,
      delivery_min: Math.max(1, priced.days - 1),
      delivery_max: priced.days,
      status: 'pending',
      receipt: Boolean(o.receipt),
      own_hand: Boolean(o.own_hand),
      non_commercial: Boolean(o.non_commercial),
      tracking: null,
      self_tracking: null,
      tags: o.tags ?? [],
      from: body.from,
      to: body.to,
      products: body.products,
      volumes: volumes.map((v, i) => ({ id: i + 1, height: String(v.height), width: String(v.width), length: String(v.length), weight: String(v.weight), format: 'box' })),
      paid_at: null,
      generated_at: null,
      posted_at: null,
      delivered_at: null,
      canceled_at: null,
      expired_at: null,
      created_at: created,
      updated_at: created,
    };
    orders.set(order.id, order);
    return { order };
  }

  const touch = (order) => (order.updated_at = stamp());

  /** What the tracking route answers for one order. */
  const trackingOf = (o) => ({
    id: o.id,
    protocol: o.protocol,
    status: o.status,
    tracking: o.tracking,
    melhorenvio_tracking: o.self_tracking,
    created_at: o.created_at,
    paid_at: o.paid_at,
    generated_at: o.generated_at,
    posted_at: o.posted_at,
    delivered_at: o.delivered_at,
    canceled_at: o.canceled_at,
    expired_at: o.expired_at,
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://local');
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = null;
    }
    requests.push({
      method: req.method,
      path: url.pathname,
      headers: { authorization: req.headers.authorization ?? null, 'user-agent': req.headers['user-agent'] ?? null, accept: req.headers.accept ?? null, 'content-type': req.headers['content-type'] ?? null },
      body,
    });
    // A slow API: the answer (whatever it is) comes this much later.
    if (control.delayMs) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, control.delayMs);
        timers.add(timer);
      });
      // The client gave up meanwhile: nothing to answer (a canned answer stays for the next one).
      if (res.destroyed || req.socket.destroyed) return;
    }
    const next = canned.shift();
    if (next) return send(res, next.status, next.raw);
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { message: 'Unauthenticated.' });
    if (!/^.+\(\s*[^()\s]+@[^()\s]+\s*\)\s*$/.test(req.headers['user-agent'] ?? '')) {
      return send(res, 400, { message: 'Informe o User-Agent: "Aplicação (email para contato técnico)".' });
    }
    if (body === null) return send(res, 400, { message: 'JSON inválido.' });

    let m;
    if (req.method === 'POST' && url.pathname === '/api/v2/me/shipment/calculate') {
      const { items, errors } = quote(body);
      return errors ? invalid(res, errors) : send(res, 200, items);
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/me/cart') {
      const { order, errors } = addToCart(body);
      return errors ? invalid(res, errors) : send(res, 201, order);
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/me/shipment/checkout') {
      const unknown = unknownOrder(body);
      if (unknown) return invalid(res, unknown);
      const selected = body.orders.map((id) => orders.get(String(id)));
      const notInCart = selected.find((o) => o.status !== 'pending');
      if (notInCart) return send(res, 422, { error: `O envio ${notInCart.protocol} não está no carrinho.` });
      const totalCents = selected.reduce((sum, o) => sum + Math.round(o.price * 100), 0);
      if (totalCents > control.balanceCents) return send(res, 422, { error: 'Saldo insuficiente na carteira.' });
      control.balanceCents -= totalCents;
      const paidAt = stamp();
      for (const o of selected) {
        o.status = 'released';
        o.paid_at = paidAt;
        touch(o);
      }
      const purchase = {
        id: randomUUID(),
        protocol: `PUR-${paidAt.slice(0, 7).replace('-', '')}${String(sequence++).padStart(8, '0')}`,
        total: totalCents / 100,
        discount: 0,
        status: 'paid',
        paid_at: paidAt,
        canceled_at: null,
        created_at: paidAt,
        updated_at: paidAt,
        payment: null,
        transactions: [{ id: randomUUID(), type: 'debit', value: totalCents / 100, status: 'authorized', created_at: paidAt }],
        orders: selected.map((o) => ({ ...o })),
      };
      purchases.push(purchase);
      return send(res, 200, { purchase });
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/me/shipment/generate') {
      const unknown = unknownOrder(body);
      if (unknown) return invalid(res, unknown);
      const answer = {};
      for (const id of body.orders) {
        const o = orders.get(String(id));
        if (o.generated_at) answer[o.id] = { status: false, message: 'O envio já está gerado' };
        else if (o.status !== 'released') answer[o.id] = { status: false, message: 'O envio não está pago' };
        else {
          o.generated_at = stamp();
          o.self_tracking = `ME${randomBytes(4).toString('hex').toUpperCase()}`;
          // A Correios object code (2 letters, 8 digits and the UPU S10 check digit, BR) or Jadlog's 14 digits.
          o.tracking =
            SERVICES[o.service_id].company.id === CORREIOS.id
              ? correiosCode(SERVICES[o.service_id].name === 'SEDEX' ? 'SX' : 'PX', 10_000_000 + sequence++)
              : String(10_000_000_000_000 + sequence++);
          touch(o);
          answer[o.id] = { status: true, message: 'Envio gerado com sucesso' };
        }
      }
      return send(res, 200, answer);
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/me/shipment/print') {
      const unknown = unknownOrder(body);
      if (unknown) return invalid(res, unknown);
      const notGenerated = body.orders.map((id) => orders.get(String(id))).find((o) => !o.generated_at);
      if (notGenerated) return invalid(res, { orders: [`A etiqueta ${notGenerated.protocol} ainda não foi gerada.`] });
      // Private links need their login; public ones open for anyone with the link.
      const mode = body.mode === 'public' ? 'public' : 'private';
      return send(res, 200, { url: `${server.publicUrl}/imprimir/${mode === 'public' ? '' : 'privado/'}${randomBytes(6).toString('base64url')}` });
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/me/shipment/tracking') {
      const unknown = unknownOrder(body);
      if (unknown) return invalid(res, unknown);
      return send(res, 200, Object.fromEntries(body.orders.map((id) => [String(id), trackingOf(orders.get(String(id)))])));
    }
    if (req.method === 'GET' && (m = /^\/api\/v2\/me\/orders\/([^/]+)$/.exec(url.pathname))) {
      const o = orders.get(decodeURIComponent(m[1]));
      return o ? send(res, 200, o) : send(res, 404, { message: 'No query results for model [App\\Models\\Order].' });
    }
    return send(res, 404, { message: `The route ${url.pathname.slice(1)} could not be found.` });
  });
  // A client reusing a kept-alive socket must not meet Node's 5 s idle reset (an API behind a load
  // balancer keeps them far longer); close() ends them all.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  server.publicUrl = url;

  /**
   * Sends `event` about order `id` to the webhook URL, signed with `secret` (the application's, unless
   * a test forges it); `tamper` changes the body after signing. Answers what the store replied.
   */
  async function notify(id, event, { secret = control.webhookSecret, signed = true, tamper = false, target = control.webhookUrl } = {}) {
    const o = orders.get(String(id));
    if (!o) throw new Error(`envio ${id} desconhecido`);
    if (!target) throw new Error('sem webhookUrl configurada');
    const rawBody = JSON.stringify({
      event,
      data: { ...trackingOf(o), self_tracking: o.self_tracking, user_id: 'usuario-teste', tags: o.tags, tracking_url: o.tracking ? `https://melhorrastreio.com.br/rastreio/${o.tracking}` : null },
    });
    const signature = signWebhook(rawBody, secret);
    const sent = tamper ? rawBody.replace(`"${o.status}"`, '"delivered"') : rawBody;
    const headers = { 'content-type': 'application/json', 'user-agent': 'MelhorEnvio-Webhook' };
    if (signed) headers['x-me-signature'] = signature;
    const response = await fetch(target, { method: 'POST', headers, body: sent });
    return { status: response.status, body: await response.text(), rawBody: sent, signature };
  }

  /** The carrier moved the parcel: its state changes and, with a webhook URL and unless `notify: false`, it is notified. */
  async function move(id, status, field, event, options) {
    const o = orders.get(String(id));
    if (!o) throw new Error(`envio ${id} desconhecido`);
    if (!o.generated_at) throw new Error(`envio ${id} sem etiqueta gerada`);
    o.status = status;
    o[field] = stamp();
    touch(o);
    return options.notify === false || !control.webhookUrl ? null : notify(id, event, options);
  }

  return {
    url,
    token,
    control,
    orders,
    purchases,
    requests,
    /** Every answer comes `ms` later (0: at once). */
    setDelay: (ms) => void (control.delayMs = ms),
    /** The next request answers `status` with a Laravel-like error body (or `raw`, sent as is). */
    failNext: (status, raw = JSON.stringify({ message: status >= 500 ? 'Server Error' : 'Erro de teste.' })) => void canned.push({ status, raw }),
    /** The next request answers this text as is (a lying or truncated answer), 200 by default. */
    answerNext: (raw, status = 200) => void canned.push({ status, raw: typeof raw === 'string' ? raw : JSON.stringify(raw) }),
    post: (id, options = {}) => move(id, 'posted', 'posted_at', 'order.posted', options),
    deliver: (id, options = {}) => move(id, 'delivered', 'delivered_at', 'order.delivered', options),
    notify,
    // The long keep-alive above would hold close() until each idle socket times out.
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
