// The store's freight rules as lib/freight reads them: active services with their brackets, the
// zones those use, the active free-shipping rules. Small tables (a handful of services, dozens of
// brackets): one round trip of four selects per quote.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { freeShippingRules, kitItems, products, productVariants, shippingRates, shippingServices, shippingZones } from '~/db/schema';
import type { FreightItem, FreightRules, PackageData } from '~/lib/freight';
import { now } from '~/lib/clock';
import { toCents } from '~/lib/money';
import { kitPackage } from '~/lib/package';
import { isUuid } from '~/lib/schemas/ids';
import type { HazardClass } from '~/lib/product-safety';
import type { Uf } from '~/lib/states';

export type LoadedRules = FreightRules & { melhorEnvioIds: Map<string, number> };

/**
 * How long a quote may use rules read earlier: "Calcular frete" and the checkout's quote on every
 * change read them once per RULES_TTL_MS per database instead of four selects each (bench:freight).
 * An admin's save forgets them at once on this instance (forgetFreightRules); another instance sees
 * it within the TTL, and the payment always reads them fresh, so a stale quote is caught by "o frete mudou".
 */
export const RULES_TTL_MS = 5_000;
const cache = new WeakMap<object, { at: number; generation: number; rules: Promise<LoadedRules> }>();
// Bumped by every change: entries of an older generation are not used (a WeakMap cannot be cleared).
let generation = 0;

export function cachedFreightRules(db: Executor): Promise<LoadedRules> {
  const at = now().getTime();
  const hit = cache.get(db);
  if (hit && hit.generation === generation && at - hit.at < RULES_TTL_MS) return hit.rules;
  const rules = loadFreightRules(db);
  cache.set(db, { at, generation, rules });
  // A failed read is not kept.
  rules.catch(() => cache.delete(db));
  return rules;
}

/** After the admin changed services, zones, brackets, rules (shipping/admin) or a product (catalog/product-admin), and in tests that write them directly. */
export function forgetFreightRules(): void {
  generation += 1;
}

export async function loadFreightRules(db: Executor): Promise<LoadedRules> {
  const [services, rates, zones, rules] = await Promise.all([
    db.select().from(shippingServices).where(eq(shippingServices.active, true)).orderBy(asc(shippingServices.displayOrder), asc(shippingServices.name)),
    db
      .select({ serviceId: shippingRates.serviceId, zoneId: shippingRates.zoneId, maxWeightGrams: shippingRates.maxWeightGrams, price: shippingRates.price, deadlineDays: shippingRates.deadlineDays })
      .from(shippingRates)
      .innerJoin(shippingServices, eq(shippingServices.id, shippingRates.serviceId))
      .where(eq(shippingServices.active, true)),
    db.select({ id: shippingZones.id, name: shippingZones.name, states: shippingZones.states, cepRanges: shippingZones.cepRanges }).from(shippingZones),
    db.select().from(freeShippingRules).where(eq(freeShippingRules.active, true)),
  ]);
  return {
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      carrier: s.carrier,
      acceptedHazardClasses: s.acceptedHazardClasses as HazardClass[],
      handlingDays: s.handlingDays,
      cubicDivisor: s.cubicDivisor,
      valuePercent: Number(s.valuePercent),
      marginPercent: Number(s.marginPercent),
    })),
    zones: zones.map((z) => ({ id: z.id, name: z.name, states: z.states as Uf[], cepRanges: z.cepRanges })),
    rates: rates.map((r) => ({ serviceId: r.serviceId, zoneId: r.zoneId, maxWeightGrams: r.maxWeightGrams, priceCents: toCents(r.price), deadlineDays: r.deadlineDays })),
    freeRules: rules.map((r) => ({
      id: r.id,
      name: r.name,
      zoneId: r.zoneId,
      serviceId: r.serviceId,
      minSubtotalCents: r.minSubtotal === null ? null : toCents(r.minSubtotal),
      subscribersOnly: r.subscribersOnly,
    })),
    melhorEnvioIds: new Map(services.filter((s) => s.melhorEnvioServiceId !== null).map((s) => [s.id, s.melhorEnvioServiceId!])),
  };
}

/** A cart line to weigh: a size's id or a kit's (product) id, with what the customer pays per unit. */
export type LineToWeigh = { id: string; name: string; quantity: number; unitCents: number };

const pkg = (r: { weightGrams: number | null; lengthCm: number | null; widthCm: number | null; heightCm: number | null }): PackageData => ({
  weightGrams: r.weightGrams,
  lengthCm: r.lengthCm,
  widthCm: r.widthCm,
  heightCm: r.heightCm,
});

/** What freight needs of a size or kit, whatever the cart: its package and hazard class. */
type Weighed = Pick<FreightItem, 'hazardClass' | 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'>;
const weighed = new WeakMap<object, Map<string, { at: number; generation: number; value: Weighed }>>();

/**
 * Each line's package and hazard class: a size's own package; a kit's own, or else computed from
 * its contents (lib/package); a kit is as dangerous as its most dangerous content (the first hazard
 * class found), since it travels in one box. Kept RULES_TTL_MS per size or kit, like the rules (a
 * product saved forgets them: catalog/product-admin); `fresh` (placing the order) reads them now.
 */
export async function freightItems(db: Executor, lines: readonly LineToWeigh[], options: { fresh?: boolean } = {}): Promise<FreightItem[]> {
  const at = now().getTime();
  let known = weighed.get(db);
  if (!known) weighed.set(db, (known = new Map()));
  const usable = (id: string) => {
    const hit = options.fresh ? undefined : known.get(id);
    return hit && hit.generation === generation && at - hit.at < RULES_TTL_MS ? hit.value : undefined;
  };
  // Only ids that can be a size's or a kit's (a line of a deleted product has none to read).
  const missing = [...new Set(lines.map((l) => l.id).filter((id) => isUuid(id) && !usable(id)))];
  if (missing.length > 0) {
    for (const [id, value] of await weigh(db, missing)) known.set(id, { at, generation, value });
    // A long-lived process quotes many sizes over time: drop what is past its time.
    if (known.size > 5_000) for (const [id, hit] of known) if (at - hit.at >= RULES_TTL_MS) known.delete(id);
  }
  return lines.map((line) => ({ key: line.id, name: line.name, quantity: line.quantity, unitCents: line.unitCents, ...(known.get(line.id)?.value ?? UNKNOWN) }));
}

const UNKNOWN: Weighed = { hazardClass: null, weightGrams: null, lengthCm: null, widthCm: null, heightCm: null };

type PackageRow = {
  kind: 'size' | 'kit' | 'content';
  id: string;
  quantity: number | string;
  hazard_class: HazardClass | null;
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
};

async function weigh(db: Executor, ids: string[]): Promise<Map<string, Weighed>> {
  // One round trip, in one plain statement (a quote runs on every CEP typed and every cart change:
  // building a three-part union through the query builder cost more CPU than the quote itself,
  // bench:freight): the sizes, the kits, and each kit's contents, told apart by `kind`. A kit is made of
  // each included product's cheapest size, as its stock (catalog/stock).
  const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const result = await db.execute<PackageRow>(sql`
    select 'size' as kind, v.id, 1 as quantity, p.hazard_class, v.weight_grams, v.length_cm, v.width_cm, v.height_cm
      from ${productVariants} v join ${products} p on p.id = v.product_id where v.id = any(${list})
    union all
    select 'kit', p.id, 1, p.hazard_class, p.weight_grams, p.length_cm, p.width_cm, p.height_cm
      from ${products} p where p.id = any(${list}) and p.is_kit
    union all
    select 'content', k.kit_product_id, k.quantity, p.hazard_class, v.weight_grams, v.length_cm, v.width_cm, v.height_cm
      from ${kitItems} k join ${products} p on p.id = k.included_product_id
      left join ${productVariants} v on v.id = (select c.id from ${productVariants} c where c.product_id = k.included_product_id order by c.price asc, c.size asc limit 1)
      where k.kit_product_id = any(${list})`);
  const rows = result.rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    quantity: Number(r.quantity),
    hazardClass: r.hazard_class,
    weightGrams: r.weight_grams,
    lengthCm: r.length_cm,
    widthCm: r.width_cm,
    heightCm: r.height_cm,
  }));
  const sizes = rows.filter((r) => r.kind === 'size');
  const kits = rows.filter((r) => r.kind === 'kit');
  const contents = rows.filter((r) => r.kind === 'content').map((r) => ({ ...r, kitId: r.id }));
  const found = new Map<string, Weighed>();
  for (const size of sizes) found.set(size.id, { hazardClass: size.hazardClass, ...pkg(size) });
  for (const kit of kits) {
    const inKit = contents.filter((c) => c.kitId === kit.id);
    const own = pkg(kit);
    const computed = own.weightGrams !== null ? own : kitPackage(inKit.map((c) => ({ pkg: pkg(c), quantity: c.quantity })));
    found.set(kit.id, { hazardClass: kit.hazardClass ?? inKit.find((c) => c.hazardClass !== null)?.hazardClass ?? null, ...computed });
  }
  return found;
}
