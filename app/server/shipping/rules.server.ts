// The store's freight rules as lib/freight reads them: active services with their brackets, the
// zones those use, the active free-shipping rules. Small tables (a handful of services, dozens of
// brackets): one round trip of four selects per quote.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { freeShippingRules, kitItems, products, productVariants, shippingRates, shippingServices, shippingZones } from '~/db/schema';
import type { FreightItem, FreightRules, PackageData } from '~/lib/freight';
import { toCents } from '~/lib/money';
import { kitPackage } from '~/lib/package';
import type { HazardClass } from '~/lib/product-safety';
import type { Uf } from '~/lib/states';

export async function loadFreightRules(db: Executor): Promise<FreightRules & { melhorEnvioIds: Map<string, number> }> {
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

/**
 * Each line's package and hazard class, from the database: a size's own package; a kit's own, or
 * else computed from its contents (lib/package); a kit is as dangerous as its most dangerous
 * content (the first hazard class found), since it travels in one box.
 */
export async function freightItems(db: Executor, lines: readonly LineToWeigh[]): Promise<FreightItem[]> {
  const ids = lines.map((l) => l.id);
  if (ids.length === 0) return [];
  const [sizes, kits, contents] = await Promise.all([
    db
      .select({ id: productVariants.id, weightGrams: productVariants.weightGrams, lengthCm: productVariants.lengthCm, widthCm: productVariants.widthCm, heightCm: productVariants.heightCm, hazardClass: products.hazardClass })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, ids)),
    db
      .select({ id: products.id, weightGrams: products.weightGrams, lengthCm: products.lengthCm, widthCm: products.widthCm, heightCm: products.heightCm, hazardClass: products.hazardClass })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.isKit, true))),
    // A kit's contents, each with its package and hazard class.
    db
      .select({
        kitId: kitItems.kitProductId,
        quantity: kitItems.quantity,
        hazardClass: products.hazardClass,
        weightGrams: productVariants.weightGrams,
        lengthCm: productVariants.lengthCm,
        widthCm: productVariants.widthCm,
        heightCm: productVariants.heightCm,
      })
      .from(kitItems)
      .innerJoin(products, eq(products.id, kitItems.includedProductId))
      // The size a kit is made of: the included product's cheapest, as its stock (catalog/stock).
      .leftJoin(productVariants, eq(productVariants.id, sql`(select v.id from ${productVariants} v where v.product_id = ${kitItems.includedProductId} order by v.price asc, v.size asc limit 1)`))
      .where(inArray(kitItems.kitProductId, ids)),
  ]);
  const bySize = new Map(sizes.map((s) => [s.id, s]));
  const byKit = new Map(kits.map((k) => [k.id, k]));
  return lines.map((line) => {
    const size = bySize.get(line.id);
    if (size) return { key: line.id, name: line.name, quantity: line.quantity, unitCents: line.unitCents, hazardClass: size.hazardClass, ...pkg(size) };
    const kit = byKit.get(line.id);
    const inKit = contents.filter((c) => c.kitId === line.id);
    const own = kit ? pkg(kit) : null;
    const computed = own && own.weightGrams !== null ? own : kitPackage(inKit.map((c) => ({ pkg: pkg(c), quantity: c.quantity })));
    const hazardClass = kit?.hazardClass ?? inKit.find((c) => c.hazardClass !== null)?.hazardClass ?? null;
    return { key: line.id, name: line.name, quantity: line.quantity, unitCents: line.unitCents, hazardClass, ...computed };
  });
}
