// A local stand-in for Mercado Pago's API, for tests only (the machine is offline). It answers the
// requests the store's adapter makes with the shapes of Mercado Pago's published reference, and
// notifies like Mercado Pago does (a signed POST to the payment's notification_url). Pages:
//   POST /v1/payments                 https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post
//   GET  /v1/payments/{id}            https://www.mercadopago.com.br/developers/pt/reference/payments/_payments_id/get
//   GET  /v1/payments/search          https://www.mercadopago.com.br/developers/pt/reference/payments/_payments_search/get
//   POST /v1/payments/{id}/refunds    https://www.mercadopago.com.br/developers/pt/reference/chargebacks/_payments_id_refunds/post
//                                     partial: https://www.mercadopago.com.br/developers/pt/docs/wallet-connect/payment-flow/refund-payment/refund-partial-amount
//   POST /v1/customers, GET /v1/customers/search
//                                     https://www.mercadopago.com.br/developers/pt/reference/customers/_customers/post
//   POST /v1/customers/{id}/cards     https://www.mercadopago.com.br/developers/pt/reference/cards/_customers_customer_id_cards/post
//   GET  /v1/customers/{id}/cards     https://www.mercadopago.com.br/developers/pt/reference/cards/_customers_customer_id_cards/get
//   DELETE /v1/customers/{id}/cards/{card_id}
//                                     https://www.mercadopago.com.br/developers/pt/reference/cards/_customers_customer_id_cards_id/delete
//   DELETE /v1/customers/{id}         https://www.mercadopago.com.br/developers/pt/reference/customers/_customers_id/delete
//                                     (an id it does not have: 404, as for any unknown customer or card)
//   POST /v1/card_tokens              https://www.mercadopago.com.br/developers/pt/docs/checkout-api/payment-management/cards-and-customers-management
//   X-Idempotency-Key                 https://www.mercadopago.com.br/developers/pt/docs/checkout-api/additional-content/your-integrations/idempotency
//   Webhooks and x-signature          https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks
//   Card outcomes by holder name      https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-test/test-cards
// Card tokens here carry the test card's holder name (APRO approved, FUND insufficient funds,
// SECU bad security code, OTHE declined, CONT pending), as the browser's tokenization would.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const OUTCOMES = {
  APRO: { status: 'approved', status_detail: 'accredited' },
  FUND: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' },
  OTHE: { status: 'rejected', status_detail: 'cc_rejected_other_reason' },
  CONT: { status: 'in_process', status_detail: 'pending_contingency' },
};

/** The signature Mercado Pago sends: HMAC-SHA256 of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. */
export function signNotification({ secret, dataId, requestId, ts }) {
  const manifest = `id:${String(dataId).toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

/**
 * Starts the stand-in. `accessToken`: the only bearer it accepts; `webhookSecret`: what it signs
 * notifications with; `now`: its clock (ms), for signatures' timestamps.
 */
export async function startMercadoPagoApi({ port = 0, accessToken = 'TEST-token-clarear', webhookSecret = 'segredo-webhook-teste', now = () => Date.now() } = {}) {
  const payments = new Map(); // id → payment
  const byKey = new Map(); // `${method} ${path} ${idempotency key}` → [status, body]
  const customers = new Map();
  const cards = new Map();
  const tokens = new Map(); // token → holder name
  const refunds = [];
  /** Faults of the next refund requests, in order ({ status }). */
  const refundFaults = [];
  const requests = [];
  /** Faults to inject into the next POST /v1/payments: { delayMs } (answers late), { status } (answers an error without creating). */
  const faults = [];
  /** The late answers ({ delayMs } faults) still on their way. */
  const pendingLate = new Set();
  let nextId = 1_300_000_000;
  /** Every payment's answer waits this long (the payment exists at once): a window for a crash. */
  /** `customersStatus`: while set, every /v1/customers/{id}… request answers this error (a gateway down for the erasure job). */
  const control = { latencyMs: 0, customersStatus: 0 };

  function send(res, status, body) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const error = (res, status, message, code) => send(res, status, { message, error: code, status, cause: [] });

  function holderOf(token) {
    if (tokens.has(token)) return tokens.get(token);
    const m = /^tok-([A-Z]{4})-/.exec(token ?? '');
    return m ? m[1] : null;
  }

  function createPayment(body) {
    const id = nextId++;
    const created = new Date(now()).toISOString();
    const base = {
      id,
      date_created: created,
      date_last_updated: created,
      date_approved: null,
      date_of_expiration: body.date_of_expiration ?? null,
      external_reference: body.external_reference ?? null,
      description: body.description ?? null,
      transaction_amount: body.transaction_amount,
      currency_id: 'BRL',
      installments: body.installments ?? 1,
      payment_method_id: body.payment_method_id,
      issuer_id: body.issuer_id ?? null,
      payer: { id: body.payer?.id ?? null, email: body.payer?.email ?? null, identification: body.payer?.identification ?? null, type: body.payer?.type ?? null },
      metadata: body.metadata ?? {},
      notification_url: body.notification_url ?? null,
      point_of_interaction: {},
      transaction_details: { net_received_amount: 0, total_paid_amount: body.transaction_amount, installment_amount: null },
      refunds: [],
      live_mode: false,
    };
    if (body.payment_method_id === 'pix') {
      Object.assign(base, {
        payment_type_id: 'bank_transfer',
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: `00020101021226940014br.gov.bcb.pix2572pix-qr.mercadopago.com/instore/o/v2/${randomUUID()}5204000053039865802BR5925CLAREAR6009SAO PAULO62070503***6304ABCD`,
            qr_code_base64: Buffer.from(`qr-${id}`).toString('base64'),
            ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=1&hash=${randomUUID()}`,
          },
        },
      });
    } else if (body.payment_method_id === 'bolbradesco') {
      const digits = String(id).padStart(10, '0');
      Object.assign(base, {
        payment_type_id: 'ticket',
        status: 'pending',
        status_detail: 'pending_waiting_payment',
        barcode: { content: `23791${digits}000000000000000000000000000`.slice(0, 44) },
        transaction_details: {
          ...base.transaction_details,
          external_resource_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=1&payment_method_id=bolbradesco`,
          digitable_line: `23790.00009 00000.000000 ${digits.slice(0, 5)}.${digits.slice(5)}0 1 ${String(Math.round(body.transaction_amount * 100)).padStart(14, '0')}`,
        },
      });
    } else {
      const outcome = OUTCOMES[holderOf(body.token)] ?? OUTCOMES.OTHE;
      Object.assign(base, {
        payment_type_id: 'credit_card',
        ...outcome,
        date_approved: outcome.status === 'approved' ? created : null,
        card: { last_four_digits: '3704', first_six_digits: '503143', cardholder: { name: holderOf(body.token) } },
      });
    }
    payments.set(String(id), base);
    return base;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://local');
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : {};
    const key = req.headers['x-idempotency-key'];
    requests.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), idempotencyKey: key ?? null, body });
    if (req.headers.authorization !== `Bearer ${accessToken}`) return error(res, 401, 'invalid access token', 'unauthorized');

    // A POST with a key already seen answers the first response again (their idempotency contract).
    const keyId = key && req.method === 'POST' ? `${url.pathname} ${key}` : null;
    if (keyId && byKey.has(keyId)) {
      const [status, first] = byKey.get(keyId);
      return send(res, status, status < 300 && first.id && payments.has(String(first.id)) ? payments.get(String(first.id)) : first);
    }
    const remember = (status, answer) => {
      if (keyId) byKey.set(keyId, [status, answer]);
      return send(res, status, answer);
    };

    let m;
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      const fault = faults.shift();
      if (fault?.status) return error(res, fault.status, 'internal error', 'internal_error');
      if (!(body.transaction_amount > 0)) return error(res, 400, 'transaction_amount attribute can not be empty', 'bad_request');
      if (!body.payment_method_id) return error(res, 400, 'payment_method_id attribute can not be empty', 'bad_request');
      if (!body.payer?.email) return error(res, 400, 'payer.email must be a valid email', 'bad_request');
      if (body.payment_method_id !== 'pix' && body.payment_method_id !== 'bolbradesco' && !body.token) return error(res, 400, 'token attribute can not be empty', 'bad_request');
      const payment = createPayment(body);
      if (keyId) byKey.set(keyId, [201, payment]);
      // A slow gateway: the payment exists, the answer comes too late for the caller.
      const delay = fault?.delayMs ?? control.latencyMs;
      if (fault?.delayMs) {
        // A late answer whose caller already gave up (timed out, closed the connection) reaches
        // no one: it ends then, so a test need not wait out the whole delay (lateAnswers()).
        const late = new Promise((r) => {
          const timer = setTimeout(r, delay);
          res.once('close', () => {
            clearTimeout(timer);
            r();
          });
        });
        pendingLate.add(late);
        await late;
        pendingLate.delete(late);
      } else if (delay) await new Promise((r) => setTimeout(r, delay));
      return send(res, 201, payment);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      const ref = url.searchParams.get('external_reference');
      const results = [...payments.values()].filter((p) => !ref || p.external_reference === ref).sort((a, b) => b.id - a.id);
      return send(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    }
    if ((m = /^\/v1\/payments\/(\d+)$/.exec(url.pathname)) && req.method === 'GET') {
      const p = payments.get(m[1]);
      return p ? send(res, 200, p) : error(res, 404, 'Payment not found', 'not_found');
    }
    if ((m = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname)) && req.method === 'POST') {
      const p = payments.get(m[1]);
      if (!p) return error(res, 404, 'Payment not found', 'not_found');
      if (p.status !== 'approved') return error(res, 400, 'Payment not refundable', 'bad_request');
      // A gateway down for refunds (a 5xx, as its API answers an internal error).
      if (refundFaults.shift()?.status) return error(res, 500, 'internal error', 'internal_error');
      // A partial refund names its amount ("Reembolsar valor parcial": body { amount }); several add up
      // to at most the payment's amount, the payment staying approved ('partially_refunded') until
      // all of it is back. No amount: what is left.
      const cents = (v) => Math.round(v * 100);
      const left = cents(p.transaction_amount) - p.refunds.reduce((sum, r) => sum + cents(r.amount), 0);
      if (body.amount !== undefined && !(typeof body.amount === 'number' && body.amount > 0)) return error(res, 400, 'amount attribute must be positive', 'bad_request');
      const amountCents = body.amount === undefined ? left : cents(body.amount);
      if (amountCents > left) return error(res, 400, 'Invalid refund amount', 'bad_request');
      const refund = { id: nextId++, payment_id: p.id, amount: amountCents / 100, status: 'approved', date_created: new Date(now()).toISOString(), source: { type: 'collector' } };
      const whole = amountCents === left;
      p.status = whole ? 'refunded' : 'approved';
      p.status_detail = whole ? 'refunded' : 'partially_refunded';
      p.refunds.push(refund);
      refunds.push(refund);
      return remember(201, refund);
    }
    if (req.method === 'GET' && url.pathname === '/v1/customers/search') {
      const email = url.searchParams.get('email');
      const results = [...customers.values()].filter((c) => c.email === email);
      return send(res, 200, { paging: { total: results.length, limit: 10, offset: 0 }, results });
    }
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      if ([...customers.values()].some((c) => c.email === body.email)) return error(res, 400, 'the customer already exist', 'bad_request');
      const customer = { id: `${nextId++}-cust`, email: body.email, first_name: body.first_name ?? null, cards: [] };
      customers.set(customer.id, customer);
      return remember(201, customer);
    }
    if (control.customersStatus && /^\/v1\/customers\/[^/]+($|\/cards)/.test(url.pathname) && url.pathname !== '/v1/customers/search') {
      return error(res, control.customersStatus, 'service unavailable', 'internal_error');
    }
    if ((m = /^\/v1\/customers\/([^/]+)\/cards$/.exec(url.pathname)) && req.method === 'GET') {
      const customer = customers.get(m[1]);
      return customer ? send(res, 200, customer.cards) : error(res, 404, 'customer not found', 'not_found');
    }
    if ((m = /^\/v1\/customers\/([^/]+)\/cards\/([^/]+)$/.exec(url.pathname)) && req.method === 'DELETE') {
      const customer = customers.get(m[1]);
      const card = cards.get(m[2]);
      if (!customer || !card || card.customer_id !== customer.id) return error(res, 404, 'card not found', 'not_found');
      cards.delete(card.id);
      customer.cards = customer.cards.filter((c) => c.id !== card.id);
      return send(res, 200, card);
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname)) && req.method === 'DELETE' && m[1] !== 'search') {
      const customer = customers.get(m[1]);
      if (!customer) return error(res, 404, 'customer not found', 'not_found');
      // Deleting the customer deletes its cards with it.
      for (const card of customer.cards) cards.delete(card.id);
      customers.delete(customer.id);
      return send(res, 200, { ...customer, cards: [] });
    }
    if ((m = /^\/v1\/customers\/([^/]+)\/cards$/.exec(url.pathname)) && req.method === 'POST') {
      const customer = customers.get(m[1]);
      if (!customer) return error(res, 404, 'customer not found', 'not_found');
      const holder = holderOf(body.token);
      if (!holder) return error(res, 400, 'invalid card token', 'bad_request');
      const card = { id: String(nextId++), customer_id: customer.id, last_four_digits: '3704', first_six_digits: '503143', payment_method: { id: 'master', payment_type_id: 'credit_card' }, cardholder: { name: holder } };
      cards.set(card.id, card);
      customer.cards.push(card);
      return remember(200, card);
    }
    if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
      const card = cards.get(body.card_id);
      if (!card || card.customer_id !== body.customer_id) return error(res, 400, 'invalid card_id', 'bad_request');
      const token = `${randomUUID().replace(/-/g, '')}`;
      tokens.set(token, card.cardholder.name);
      return remember(201, { id: token, card_id: card.id, last_four_digits: card.last_four_digits, status: 'active', date_created: new Date(now()).toISOString() });
    }
    return error(res, 404, `resource ${url.pathname} not found`, 'not_found');
  });
  // Node's server drops an idle keep-alive connection after 5 s, while the SDK's agent (keep-alive
  // since Node 19) may be reusing it that very moment: a reset, read as "the gateway did not answer".
  // An API behind a load balancer keeps idle connections far longer; so does the stand-in.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${address.port}`;

  /** Delivers a notification of `id` to its notification_url, signed (or not / forged). */
  async function notify(id, { action = 'payment.updated', secret = webhookSecret, signed = true, requestId = randomUUID(), ts = Math.floor(now() / 1000), headers: extra = {} } = {}) {
    const p = payments.get(String(id));
    if (!p?.notification_url) throw new Error(`pagamento ${id} sem notification_url`);
    const target = new URL(p.notification_url);
    target.searchParams.set('data.id', String(id));
    target.searchParams.set('type', 'payment');
    const headers = { 'content-type': 'application/json', 'x-request-id': requestId, ...extra };
    if (signed) headers['x-signature'] = signNotification({ secret, dataId: id, requestId, ts });
    const response = await fetch(target, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action, api_version: 'v1', data: { id: String(id) }, date_created: new Date(now()).toISOString(), id: nextId++, live_mode: false, type: 'payment', user_id: '123456' }),
    });
    return { status: response.status, body: await response.json().catch(() => null), headers, url: target };
  }

  return {
    url,
    control,
    accessToken,
    webhookSecret,
    payments,
    customers,
    cards,
    refunds,
    refundFaults,
    requests,
    faults,
    /** A payment created with this idempotency key (their external_reference). */
    byExternalReference: (ref) => [...payments.values()].filter((p) => p.external_reference === ref),
    /** The customer paid the Pix or boleto: approved, and notified (unless `notify: false`). */
    async pay(id, options = {}) {
      const p = payments.get(String(id));
      p.status = 'approved';
      p.status_detail = 'accredited';
      p.date_approved = new Date(now()).toISOString();
      return options.notify === false ? null : notify(id, options);
    },
    /** The Pix expired at the gateway. */
    async expire(id, options = {}) {
      const p = payments.get(String(id));
      p.status = 'cancelled';
      p.status_detail = 'expired';
      return options.notify === false ? null : notify(id, options);
    },
    notify,
    /** Resolves once every late answer was sent or its caller hung up (the delay's end, at most). */
    lateAnswers: () => Promise.all([...pendingLate]).then(() => undefined),
    // The long keep-alive above would hold close() until each idle or held-back socket times out.
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

// `node tests/support/mercadopago-api.mjs`: the stand-in on MERCADOPAGO_FAKE_PORT (the e2e suite's
// webServer), with a control endpoint for the browser test: POST /__test/pay/<external_reference>.
if (import.meta.url === `file://${process.argv[1]}`) {
  const api = await startMercadoPagoApi({
    port: Number(process.env.MERCADOPAGO_FAKE_PORT ?? 3299),
    accessToken: process.env.MERCADOPAGO_ACCESS_TOKEN,
    webhookSecret: process.env.MERCADOPAGO_WEBHOOK_SECRET,
  });
  const control = createServer(async (req, res) => {
    const m = /^\/__test\/pay\/(.+)$/.exec(req.url ?? '');
    const payment = m ? api.byExternalReference(decodeURIComponent(m[1])).at(0) : null;
    if (!payment) {
      res.writeHead(404).end();
      return;
    }
    const delivered = await api.pay(payment.id);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: payment.id, webhook: delivered.status }));
  });
  control.listen(Number(process.env.MERCADOPAGO_FAKE_CONTROL_PORT ?? 3298), '127.0.0.1');
  console.log(`Mercado Pago de teste em ${api.url}`);
}
