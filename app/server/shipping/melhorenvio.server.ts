// Melhor Envio (Brazilian shipping broker), a thin adapter on global fetch: there is no official
// Node SDK. Carrier prices for the checkout and, for the admin, the label's life: cart → checkout
// (paid from the account's wallet) → generate → print → tracking, plus the signed webhooks.
// Every answer goes through a Zod schema; whatever goes wrong is one MelhorEnvioError, whose
// message may be shown as is. The shapes follow the published contract (docs.melhorenvio.com.br);
// the local stand-in in tests/support/melhorenvio-api.mjs keeps them with their pages:
//   Headers, token, User-Agent  https://docs.melhorenvio.com.br/reference/introducao-api-melhor-envio
//   POST /api/v2/me/shipment/calculate  https://docs.melhorenvio.com.br/reference/calculo-de-fretes-por-produtos
//   POST /api/v2/me/cart                https://docs.melhorenvio.com.br/reference/inserir-fretes-no-carrinho
//   POST /api/v2/me/shipment/checkout   https://docs.melhorenvio.com.br/reference/compra-de-fretes-1
//   POST /api/v2/me/shipment/generate   https://docs.melhorenvio.com.br/reference/geracao-de-etiquetas
//   POST /api/v2/me/shipment/print      https://docs.melhorenvio.com.br/reference/impressao-de-etiquetas
//   POST /api/v2/me/shipment/tracking   https://docs.melhorenvio.com.br/reference/rastreio-de-envios
//   GET  /api/v2/me/orders/{id}         https://docs.melhorenvio.com.br/reference/listar-informacoes-de-uma-etiqueta
//   Webhooks and X-ME-Signature         https://docs.melhorenvio.com.br/docs/webhooks
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { toCents } from '~/lib/money';
import { getEnv } from '../infra/env.server';
import { log } from '../infra/log.server';

/** A label operation waits at most this long; a quote is given its own, shorter, budget by the checkout. */
const DEFAULT_TIMEOUT_MS = 15_000;

export type MelhorEnvioConfig = {
  /** The account's bearer token (a personal token, or the OAuth access token of the store's application). */
  token: string;
  /** https://sandbox.melhorenvio.com.br or https://melhorenvio.com.br (tests: the local stand-in). */
  apiUrl: string;
  /** Their API requires it: "Aplicação (email para contato técnico)". */
  userAgent: string;
  /** The store's origin CEP, 8 digits. */
  fromCep: string;
};

export type CallOptions = { timeoutMs?: number };

/**
 * 'timeout': no answer (too slow, or the connection failed): the request may or may not have taken
 * effect, so a purchase is reconciled with getOrder. 'http': they answered an error status.
 * 'invalid': they answered 2xx with something that is not their contract.
 */
export type MelhorEnvioErrorKind = 'timeout' | 'http' | 'invalid';

export class MelhorEnvioError extends Error {
  override readonly name = 'MelhorEnvioError';
  constructor(
    readonly kind: MelhorEnvioErrorKind,
    /** In pt-BR, safe to show: never their body, the token or a stack. */
    message: string,
    /** The HTTP status of an 'http' error. */
    readonly status: number | null = null,
    /** Their own message (validation details), for the log and the admin. */
    readonly apiMessage: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes of their answers

/** Prices come as "23.50" (sometimes a number); cents from their decimal text, never a float product. */
const money = z.union([z.string(), z.number()]).transform((value, ctx) => {
  try {
    const cents = toCents(value);
    if (cents >= 0) return cents;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: `valor inválido: ${String(value)}` });
  return z.NEVER;
});

/**
 * Their timestamps read "2026-03-02 14:05:09", São Paulo's wall clock (no offset; Brazil has no
 * daylight saving time since 2019, so -03:00). An ISO string with its own offset is taken as is.
 */
const meDate = z.string().transform((value, ctx) => {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?$/.exec(value);
  const date = new Date(local ? `${local[1]}T${local[2]}-03:00` : value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: `data inválida: ${value}` });
    return z.NEVER;
  }
  return date;
});

const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

const quoteItemSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    company: z.object({ id: z.number().int(), name: z.string().min(1) }),
    price: money.optional(),
    custom_price: money.optional(),
    delivery_time: z.number().int().nonnegative().optional(),
    custom_delivery_time: z.number().int().nonnegative().optional(),
    error: z.string().min(1).optional(),
  })
  .refine((q) => q.error !== undefined || ((q.custom_price ?? q.price) !== undefined && (q.custom_delivery_time ?? q.delivery_time) !== undefined), {
    message: 'serviço sem preço ou prazo e sem erro',
  });

const orderStateSchema = z.object({
  id: z.string().min(1),
  protocol: optionalText,
  status: z.string().min(1),
  tracking: optionalText,
  paid_at: meDate.nullish(),
  generated_at: meDate.nullish(),
  posted_at: meDate.nullish(),
  delivered_at: meDate.nullish(),
  canceled_at: meDate.nullish(),
});

const cartSchema = z.object({ id: z.string().min(1), protocol: optionalText, status: z.string().min(1), price: money.nullish() });

const checkoutSchema = z.object({
  purchase: z.object({
    id: z.string().min(1),
    protocol: optionalText,
    status: z.string().min(1),
    total: money.nullish(),
    paid_at: meDate.nullish(),
    orders: z.array(z.object({ id: z.string().min(1), status: z.string().min(1) })),
  }),
});

const generateSchema = z.record(z.string(), z.object({ status: z.boolean(), message: optionalText }));

const printSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

const webhookSchema = z.object({
  event: z.string().regex(/^order\.[a-z_]+$/),
  data: z.object({
    id: z.string().min(1),
    status: z.string().min(1),
    tracking: optionalText,
    posted_at: meDate.nullish(),
    delivered_at: meDate.nullish(),
  }),
});

// ---------------------------------------------------------------------------------------------
// What the store hands in and gets back

/** One product line of a quote; the API packs the lines into volumes itself. */
export type QuoteProduct = {
  id: string;
  widthCm: number;
  heightCm: number;
  lengthCm: number;
  weightKg: number;
  /** Declared value per unit in reais, as the API takes it (insurance and some carriers' price). */
  insuranceValue: number;
  quantity: number;
};

export type QuoteRequest = {
  /** The destination; a hyphen is ignored. */
  toCep: string;
  products: readonly QuoteProduct[];
  /** Their service ids (1 PAC, 2 SEDEX, 3 Jadlog .Package, 17 Mini Envios…); none: every service of the account. */
  services?: readonly number[];
  receipt?: boolean;
  ownHand?: boolean;
};

/**
 * A service's answer: priced, or with `error`, the reason it cannot carry this (too heavy, a route
 * it does not serve). A refusal carries no price: priceCents and deadlineDays are 0, so check error first.
 */
export type MelhorEnvioQuote = { serviceId: number; name: string; company: string; priceCents: number; deadlineDays: number; error?: string };

export type MelhorEnvioAddress = {
  name: string;
  phone?: string;
  email?: string;
  /** CPF of a person (digits). */
  document?: string;
  /** CNPJ of a company (digits). */
  companyDocument?: string;
  stateRegister?: string;
  address: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  /** UF, two letters. */
  stateAbbr: string;
  postalCode: string;
  note?: string;
};

export type MelhorEnvioShipment = {
  serviceId: number;
  /** The drop-off agency some carriers (Jadlog, Azul) require. */
  agencyId?: number;
  from: MelhorEnvioAddress;
  to: MelhorEnvioAddress;
  /** What goes in the parcel (the content declaration): unit value in reais. */
  products: readonly { name: string; quantity: number; unitaryValue: number }[];
  /** Correios take one volume per label. */
  volumes: readonly { heightCm: number; widthCm: number; lengthCm: number; weightKg: number }[];
  options: {
    /** Declared value in reais. */
    insuranceValue: number;
    receipt?: boolean;
    ownHand?: boolean;
    /** The NF-e key of a commercial shipment; without one, nonCommercial must be true. */
    invoiceKey?: string;
    nonCommercial: boolean;
    platform?: string;
    /** Shown in their panel and sent back in webhooks: the store's order number. */
    tags?: readonly { tag: string; url?: string | null }[];
  };
};

export type MelhorEnvioCartItem = { id: string; protocol: string | null; status: string; priceCents: number | null };

export type MelhorEnvioPurchase = {
  purchaseId: string;
  protocol: string | null;
  /** 'paid' when the wallet covered it. */
  status: string;
  totalCents: number | null;
  paidAt: Date | null;
  orders: { id: string; status: string }[];
};

/** A label's state: status is theirs (pending, released, posted, delivered, canceled, undelivered…). */
export type MelhorEnvioOrderState = {
  id: string;
  protocol: string | null;
  status: string;
  /** The carrier's tracking code, once the label is generated. */
  tracking: string | null;
  paidAt: Date | null;
  generatedAt: Date | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
  canceledAt: Date | null;
};

export type MelhorEnvioWebhook = {
  /** order.created, order.released, order.generated, order.posted, order.delivered, order.cancelled… */
  event: string;
  orderId: string;
  status: string;
  tracking: string | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
};

// ---------------------------------------------------------------------------------------------

const onlyDigits = (value: string) => value.replace(/\D/g, '');
/** A CPF's digits, or a CNPJ's 14 characters (the alphanumeric CNPJ since July 2026 keeps its letters). */
const taxIdChars = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

function orderState(o: z.infer<typeof orderStateSchema>): MelhorEnvioOrderState {
  return {
    id: o.id,
    protocol: o.protocol,
    status: o.status,
    tracking: o.tracking,
    paidAt: o.paid_at ?? null,
    generatedAt: o.generated_at ?? null,
    postedAt: o.posted_at ?? null,
    deliveredAt: o.delivered_at ?? null,
    canceledAt: o.canceled_at ?? null,
  };
}

function addressBody(a: MelhorEnvioAddress) {
  return {
    name: a.name,
    phone: a.phone ? onlyDigits(a.phone) : undefined,
    email: a.email,
    document: a.document ? taxIdChars(a.document) : undefined,
    company_document: a.companyDocument ? taxIdChars(a.companyDocument) : undefined,
    state_register: a.stateRegister,
    address: a.address,
    complement: a.complement,
    number: a.number,
    district: a.district,
    city: a.city,
    state_abbr: a.stateAbbr,
    country_id: 'BR',
    postal_code: onlyDigits(a.postalCode),
    note: a.note,
  };
}

/** Their error body: Laravel's { message, errors: { field: [..] } } or { error }. */
function apiMessageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: unknown };
    const first = body.errors && typeof body.errors === 'object' ? Object.values(body.errors as Record<string, unknown>).flat()[0] : undefined;
    const message = [body.message, body.error, first].filter((v): v is string => typeof v === 'string' && v.length > 0).join(' — ');
    return message ? message.slice(0, 500) : null;
  } catch {
    return text ? text.slice(0, 200) : null;
  }
}

function httpError(status: number, apiMessage: string | null): MelhorEnvioError {
  const message =
    status === 401 || status === 403
      ? 'O Melhor Envio recusou o acesso da loja (token inválido, expirado ou sem permissão).'
      : status === 400 || status === 422
        ? 'O Melhor Envio recusou os dados do envio.'
        : status === 404
          ? 'O Melhor Envio não encontrou o envio.'
          : status === 429
            ? 'O Melhor Envio recebeu pedidos demais; tente de novo em instantes.'
            : status >= 500
              ? 'O Melhor Envio está indisponível no momento; tente de novo mais tarde.'
              : `O Melhor Envio respondeu com erro (${status}).`;
  return new MelhorEnvioError('http', message, status, apiMessage);
}

export class MelhorEnvio {
  private readonly baseUrl: string;
  readonly fromCep: string;

  constructor(private readonly config: MelhorEnvioConfig) {
    this.baseUrl = config.apiUrl.replace(/\/+$/, '');
    this.fromCep = onlyDigits(config.fromCep);
  }

  /** One request: their headers, a deadline, and the answer checked against `schema`. */
  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, body: unknown, schema: S, options: CallOptions = {}): Promise<z.output<S>> {
    const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${this.config.token}`,
          'User-Agent': this.config.userAgent,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      status = response.status;
      // The body is read under the same deadline: an answer that stalls halfway is no answer.
      text = await response.text();
    } catch (error) {
      const late = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new MelhorEnvioError('timeout', late ? 'O Melhor Envio não respondeu a tempo.' : 'Não foi possível falar com o Melhor Envio.', null, null, { cause: error });
    }
    if (status < 200 || status >= 300) throw httpError(status, apiMessageOf(text));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new MelhorEnvioError('invalid', 'O Melhor Envio respondeu algo que a loja não entende.', status, text.slice(0, 200), { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new MelhorEnvioError('invalid', 'O Melhor Envio respondeu algo que a loja não entende.', status, z.prettifyError(parsed.error).slice(0, 500), { cause: parsed.error });
    }
    return parsed.data;
  }

  /**
   * Prices and deadlines of each service for these products from the store's CEP. The account's
   * own price and deadline (custom_*, with the markups set in their panel) win over the table's.
   */
  async calculate(request: QuoteRequest, options: CallOptions = {}): Promise<MelhorEnvioQuote[]> {
    const body = {
      from: { postal_code: this.fromCep },
      to: { postal_code: onlyDigits(request.toCep) },
      products: request.products.map((p) => ({
        id: p.id,
        width: p.widthCm,
        height: p.heightCm,
        length: p.lengthCm,
        weight: p.weightKg,
        insurance_value: p.insuranceValue,
        quantity: p.quantity,
      })),
      options: { receipt: request.receipt ?? false, own_hand: request.ownHand ?? false },
      // A comma-separated list, as their reference documents it.
      ...(request.services?.length ? { services: request.services.join(',') } : {}),
    };
    const items = await this.call('POST', '/api/v2/me/shipment/calculate', body, z.array(quoteItemSchema), options);
    return items.map((q): MelhorEnvioQuote => {
      const base = { serviceId: q.id, name: q.name, company: q.company.name };
      if (q.error !== undefined) return { ...base, priceCents: 0, deadlineDays: 0, error: q.error };
      return { ...base, priceCents: (q.custom_price ?? q.price)!, deadlineDays: (q.custom_delivery_time ?? q.delivery_time)! };
    });
  }

  /** Puts a label in the account's cart; its id is what every later step takes. */
  async addToCart(shipment: MelhorEnvioShipment, options: CallOptions = {}): Promise<MelhorEnvioCartItem> {
    const o = shipment.options;
    const body = {
      service: shipment.serviceId,
      ...(shipment.agencyId !== undefined ? { agency: shipment.agencyId } : {}),
      from: addressBody(shipment.from),
      to: addressBody(shipment.to),
      products: shipment.products.map((p) => ({ name: p.name, quantity: p.quantity, unitary_value: p.unitaryValue })),
      volumes: shipment.volumes.map((v) => ({ height: v.heightCm, width: v.widthCm, length: v.lengthCm, weight: v.weightKg })),
      options: {
        insurance_value: o.insuranceValue,
        receipt: o.receipt ?? false,
        own_hand: o.ownHand ?? false,
        reverse: false,
        non_commercial: o.nonCommercial,
        // A non-commercial shipment sends no invoice at all (their cart page).
        ...(o.invoiceKey ? { invoice: { key: o.invoiceKey } } : {}),
        ...(o.platform ? { platform: o.platform } : {}),
        ...(o.tags?.length ? { tags: o.tags.map((t) => ({ tag: t.tag, url: t.url ?? null })) } : {}),
      },
    };
    const item = await this.call('POST', '/api/v2/me/cart', body, cartSchema, options);
    return { id: item.id, protocol: item.protocol, status: item.status, priceCents: item.price ?? null };
  }

  /** Buys the labels in the cart with the account's wallet. */
  async checkout(orderIds: readonly string[], options: CallOptions = {}): Promise<MelhorEnvioPurchase> {
    const { purchase } = await this.call('POST', '/api/v2/me/shipment/checkout', { orders: orderIds }, checkoutSchema, options);
    return {
      purchaseId: purchase.id,
      protocol: purchase.protocol,
      status: purchase.status,
      totalCents: purchase.total ?? null,
      paidAt: purchase.paid_at ?? null,
      orders: purchase.orders.map((o) => ({ id: o.id, status: o.status })),
    };
  }

  /** Asks for the paid labels to be generated; per id, whether it was (or why not, in their words). */
  async generate(orderIds: readonly string[], options: CallOptions = {}): Promise<Record<string, { generated: boolean; message: string | null }>> {
    const answer = await this.call('POST', '/api/v2/me/shipment/generate', { orders: orderIds }, generateSchema, options);
    return Object.fromEntries(Object.entries(answer).map(([id, r]) => [id, { generated: r.status, message: r.message }]));
  }

  /** A link to the generated labels' PDF, public (the admin opens it without their login). */
  async print(orderIds: readonly string[], options: CallOptions = {}): Promise<{ url: string }> {
    const { url } = await this.call('POST', '/api/v2/me/shipment/print', { mode: 'public', orders: orderIds }, printSchema, options);
    return { url };
  }

  /** Each label's state: status, the carrier's code, when posted and delivered. */
  async tracking(orderIds: readonly string[], options: CallOptions = {}): Promise<Record<string, MelhorEnvioOrderState>> {
    const answer = await this.call('POST', '/api/v2/me/shipment/tracking', { orders: orderIds }, z.record(z.string(), orderStateSchema), options);
    return Object.fromEntries(Object.entries(answer).map(([id, o]) => [id, orderState(o)]));
  }

  /** One label as they have it (reconciliation after an unanswered purchase); null when they have none. */
  async getOrder(id: string, options: CallOptions = {}): Promise<MelhorEnvioOrderState | null> {
    try {
      return orderState(await this.call('GET', `/api/v2/me/orders/${encodeURIComponent(id)}`, undefined, orderStateSchema, options));
    } catch (error) {
      if (error instanceof MelhorEnvioError && error.kind === 'http' && error.status === 404) return null;
      throw error;
    }
  }
}

let warnedWithoutCep = false;

/** The adapter configured from the environment; null while MELHORENVIO_TOKEN is unset (table prices only). */
export function melhorEnvioFromEnv(): MelhorEnvio | null {
  const env = getEnv();
  if (!env.MELHORENVIO_TOKEN) return null;
  if (!env.MELHORENVIO_FROM_CEP) {
    // Quotes need the origin; without it the store keeps its own table rather than failing every
    // quote. Said once: this runs at every quote.
    if (!warnedWithoutCep) log.warn('MELHORENVIO_TOKEN definida sem MELHORENVIO_FROM_CEP: o Melhor Envio fica desligado');
    warnedWithoutCep = true;
    return null;
  }
  return new MelhorEnvio({
    token: env.MELHORENVIO_TOKEN,
    apiUrl: env.MELHORENVIO_API_URL,
    userAgent: env.MELHORENVIO_USER_AGENT ?? `Clarear (${process.env.ADMIN_EMAIL || 'contato@clarear.com.br'})`,
    fromCep: env.MELHORENVIO_FROM_CEP,
  });
}

/**
 * X-ME-Signature: base64 of HMAC-SHA256 of the raw body, keyed by the application's secret
 * (https://docs.melhorenvio.com.br/docs/webhooks). Compared as base64 text in constant time: a
 * decoder that skips stray characters would accept variants of a valid signature.
 */
export function verifyMelhorEnvioSignature(rawBody: string, signature: string | null, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64'));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A webhook's body (the parsed JSON or the raw text), checked; MelhorEnvioError 'invalid' otherwise. */
export function parseMelhorEnvioWebhook(json: unknown): MelhorEnvioWebhook {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new MelhorEnvioError('invalid', 'Aviso do Melhor Envio ilegível.', null, null, { cause: error });
    }
  }
  const parsed = webhookSchema.safeParse(value);
  if (!parsed.success) throw new MelhorEnvioError('invalid', 'Aviso do Melhor Envio ilegível.', null, z.prettifyError(parsed.error).slice(0, 500), { cause: parsed.error });
  const { event, data } = parsed.data;
  return { event, orderId: data.id, status: data.status, tracking: data.tracking, postedAt: data.posted_at ?? null, deliveredAt: data.delivered_at ?? null };
}
