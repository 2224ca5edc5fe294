// A freight quote for a cart and a CEP: the store's own rules (lib/freight), with Melhor Envio's
// prices for the services mapped to it when it is configured. A carrier slower than 3 s or failing
// leaves the store's table in place; its answers are kept for a short time per (CEP prefix, parcel).
import type { Executor } from '~/db/client.server';
import { now } from '~/lib/clock';
import { freeEverywhere, planParcels, quoteFreight, type CarrierPrice, type FreightItem, type FreightQuote } from '~/lib/freight';
import { todayInBrazil } from '~/lib/plans';
import { logger } from '../infra/log.server';
import { melhorEnvioFromEnv, type MelhorEnvio } from './melhorenvio.server';
import { cachedFreightRules, freightItems, loadFreightRules, type LineToWeigh, type LoadedRules } from './rules.server';

/** How long Melhor Envio may take before the store's own table answers instead. */
export const CARRIER_TIMEOUT_MS = 3_000;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 500;

type Cached = { at: number; prices: Map<number, CarrierPrice> };
const cache = new Map<string, Cached>();

export type ShippingRequest = {
  cep: string;
  lines: readonly LineToWeigh[];
  /** The goods' value after discount (free-shipping thresholds). */
  subtotalCents: number;
  isSubscriber: boolean;
  /** Placing the order: the rules read now, never the cached ones (rules.server RULES_TTL_MS). */
  fresh?: boolean;
};

export async function quoteShipping(db: Executor, request: ShippingRequest, carrier: MelhorEnvio | null = melhorEnvioFromEnv()): Promise<FreightQuote> {
  const [rules, items] = await Promise.all([request.fresh ? loadFreightRules(db) : cachedFreightRules(db), freightItems(db, request.lines, { fresh: request.fresh })]);
  const freight = { cep: request.cep, items, subtotalCents: request.subtotalCents, isSubscriber: request.isSubscriber, today: todayInBrazil(now()) };
  const carrierPrices = carrier && rules.melhorEnvioIds.size > 0 ? await melhorEnvioPrices(carrier, rules, request.cep, items) : undefined;
  return quoteFreight(rules, freight, carrierPrices);
}

/** Melhor Envio's price per `${parcel}:${service}` for the mapped services; an empty map when it fails. */
async function melhorEnvioPrices(
  carrier: MelhorEnvio,
  rules: LoadedRules,
  cep: string,
  items: FreightItem[],
): Promise<Map<string, CarrierPrice>> {
  const prices = new Map<string, CarrierPrice>();
  const plan = planParcels(rules, cep, items);
  await Promise.all(
    plan.parcels.map(async (parcel) => {
      const mapped = parcel.serviceIds.filter((id) => rules.melhorEnvioIds.has(id));
      const parcelItems = items.filter((i) => parcel.itemKeys.includes(i.key));
      // Without a package Melhor Envio cannot price it: the table's "any weight" bracket decides.
      if (mapped.length === 0 || parcelItems.some((i) => i.weightGrams === null || i.lengthCm === null || i.widthCm === null || i.heightCm === null)) return;
      const byMelhorEnvioId = await carrierQuote(carrier, cep, parcelItems);
      for (const serviceId of mapped) {
        const price = byMelhorEnvioId.get(rules.melhorEnvioIds.get(serviceId)!);
        if (price) prices.set(`${parcel.key}:${serviceId}`, price);
      }
    }),
  );
  return prices;
}

async function carrierQuote(carrier: MelhorEnvio, cep: string, items: FreightItem[]): Promise<Map<number, CarrierPrice>> {
  const key = `${cep.slice(0, 5)}|${items.map((i) => `${i.weightGrams}x${i.lengthCm}x${i.widthCm}x${i.heightCm}x${i.quantity}x${i.unitCents}`).join(';')}`;
  const at = now().getTime();
  const hit = cache.get(key);
  if (hit && at - hit.at < CACHE_TTL_MS) return hit.prices;
  try {
    const answer = await carrier.calculate(
      {
        toCep: cep,
        products: items.map((i) => ({
          id: i.key,
          weightKg: i.weightGrams! / 1000,
          lengthCm: i.lengthCm!,
          widthCm: i.widthCm!,
          heightCm: i.heightCm!,
          insuranceValue: i.unitCents / 100,
          quantity: i.quantity,
        })),
      },
      { timeoutMs: CARRIER_TIMEOUT_MS },
    );
    const prices = new Map<number, CarrierPrice>();
    for (const service of answer) if (!service.error) prices.set(service.serviceId, { priceCents: service.priceCents, deadlineDays: service.deadlineDays });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at, prices });
    return prices;
  } catch (error) {
    logger.warn({ err: error }, 'Melhor Envio não respondeu à cotação: usando a tabela de frete da loja');
    return new Map();
  }
}

/**
 * Every order ships free anywhere, whatever its CEP (the seeded store): a free rule for everyone,
 * or an active service priced 0 for any weight in a zone of all 27 UFs. The checkout can then say
 * 'Grátis' before a CEP is known.
 */
export async function shipsFreeEverywhere(db: Executor): Promise<boolean> {
  return freeEverywhere(await cachedFreightRules(db));
}

/** Tests: forget cached carrier answers. */
export function clearCarrierQuoteCache(): void {
  cache.clear();
}
