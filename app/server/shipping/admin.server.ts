// The admin's freight setup (/admin/frete): shipping services with their price brackets per zone,
// zones (UFs and CEP ranges) and free-shipping rules — list, read one, save, delete, switch on and off.
// Every caller is an admin route that has already checked the role. The quote (rules.server.ts) reads
// the same tables afresh on every quote, so a change here counts from the next quote on.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '~/db/client.server';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '~/db/errors.server';
import { freeShippingRules, shippingRates, shippingServices, shippingZones } from '~/db/schema';
import type { CepRange } from '~/lib/freight';
import { centsToDecimal, toCents } from '~/lib/money';
import type { HazardClass } from '~/lib/product-safety';
import { SHIPPING_MESSAGES, type RuleInput, type ServiceInput, type ZoneInput } from '~/lib/schemas/shipping';
import type { Uf } from '~/lib/states';
import type { Carrier } from '~/lib/tracking';
import { forgetFreightRules } from './rules.server';

/** A write to the freight tables that, once committed, makes the next quote read the rules again (rules.server). */
function forgetting<A extends unknown[], R>(write: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await write(...args);
    forgetFreightRules();
    return result;
  };
}

// ---------------------------------------------------------------- errors

/** The record is gone (deleted by someone else, or a forged id). */
export class ShippingNotFoundError extends Error {
  constructor(what: string) {
    super(`${what} não existe mais.`);
  }
}

/** The service form was opened at an older version: nothing was written. */
export class ServiceConflictError extends Error {
  constructor() {
    super(SHIPPING_MESSAGES.serviceConflict);
  }
}

/** A save the database refused for a reason the admin can fix, with the field to show it beside. */
export class ShippingFormError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Without an active service no quote finds a way to deliver: checkout would refuse every order. */
export const LAST_ACTIVE_SERVICE = 'A loja precisa de ao menos um serviço de entrega ligado para calcular o frete. Ligue outro serviço antes de desligar ou excluir este.';

// ---------------------------------------------------------------- the list

export type AdminServiceRow = {
  id: string;
  name: string;
  carrier: Carrier;
  acceptedHazardClasses: HazardClass[];
  handlingDays: number;
  melhorEnvioServiceId: number | null;
  active: boolean;
  /** Its brackets, and in how many zones. */
  rateCount: number;
  zoneCount: number;
};

export type AdminZoneRow = { id: string; name: string; states: Uf[]; cepRanges: CepRange[]; rateCount: number; ruleCount: number };

export type AdminRuleRow = {
  id: string;
  name: string;
  zoneName: string | null;
  serviceName: string | null;
  minSubtotalCents: number | null;
  subscribersOnly: boolean;
  active: boolean;
};

export type FreightOverview = { services: AdminServiceRow[]; zones: AdminZoneRow[]; rules: AdminRuleRow[] };

/** Every service (display order), zone and rule (by name), for /admin/frete. */
export async function listFreightSetup(db: Executor): Promise<FreightOverview> {
  const [services, rateCounts, zones, ruleCounts, rules] = await Promise.all([
    db.select().from(shippingServices).orderBy(asc(shippingServices.displayOrder), asc(shippingServices.name)),
    db
      .select({ serviceId: shippingRates.serviceId, zoneId: shippingRates.zoneId, n: count() })
      .from(shippingRates)
      .groupBy(shippingRates.serviceId, shippingRates.zoneId),
    db.select().from(shippingZones).orderBy(asc(shippingZones.name)),
    db.select({ zoneId: freeShippingRules.zoneId, n: count() }).from(freeShippingRules).groupBy(freeShippingRules.zoneId),
    db
      .select({
        id: freeShippingRules.id,
        name: freeShippingRules.name,
        zoneName: shippingZones.name,
        serviceName: shippingServices.name,
        minSubtotal: freeShippingRules.minSubtotal,
        subscribersOnly: freeShippingRules.subscribersOnly,
        active: freeShippingRules.active,
      })
      .from(freeShippingRules)
      .leftJoin(shippingZones, eq(shippingZones.id, freeShippingRules.zoneId))
      .leftJoin(shippingServices, eq(shippingServices.id, freeShippingRules.serviceId))
      .orderBy(asc(freeShippingRules.name), asc(freeShippingRules.id)),
  ]);
  const sum = (rows: { n: number }[]) => rows.reduce((total, r) => total + Number(r.n), 0);
  return {
    services: services.map((s) => {
      const own = rateCounts.filter((r) => r.serviceId === s.id);
      return {
        id: s.id,
        name: s.name,
        carrier: s.carrier,
        acceptedHazardClasses: s.acceptedHazardClasses as HazardClass[],
        handlingDays: s.handlingDays,
        melhorEnvioServiceId: s.melhorEnvioServiceId,
        active: s.active,
        rateCount: sum(own),
        zoneCount: own.length,
      };
    }),
    zones: zones.map((z) => ({
      id: z.id,
      name: z.name,
      states: z.states as Uf[],
      cepRanges: z.cepRanges,
      rateCount: sum(rateCounts.filter((r) => r.zoneId === z.id)),
      ruleCount: sum(ruleCounts.filter((r) => r.zoneId === z.id)),
    })),
    rules: rules.map(({ minSubtotal, ...r }) => ({ ...r, minSubtotalCents: minSubtotal === null ? null : toCents(minSubtotal) })),
  };
}

export type Option = { id: string; name: string };

export function listZoneOptions(db: Executor): Promise<Option[]> {
  return db.select({ id: shippingZones.id, name: shippingZones.name }).from(shippingZones).orderBy(asc(shippingZones.name));
}

export function listServiceOptions(db: Executor): Promise<Option[]> {
  return db.select({ id: shippingServices.id, name: shippingServices.name }).from(shippingServices).orderBy(asc(shippingServices.displayOrder), asc(shippingServices.name));
}

// ---------------------------------------------------------------- services

export type EditableService = {
  id: string;
  name: string;
  carrier: Carrier;
  acceptedHazardClasses: HazardClass[];
  handlingDays: number;
  cubicDivisor: number;
  /** As stored: '1.50'. */
  valuePercent: string;
  melhorEnvioServiceId: number | null;
  marginPercent: string;
  active: boolean;
  version: number;
  updatedAt: Date;
  /** By zone name, then weight (any weight last). */
  rates: { zoneId: string; maxWeightGrams: number | null; priceCents: number; deadlineDays: number }[];
};

export async function getEditableService(db: Executor, id: string): Promise<EditableService | null> {
  const [service] = await db.select().from(shippingServices).where(eq(shippingServices.id, id));
  if (!service) return null;
  const rates = await db
    .select({ zoneId: shippingRates.zoneId, maxWeightGrams: shippingRates.maxWeightGrams, price: shippingRates.price, deadlineDays: shippingRates.deadlineDays })
    .from(shippingRates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingRates.zoneId))
    .where(eq(shippingRates.serviceId, id))
    .orderBy(asc(shippingZones.name), sql`${shippingRates.maxWeightGrams} asc nulls last`);
  return {
    id: service.id,
    name: service.name,
    carrier: service.carrier,
    acceptedHazardClasses: service.acceptedHazardClasses as HazardClass[],
    handlingDays: service.handlingDays,
    cubicDivisor: service.cubicDivisor,
    valuePercent: service.valuePercent,
    melhorEnvioServiceId: service.melhorEnvioServiceId,
    marginPercent: service.marginPercent,
    active: service.active,
    version: service.version,
    updatedAt: service.updatedAt,
    rates: rates.map((r) => ({ zoneId: r.zoneId, maxWeightGrams: r.maxWeightGrams, priceCents: toCents(r.price), deadlineDays: r.deadlineDays })),
  };
}

/**
 * Refuses to leave the store without an active service (LAST_ACTIVE_SERVICE). The active rows are
 * locked first, so two admins switching off the last two services at once cannot both succeed.
 */
async function keepAnotherActive(tx: Transaction, serviceId: string): Promise<void> {
  // In id order: two transactions lock the same rows in the same order (no deadlock).
  const active = await tx.select({ id: shippingServices.id }).from(shippingServices).where(eq(shippingServices.active, true)).orderBy(asc(shippingServices.id)).for('update');
  if (active.some((s) => s.id === serviceId) && !active.some((s) => s.id !== serviceId)) throw new ShippingFormError('active', LAST_ACTIVE_SERVICE);
}

function serviceColumns(input: ServiceInput) {
  return {
    name: input.name,
    carrier: input.carrier,
    acceptedHazardClasses: input.acceptedHazardClasses,
    handlingDays: input.handlingDays,
    cubicDivisor: input.cubicDivisor,
    valuePercent: input.valuePercent,
    melhorEnvioServiceId: input.melhorEnvioServiceId,
    marginPercent: input.marginPercent,
    active: input.active,
  };
}

/**
 * Saves a service and its whole price table in one transaction: a new one (`id` null) goes last in
 * the display order; an existing one only if it is still at `version` (a conditional update, so of two
 * saves from the same form exactly one wins), its brackets replaced by the form's. Returns the id.
 */
export const saveService = forgetting(async (db: Executor, id: string | null, input: ServiceInput, version: number | null): Promise<string> => {
  try {
    return await db.transaction(async (tx) => {
      let serviceId: string;
      if (id === null) {
        const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${shippingServices.displayOrder}) + 1, 0)::int` }).from(shippingServices);
        const [created] = await tx
          .insert(shippingServices)
          .values({ ...serviceColumns(input), displayOrder: next })
          .returning({ id: shippingServices.id });
        serviceId = created!.id;
      } else {
        if (!input.active) await keepAnotherActive(tx, id);
        const [updated] = await tx
          .update(shippingServices)
          .set({ ...serviceColumns(input), version: sql`${shippingServices.version} + 1` })
          .where(and(eq(shippingServices.id, id), eq(shippingServices.version, version ?? -1)))
          .returning({ id: shippingServices.id });
        if (!updated) {
          const [exists] = await tx.select({ id: shippingServices.id }).from(shippingServices).where(eq(shippingServices.id, id));
          throw exists ? new ServiceConflictError() : new ShippingNotFoundError('O serviço');
        }
        serviceId = updated.id;
        await tx.delete(shippingRates).where(eq(shippingRates.serviceId, serviceId));
      }
      if (input.rates.length > 0) {
        await tx.insert(shippingRates).values(
          input.rates.map((r) => ({ serviceId, zoneId: r.zoneId, maxWeightGrams: r.maxWeightGrams, price: centsToDecimal(r.priceCents), deadlineDays: r.deadlineDays })),
        );
      }
      return serviceId;
    });
  } catch (error) {
    throw serviceSaveError(error);
  }
});

/** What the database refused, as the admin can read it; anything else is passed on. */
function serviceSaveError(error: unknown): unknown {
  if (isUniqueViolation(error)) {
    if (violatedConstraint(error) === 'shipping_services_melhorenvio_idx') {
      return new ShippingFormError('melhorEnvioServiceId', 'Outro serviço já usa este código do Melhor Envio.');
    }
    // The schema refuses duplicates; two rows differing only in how the weight was typed land here.
    return new ShippingFormError('rates', 'Há duas faixas com a mesma zona e o mesmo peso. Confira a tabela de preços.');
  }
  if (isForeignKeyViolation(error)) return new ShippingFormError('rates', 'Uma zona escolhida não existe mais. Recarregue a página.');
  return error;
}

/** Switches a service on or off (to `active`, so a repeated click is one change); its version moves on. */
export const setServiceActive = forgetting(async (db: Executor, id: string, active: boolean): Promise<{ name: string }> => {
  return db.transaction(async (tx) => {
    if (!active) await keepAnotherActive(tx, id);
    const [row] = await tx
      .update(shippingServices)
      .set({ active, version: sql`${shippingServices.version} + 1` })
      .where(eq(shippingServices.id, id))
      .returning({ name: shippingServices.name });
    if (!row) throw new ShippingNotFoundError('O serviço');
    return row;
  });
});

/** Deletes a service with its brackets and its free-shipping rules; orders keep its name (order_parcels). */
export const deleteService = forgetting(async (db: Executor, id: string): Promise<{ name: string }> => {
  return db.transaction(async (tx) => {
    await keepAnotherActive(tx, id);
    const [row] = await tx.delete(shippingServices).where(eq(shippingServices.id, id)).returning({ name: shippingServices.name });
    if (!row) throw new ShippingNotFoundError('O serviço');
    return row;
  });
});

// ---------------------------------------------------------------- zones

export type EditableZone = {
  id: string;
  name: string;
  states: Uf[];
  cepRanges: CepRange[];
  updatedAt: Date;
  /** What deleting it takes along: the services' brackets in it and its free-shipping rules. */
  usage: { services: { name: string; rates: number }[]; rules: string[] };
};

export async function getEditableZone(db: Executor, id: string): Promise<EditableZone | null> {
  const [zone] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!zone) return null;
  const [services, rules] = await Promise.all([
    db
      .select({ name: shippingServices.name, rates: count() })
      .from(shippingRates)
      .innerJoin(shippingServices, eq(shippingServices.id, shippingRates.serviceId))
      .where(eq(shippingRates.zoneId, id))
      .groupBy(shippingServices.id, shippingServices.name, shippingServices.displayOrder)
      .orderBy(asc(shippingServices.displayOrder), asc(shippingServices.name)),
    db.select({ name: freeShippingRules.name }).from(freeShippingRules).where(eq(freeShippingRules.zoneId, id)).orderBy(asc(freeShippingRules.name)),
  ]);
  return {
    id: zone.id,
    name: zone.name,
    states: zone.states as Uf[],
    cepRanges: zone.cepRanges,
    updatedAt: zone.updatedAt,
    usage: { services: services.map((s) => ({ name: s.name, rates: Number(s.rates) })), rules: rules.map((r) => r.name) },
  };
}

const ZONE_NAME_TAKEN = 'Já existe uma zona com este nome.';

/** Creates (`id` null) or updates a zone; returns its id. */
export const saveZone = forgetting(async (db: Executor, id: string | null, input: ZoneInput): Promise<string> => {
  const values = { name: input.name, states: input.states, cepRanges: input.cepRanges };
  try {
    if (id === null) {
      const [created] = await db.insert(shippingZones).values(values).returning({ id: shippingZones.id });
      return created!.id;
    }
    const [updated] = await db.update(shippingZones).set(values).where(eq(shippingZones.id, id)).returning({ id: shippingZones.id });
    if (!updated) throw new ShippingNotFoundError('A zona');
    return updated.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShippingFormError('name', ZONE_NAME_TAKEN);
    throw error;
  }
});

/**
 * Deletes a zone with the brackets every service had in it and its free-shipping rules. The services
 * that lose brackets move to a new version: a form opened before shows them and must be reloaded.
 */
export const deleteZone = forgetting(async (db: Executor, id: string): Promise<{ name: string }> => {
  return db.transaction(async (tx) => {
    await tx
      .update(shippingServices)
      .set({ version: sql`${shippingServices.version} + 1` })
      .where(sql`${shippingServices.id} in (select ${shippingRates.serviceId} from ${shippingRates} where ${shippingRates.zoneId} = ${id})`);
    const [row] = await tx.delete(shippingZones).where(eq(shippingZones.id, id)).returning({ name: shippingZones.name });
    if (!row) throw new ShippingNotFoundError('A zona');
    return row;
  });
});

// ---------------------------------------------------------------- free-shipping rules

export type EditableRule = {
  id: string;
  name: string;
  zoneId: string | null;
  serviceId: string | null;
  minSubtotalCents: number | null;
  subscribersOnly: boolean;
  active: boolean;
  updatedAt: Date;
};

export async function getEditableRule(db: Executor, id: string): Promise<EditableRule | null> {
  const [rule] = await db.select().from(freeShippingRules).where(eq(freeShippingRules.id, id));
  if (!rule) return null;
  return {
    id: rule.id,
    name: rule.name,
    zoneId: rule.zoneId,
    serviceId: rule.serviceId,
    minSubtotalCents: rule.minSubtotal === null ? null : toCents(rule.minSubtotal),
    subscribersOnly: rule.subscribersOnly,
    active: rule.active,
    updatedAt: rule.updatedAt,
  };
}

/** Creates (`id` null) or updates a free-shipping rule; returns its id. */
export const saveRule = forgetting(async (db: Executor, id: string | null, input: RuleInput): Promise<string> => {
  const values = {
    name: input.name,
    zoneId: input.zoneId,
    serviceId: input.serviceId,
    minSubtotal: input.minSubtotal === null ? null : centsToDecimal(input.minSubtotal),
    subscribersOnly: input.subscribersOnly,
    active: input.active,
  };
  try {
    if (id === null) {
      const [created] = await db.insert(freeShippingRules).values(values).returning({ id: freeShippingRules.id });
      return created!.id;
    }
    const [updated] = await db.update(freeShippingRules).set(values).where(eq(freeShippingRules.id, id)).returning({ id: freeShippingRules.id });
    if (!updated) throw new ShippingNotFoundError('A regra');
    return updated.id;
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new ShippingFormError(violatedConstraint(error)?.includes('zone') ? 'zoneId' : 'serviceId', 'A opção escolhida não existe mais. Recarregue a página.');
    }
    throw error;
  }
});

export const setRuleActive = forgetting(async (db: Executor, id: string, active: boolean): Promise<{ name: string }> => {
  const [row] = await db.update(freeShippingRules).set({ active }).where(eq(freeShippingRules.id, id)).returning({ name: freeShippingRules.name });
  if (!row) throw new ShippingNotFoundError('A regra');
  return row;
});

export const deleteRule = forgetting(async (db: Executor, id: string): Promise<{ name: string }> => {
  const [row] = await db.delete(freeShippingRules).where(eq(freeShippingRules.id, id)).returning({ name: freeShippingRules.name });
  if (!row) throw new ShippingNotFoundError('A regra');
  return row;
});
