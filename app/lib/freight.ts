// Freight: what a cart weighs, which of the store's services may carry it to a CEP (a dangerous
// good only by one that accepts its hazard class), in how many parcels, at what price and by when.
// Pure: the server loads the rules (server/shipping) and, when Melhor Envio is configured, the
// carrier's prices; browser and server compute the same answer from the same inputs.
import type { HazardClass } from './product-safety';
import type { Uf } from './states';
import type { Carrier } from './tracking';

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
