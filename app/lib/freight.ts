// Freight: what a cart weighs, which of the store's services may carry it to a CEP (a dangerous
// good only by one that accepts its hazard class), in how many parcels, at what price and by when.
// Pure: the server loads the rules (server/shipping) and, when Melhor Envio is configured, the
// carrier's prices; browser and server compute the same answer from the same inputs.
import { addBusinessDays } from './business-days';
import { CEP_RANGES, formatCep, isValidCep, normalizeCep } from './cep';
import { HAZARD_CLASSES, type HazardClass } from './product-safety';
import { STATES, type Uf } from './states';
import { CARRIER_LABELS, type Carrier } from './tracking';

/** Cubic weight divisor (cm³ per kg), the carriers' usual 6,000. */
export const DEFAULT_CUBIC_DIVISOR = 6000;

/** A size's (or a kit's) package as the admin informs it; null = not informed. */
export type PackageData = { weightGrams: number | null; lengthCm: number | null; widthCm: number | null; heightCm: number | null };

/** One cart line as freight sees it. */
export type FreightItem = PackageData & {
  /** The cart line's id (a size's or a kit's). */
  key: string;
  /** As the customer reads it: "Álcool 70% (1 L)". */
  name: string;
  quantity: number;
  /** The goods' value per unit, in cents (percentage rates and insurance). */
  unitCents: number;
  /** Its transport hazard class; null for an ordinary product. */
  hazardClass: HazardClass | null;
};

export type ShippingService = {
  id: string;
  name: string;
  carrier: Carrier;
  /** Hazard classes it carries; empty: ordinary goods only. */
  acceptedHazardClasses: readonly HazardClass[];
  /** Business days to prepare and hand over, before the carrier's deadline. */
  handlingDays: number;
  cubicDivisor: number;
  /** Percentage of the goods' value added to the table price (1.5 = 1,5 %). */
  valuePercent: number;
  /** Percentage added on top of a carrier's price (Melhor Envio). */
  marginPercent: number;
};

/** A CEP range, both ends 8 digits, inclusive. */
export type CepRange = { from: string; to: string };

export type ShippingZone = { id: string; name: string; states: readonly Uf[]; cepRanges: readonly CepRange[] };

/** A price bracket of a service in a zone. */
export type ShippingRate = {
  serviceId: string;
  zoneId: string;
  /** The bracket's upper bound in grams (billed weight); null: any weight. */
  maxWeightGrams: number | null;
  priceCents: number;
  /** The carrier's deadline in business days, after handling. */
  deadlineDays: number;
};

export type FreeShippingRule = {
  id: string;
  name: string;
  /** null: all of Brazil. */
  zoneId: string | null;
  /** null: every service. */
  serviceId: string | null;
  /** The goods' value from which it applies; null: any. */
  minSubtotalCents: number | null;
  subscribersOnly: boolean;
};

/** The store's active services with their zones, brackets and free-shipping rules. */
export type FreightRules = { services: ShippingService[]; zones: ShippingZone[]; rates: ShippingRate[]; freeRules: FreeShippingRule[] };

/** A carrier's own answer for a service and parcel (Melhor Envio), used instead of the table's. */
export type CarrierPrice = { priceCents: number; deadlineDays: number };

export type FreightRequest = {
  /** 8 digits. */
  cep: string;
  items: readonly FreightItem[];
  /** The goods' value after discount: what free-shipping thresholds compare. */
  subtotalCents: number;
  isSubscriber: boolean;
  /** Today in São Paulo, 'YYYY-MM-DD'. */
  today: string;
};

export type FreightOption = {
  serviceId: string;
  name: string;
  carrier: Carrier;
  priceCents: number;
  /** A free-shipping rule applies (priceCents is 0). */
  free: boolean;
  /** Handling plus the carrier's deadline, in business days. */
  deadlineDays: number;
  /** The promised date, 'YYYY-MM-DD' ("chega até dd/mm"). */
  deliveryBy: string;
  source: 'table' | 'carrier';
};

export type QuotedParcel = {
  /** Stable for the same cart and CEP: 'geral', or 'classe-3', 'classe-8'… when split by hazard class. */
  key: string;
  itemKeys: string[];
  /** Billed weight (the greater of real and cubic); null when an item has no weight or dimensions. */
  weightGrams: number | null;
  valueCents: number;
  /** Cheapest first, then soonest. Never empty (a parcel no service takes is a refusal instead). */
  options: FreightOption[];
};

/** An item no service serving this CEP may carry, and why, in pt-BR. */
export type FreightRefusal = { itemKey: string; name: string; message: string };

export type FreightQuote = {
  cep: string;
  parcels: QuotedParcel[];
  refusals: FreightRefusal[];
  /** No service delivers to this CEP at all (pt-BR), or null. */
  unavailable: string | null;
};

/** The service the customer picked for each parcel, by parcel key. */
export type FreightChoices = Record<string, string>;

export type ChosenParcel = { key: string; itemKeys: string[]; weightGrams: number | null; option: FreightOption };

// ---------------------------------------------------------------- weight

/** Rounds a non-negative amount of cents times a percentage (two decimals) half up, in integers. */
function percentOfCents(cents: number, percent: number): number {
  // 1.15 % is not exact in binary: scale to hundredths of a percent first, then divide once.
  const basisPoints = Math.round(percent * 100);
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

function hasDimensions(p: PackageData): p is PackageData & { lengthCm: number; widthCm: number; heightCm: number } {
  return p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null;
}

function hasPackageData(p: PackageData): boolean {
  return p.weightGrams !== null && hasDimensions(p);
}

/**
 * The cubic ("volumetric") weight carriers bill for `quantity` units: L × W × H in cm³ divided by
 * the divisor (cm³ per kg), in grams rounded up; null when a dimension is not informed.
 */
export function cubicWeightGrams(p: PackageData, quantity: number, divisor: number): number | null {
  if (!hasDimensions(p)) return null;
  // Integer cm³ × 1000 g/kg stays far below 2^53, so the one division is the only rounding.
  return Math.ceil((p.lengthCm * p.widthCm * p.heightCm * quantity * 1000) / divisor);
}

/** The weight a carrier bills: the greater of the real and the cubic weight; null when an item lacks either. */
export function billedWeightGrams(items: readonly (PackageData & { quantity: number })[], divisor: number): number | null {
  let real = 0;
  let cubic = 0;
  for (const item of items) {
    const itemCubic = cubicWeightGrams(item, item.quantity, divisor);
    if (item.weightGrams === null || itemCubic === null) return null;
    real += item.weightGrams * item.quantity;
    cubic += itemCubic;
  }
  return Math.max(real, cubic);
}

// ---------------------------------------------------------------- zones

/** The UF a CEP belongs to by the Correios ranges; null for an invalid CEP. */
export function ufOfCep(cep: string): Uf | null {
  if (!isValidCep(cep)) return null;
  const prefix = Number(normalizeCep(cep).slice(0, 5));
  for (const [uf, ranges] of Object.entries(CEP_RANGES) as [Uf, (typeof CEP_RANGES)[Uf]][]) {
    if (ranges.some(([from, to]) => prefix >= from && prefix <= to)) return uf;
  }
  return null;
}

/** How specific a zone's match is: a CEP range (narrower first) beats a UF (fewer UFs first); null: no match. */
function zoneMatchRank(zone: ShippingZone, cep: string): readonly [byUf: number, size: number] | null {
  if (!isValidCep(cep)) return null;
  const digits = normalizeCep(cep);
  // Eight-digit strings compare as their numbers do.
  const spans = zone.cepRanges.filter((r) => r.from <= digits && digits <= r.to).map((r) => Number(r.to) - Number(r.from));
  if (spans.length > 0) return [0, Math.min(...spans)];
  const uf = ufOfCep(digits);
  return uf !== null && zone.states.includes(uf) ? [1, zone.states.length] : null;
}

/** True when the CEP lies in one of the zone's CEP ranges or UFs. */
export function zoneMatches(zone: ShippingZone, cep: string): boolean {
  return zoneMatchRank(zone, cep) !== null;
}

/**
 * The zone whose table a service uses for a CEP: among the zones it has rates in, the most specific
 * match (a CEP range, such as the capital, beats the UF it lies in); ties go to the first zone listed.
 */
export function serviceZone(rules: FreightRules, serviceId: string, cep: string): ShippingZone | null {
  const zoneIds = new Set(rules.rates.filter((r) => r.serviceId === serviceId).map((r) => r.zoneId));
  let best: { zone: ShippingZone; rank: readonly [number, number] } | null = null;
  for (const zone of rules.zones) {
    if (!zoneIds.has(zone.id)) continue;
    const rank = zoneMatchRank(zone, cep);
    if (rank && (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1]))) best = { zone, rank };
  }
  return best?.zone ?? null;
}

// ---------------------------------------------------------------- parcels

/** A parcel before prices: its items and the services that serve the CEP and accept all of them (also by key and id). */
export type PlannedParcel = { key: string; itemKeys: string[]; serviceIds: string[]; items: FreightItem[]; services: ShippingService[] };

function plannedParcel(key: string, items: FreightItem[], services: ShippingService[]): PlannedParcel {
  return { key, itemKeys: items.map((i) => i.key), serviceIds: services.map((s) => s.id), items, services };
}

export type FreightPlan = { cep: string; parcels: PlannedParcel[]; refusals: FreightRefusal[]; unavailable: string | null };

export const FREIGHT_MESSAGES = {
  invalidCep: 'Informe um CEP válido.',
  choose: 'Escolha como receber cada pacote.',
  serviceUnavailable: 'O serviço de entrega escolhido não está disponível para este CEP. Escolha outro.',
  empty: 'Não há produtos para entregar.',
} as const;

export function unavailableMessage(cep: string): string {
  return `Ainda não entregamos no CEP ${formatCep(cep)}. Confira o CEP ou fale conosco.`;
}

/** "não pode ser enviado pelos Correios": the preposition agrees with each carrier's name. */
const BY_CARRIER: Record<Carrier, string> = {
  correios: `pelos ${CARRIER_LABELS.correios}`,
  jadlog: `pela ${CARRIER_LABELS.jadlog}`,
  loggi: `pela ${CARRIER_LABELS.loggi}`,
  outra: 'pela transportadora',
  propria: 'pela entrega própria',
};

/** What makes a product a dangerous good, as a sentence reads it after "é um". */
const HAZARD_NATURES: Record<HazardClass, string> = {
  '2.1': 'produto com gás inflamável',
  '2.2': 'produto com gás sob pressão',
  '3': 'produto inflamável',
  '4.1': 'sólido inflamável',
  '5.1': 'produto oxidante',
  '6.1': 'produto tóxico',
  '8': 'produto corrosivo',
  '9': 'produto perigoso para transporte',
};

/** "pelos Correios", "pelos Correios nem pela Jadlog", "pelos Correios, pela Jadlog nem pela Loggi". */
function byCarriers(services: readonly ShippingService[]): string {
  const phrases = [...new Set(services.map((s) => s.carrier))].map((c) => BY_CARRIER[c]);
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} nem ${phrases.at(-1)}`;
}

function hazardRefusal(item: FreightItem, hazardClass: HazardClass, cep: string, services: readonly ShippingService[]): FreightRefusal {
  const which = services.length === 1 ? 'que esse serviço não transporta' : 'que esses serviços não transportam';
  return {
    itemKey: item.key,
    name: item.name,
    message: `${item.name} não pode ser enviado ${byCarriers(services)} para o CEP ${formatCep(cep)}: é um ${HAZARD_NATURES[hazardClass]} (classe ${hazardClass}), ${which}. Remova-o do carrinho ou informe outro CEP.`,
  };
}

function tooHeavyRefusal(item: FreightItem, cep: string, services: readonly ShippingService[]): FreightRefusal {
  const which = services.length === 1 ? 'esse serviço' : 'esses serviços';
  return {
    itemKey: item.key,
    name: item.name,
    message: `${item.name} não pode ser enviado ${byCarriers(services)} para o CEP ${formatCep(cep)}: o pacote fica pesado ou grande demais para ${which}. Diminua a quantidade ou fale conosco.`,
  };
}

function noDataRefusal(item: FreightItem): FreightRefusal {
  return { itemKey: item.key, name: item.name, message: `Não conseguimos calcular o frete de ${item.name} para este CEP. Fale conosco.` };
}

function accepts(service: ShippingService, item: FreightItem): boolean {
  return item.hazardClass === null || service.acceptedHazardClasses.includes(item.hazardClass);
}

/** 'classe-3', 'classe-2-1': a parcel key is a URL- and form-safe word. */
function hazardParcelKey(hazardClass: HazardClass): string {
  return `classe-${hazardClass.replace('.', '-')}`;
}

/**
 * Which parcels the cart ships in. One parcel ('geral') when a service serving the CEP accepts every
 * item; otherwise the ordinary goods in one and the dangerous goods one parcel per hazard class, so
 * each can go by a service that accepts it. Items no service serving the CEP accepts are refusals.
 */
export function planParcels(rules: FreightRules, cep: string, items: readonly FreightItem[]): FreightPlan {
  if (!isValidCep(cep)) return { cep, parcels: [], refusals: [], unavailable: FREIGHT_MESSAGES.invalidCep };
  const digits = normalizeCep(cep);
  const candidates = rules.services.filter((s) => serviceZone(rules, s.id, digits) !== null);
  if (candidates.length === 0) return { cep: digits, parcels: [], refusals: [], unavailable: unavailableMessage(digits) };
  if (items.length === 0) return { cep: digits, parcels: [], refusals: [], unavailable: null };

  const servicesFor = (group: readonly FreightItem[]) => candidates.filter((s) => group.every((item) => accepts(s, item)));
  const whole = servicesFor(items);
  if (whole.length > 0) return { cep: digits, parcels: [plannedParcel('geral', [...items], whole)], refusals: [], unavailable: null };

  const parcels: PlannedParcel[] = [];
  const refusals: FreightRefusal[] = [];
  const ordinary = items.filter((item) => item.hazardClass === null);
  if (ordinary.length > 0) parcels.push(plannedParcel('geral', ordinary, candidates));
  // In HAZARD_CLASSES order, so the same cart always gets the same keys in the same order.
  for (const hazardClass of HAZARD_CLASSES) {
    const group = items.filter((item) => item.hazardClass === hazardClass);
    if (group.length === 0) continue;
    const services = servicesFor(group);
    if (services.length > 0) parcels.push(plannedParcel(hazardParcelKey(hazardClass), group, services));
    else refusals.push(...group.map((item) => hazardRefusal(item, hazardClass, digits, candidates)));
  }
  return { cep: digits, parcels, refusals, unavailable: null };
}

// ---------------------------------------------------------------- prices

/** The bracket for a billed weight: the smallest bound that holds it, else an unbounded one; unknown weight: unbounded only. */
function bracketFor(rates: readonly ShippingRate[], weightGrams: number | null): ShippingRate | null {
  const byPrice = (a: ShippingRate, b: ShippingRate) => a.priceCents - b.priceCents || a.deadlineDays - b.deadlineDays;
  if (weightGrams !== null) {
    const bounded = rates.filter((r) => r.maxWeightGrams !== null && r.maxWeightGrams >= weightGrams);
    if (bounded.length > 0) {
      const smallest = Math.min(...bounded.map((r) => r.maxWeightGrams as number));
      return bounded.filter((r) => r.maxWeightGrams === smallest).sort(byPrice)[0] ?? null;
    }
  }
  return rates.filter((r) => r.maxWeightGrams === null).sort(byPrice)[0] ?? null;
}

function freeRuleApplies(rule: FreeShippingRule, rules: FreightRules, cep: string, serviceId: string, request: FreightRequest): boolean {
  if (rule.zoneId !== null) {
    const zone = rules.zones.find((z) => z.id === rule.zoneId);
    if (!zone || !zoneMatches(zone, cep)) return false;
  }
  if (rule.serviceId !== null && rule.serviceId !== serviceId) return false;
  if (rule.minSubtotalCents !== null && request.subtotalCents < rule.minSubtotalCents) return false;
  return !rule.subscribersOnly || request.isSubscriber;
}

/** Cheapest first, then soonest, then by name (and id, so equal options never swap between runs). */
export function compareOptions(a: FreightOption, b: FreightOption): number {
  return (
    a.priceCents - b.priceCents ||
    (a.deliveryBy < b.deliveryBy ? -1 : a.deliveryBy > b.deliveryBy ? 1 : 0) ||
    a.name.localeCompare(b.name, 'pt-BR') ||
    (a.serviceId < b.serviceId ? -1 : a.serviceId > b.serviceId ? 1 : 0)
  );
}

type ParcelOptions = { options: FreightOption[]; weightGrams: number | null };

function quoteParcel(
  rules: FreightRules,
  request: FreightRequest,
  cep: string,
  key: string,
  items: readonly FreightItem[],
  services: readonly ShippingService[],
  carrierPrices: ReadonlyMap<string, CarrierPrice> | undefined,
): ParcelOptions {
  const valueCents = items.reduce((sum, item) => sum + item.unitCents * item.quantity, 0);
  const options: FreightOption[] = [];
  let weightGrams: number | null = null;
  for (const service of services) {
    const zone = serviceZone(rules, service.id, cep);
    if (!zone) continue;
    const billed = billedWeightGrams(items, service.cubicDivisor);
    const bracket = bracketFor(
      rules.rates.filter((r) => r.serviceId === service.id && r.zoneId === zone.id),
      billed,
    );
    // The store's table says which weights it ships by each service, even when the carrier prices them.
    if (!bracket) continue;
    // Services may use different divisors: the parcel records the greatest billed weight, the safe one.
    if (billed !== null) weightGrams = Math.max(weightGrams ?? 0, billed);
    const carrier = carrierPrices?.get(`${key}:${service.id}`);
    const priceCents = carrier
      ? carrier.priceCents + percentOfCents(carrier.priceCents, service.marginPercent)
      : bracket.priceCents + percentOfCents(valueCents, service.valuePercent);
    const deadlineDays = service.handlingDays + (carrier ? carrier.deadlineDays : bracket.deadlineDays);
    const free = rules.freeRules.some((rule) => freeRuleApplies(rule, rules, cep, service.id, request));
    options.push({
      serviceId: service.id,
      name: service.name,
      carrier: service.carrier,
      priceCents: free ? 0 : priceCents,
      free,
      deadlineDays,
      deliveryBy: addBusinessDays(request.today, deadlineDays),
      source: carrier ? 'carrier' : 'table',
    });
  }
  return { options: options.sort(compareOptions), weightGrams };
}

/**
 * The freight quote for a cart and CEP: its parcels, each with the services that may carry it, their
 * prices and promised dates, and the items that cannot go (with why). `carrierPrices`, by
 * `${parcelKey}:${serviceId}`, are the carrier's own prices (Melhor Envio) replacing the table's.
 */
export function quoteFreight(rules: FreightRules, request: FreightRequest, carrierPrices?: ReadonlyMap<string, CarrierPrice>): FreightQuote {
  const plan = planParcels(rules, request.cep, request.items);
  const cep = plan.cep;
  const parcels: QuotedParcel[] = [];
  const refusals = [...plan.refusals];
  for (const planned of plan.parcels) {
    let items = planned.items;
    let quoted = quoteParcel(rules, request, cep, planned.key, items, planned.services, carrierPrices);
    if (quoted.options.length === 0) {
      // Unknown weight or size only fits an unbounded bracket: refuse the items that lack it and
      // quote the rest (table prices only: the carrier priced the parcel with them in it).
      const unknown = items.filter((item) => !hasPackageData(item));
      if (unknown.length > 0) {
        refusals.push(...unknown.map(noDataRefusal));
        items = items.filter(hasPackageData);
        quoted = items.length > 0 ? quoteParcel(rules, request, cep, planned.key, items, planned.services, undefined) : quoted;
      }
      if (items.length === 0) continue;
      if (quoted.options.length === 0) {
        refusals.push(...items.map((item) => tooHeavyRefusal(item, cep, planned.services)));
        continue;
      }
    }
    parcels.push({
      key: planned.key,
      itemKeys: items.map((item) => item.key),
      weightGrams: quoted.weightGrams,
      valueCents: items.reduce((sum, item) => sum + item.unitCents * item.quantity, 0),
      options: quoted.options,
    });
  }
  return { cep, parcels, refusals, unavailable: plan.unavailable };
}

// ---------------------------------------------------------------- the customer's choice

export type FreightChoiceResult = { ok: true; parcels: ChosenParcel[]; totalCents: number; deliveryBy: string } | { ok: false; message: string };

/** Checks the customer's pick for every parcel against the quote (a form may send anything). */
export function chooseFreight(quote: FreightQuote, choices: FreightChoices): FreightChoiceResult {
  if (quote.unavailable !== null) return { ok: false, message: quote.unavailable };
  if (quote.refusals.length > 0) return { ok: false, message: [...new Set(quote.refusals.map((r) => r.message))].join(' ') };
  if (quote.parcels.length === 0) return { ok: false, message: FREIGHT_MESSAGES.empty };
  const chosen: ChosenParcel[] = [];
  for (const parcel of quote.parcels) {
    // Own keys only: a parcel key never reaches Object.prototype ('constructor').
    const serviceId = Object.hasOwn(choices, parcel.key) ? choices[parcel.key] : undefined;
    if (!serviceId) return { ok: false, message: FREIGHT_MESSAGES.choose };
    const option = parcel.options.find((o) => o.serviceId === serviceId);
    if (!option) return { ok: false, message: FREIGHT_MESSAGES.serviceUnavailable };
    chosen.push({ key: parcel.key, itemKeys: parcel.itemKeys, weightGrams: parcel.weightGrams, option });
  }
  const deliveryBy = chosen.reduce((latest, p) => (p.option.deliveryBy > latest ? p.option.deliveryBy : latest), '');
  return { ok: true, parcels: chosen, totalCents: freightTotalCents(chosen), deliveryBy };
}

/** The cheapest option of every parcel (then the soonest): what a renewal ships by. */
export function cheapestChoices(quote: FreightQuote): FreightChoices {
  const choices: FreightChoices = {};
  for (const parcel of quote.parcels) {
    const first = parcel.options[0];
    if (first) choices[parcel.key] = first.serviceId;
  }
  return choices;
}

export function freightTotalCents(parcels: readonly ChosenParcel[]): number {
  return parcels.reduce((sum, p) => sum + p.option.priceCents, 0);
}

/**
 * Every order ships free anywhere, whatever its CEP and weight: a free rule for everyone, or a
 * service priced 0 for any weight, with no percentage, in a zone of all 27 UFs (the seeded store).
 * The checkout can then say 'Grátis' before a CEP is known.
 */
export function freeEverywhere(rules: FreightRules): boolean {
  if (rules.freeRules.some((r) => r.zoneId === null && r.serviceId === null && r.minSubtotalCents === null && !r.subscribersOnly)) return true;
  const wholeCountry = new Set(rules.zones.filter((z) => z.states.length === STATES.length).map((z) => z.id));
  return rules.services.some(
    (s) => s.valuePercent === 0 && rules.rates.some((r) => r.serviceId === s.id && wholeCountry.has(r.zoneId) && r.maxWeightGrams === null && r.priceCents === 0),
  );
}
