// The whole database schema, one table per entity of the store, plus the auth
// tables Better Auth uses. Constraints live here so bad data cannot be stored,
// whatever code writes it. Money is numeric(12,2): drivers return it as a
// string and code handles it in integer cents (app/lib/money.ts).
import { sql } from 'drizzle-orm';
// Relative, not '~/': drizzle-kit reads this file too.
import { now } from '../lib/clock';
import { CUSTOMER_AUDIT_ACTIONS } from '../lib/customers';
import { DISCOUNT_KINDS } from '../lib/discounts';
import { ORDER_ACTORS, ORDER_STATUSES } from '../lib/order-lifecycle';
import { PAYMENT_METHOD_IDS } from '../lib/payment-offer';
import { DELIVERY_MONTHS, PLAN_FREQUENCIES } from '../lib/plans';
import { ANVISA_KINDS, ANVISA_NUMBER_PATTERN, HAZARD_CLASSES, RISK_CLASSES, UN_NUMBER_PATTERN } from '../lib/product-safety';
import { RETURN_ACTORS, RETURN_KINDS, RETURN_RESOLUTIONS, RETURN_STATUSES } from '../lib/returns';
import {
  CEST_PATTERN,
  COMMERCIAL_UNITS,
  FISCAL_ORIGINS,
  FISCAL_REGIMES,
  GTIN_PATTERN,
  IE_INDICATORS,
  INVOICE_KINDS,
  INVOICE_SOURCES,
  INVOICE_STATUSES,
  NCM_PATTERN,
  NFE_ENVIRONMENTS,
  NFE_ISSUE_MOMENTS,
  TAX_BUYERS,
  TAX_DESTINATIONS,
} from '../lib/fiscal-codes';
import { LABEL_STATUSES, TRACKED_STATUSES } from '../lib/shipment';
import { CARRIERS } from '../lib/tracking';
import { COMPANY_ROLES, CREDIT_STATUSES, CREDIT_TERMS } from '../lib/companies';
import { INVOICED_METHOD, RECEIVABLE_STATUSES } from '../lib/receivables';
import { QUOTE_AUTHORS, QUOTE_STATUSES } from '../lib/quotes';
import { COUPON_CODE_PATTERN, COUPON_KINDS } from '../lib/coupons';
import { MAX_REVIEW_PHOTOS, REVIEW_STATUSES } from '../lib/reviews';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => now());

export const ROLES = ['customer', 'admin'] as const;
export const THEMES = ['light', 'dark'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled'] as const;
export const REFUND_STATUSES = ['pending', 'refunded'] as const;
/** 'divergent': the gateway reports a payment that does not pay the order (another currency, less than its total, only authorized): kept for the admin, changes nothing. */
export const PAYMENT_CONFIRMATION_OUTCOMES = ['applied', 'late', 'divergent'] as const;
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
/** Where a newsletter sign-up came from: the footer, the blog, or a customer's Preferências switch. */
export const NEWSLETTER_SOURCES = ['footer', 'blog', 'preferences'] as const;
/** Why a subscription is paused: the customer asked, or its renewal went unpaid after the retries. */
export const PAUSE_REASONS = ['customer', 'payment_failed'] as const;
/** A subscription period's payment: waiting (with retries), overdue (retries over), paid, cancelled. */
export const PERIOD_STATUSES = ['awaiting', 'overdue', 'paid', 'cancelled'] as const;
export const PERIOD_KINDS = ['initial', 'renewal'] as const;
export const PROGRAMMED_DELIVERY_STATUSES = ['active', 'paused', 'cancelled'] as const;
/** What a programmed delivery's date produced: an order, nothing left to send, or a declined card. */
export const DELIVERY_RUN_OUTCOMES = ['ordered', 'skipped', 'declined'] as const;
/**
 * One charge of an order: `requested` is committed with the order, `calling` while the provider is
 * called (a crash in either leaves it for the reconciliation job); then `awaiting` (a Pix or boleto
 * shown), `approved`, `declined`, or `abandoned` (the provider never received it). `unknown`: the call
 * timed out or its answer was unreadable, so the charge may exist; never declined, the
 * reconciliation job asks the provider by key, and nothing charges the same obligation meanwhile.
 */
export const PAYMENT_ATTEMPT_STATUSES = ['requested', 'calling', 'unknown', 'awaiting', 'approved', 'declined', 'abandoned'] as const;

/** What the customer needs to pay or to recognise the payment, by method. */
export type PaymentDetails =
  | { method: 'pix'; copyPaste: string; /** The gateway's own expiry (ISO), when it sets one. */ expiresAt?: string }
  | { method: 'credit_card'; installments: number; installmentCents: number[]; brand?: string; lastFour?: string }
  | { method: 'boleto'; digitableLine: string; dueDate: string; /** The gateway's printable boleto. */ pdfUrl?: string };
export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** `col in ('a','b')` (or `in (1, 2)`) for a CHECK; values are our own constants, never user input. */
const oneOf = (column: unknown, values: readonly (string | number)[]) =>
  sql`${column} in (${sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '))})`;

/** A CPF (11 digits) or a CNPJ: 12 letters or digits and 2 check digits (the alphanumeric CNPJ since July 2026). */
const taxIdFormat = (column: unknown) => sql`${column} ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'`;

/** A delivery address copied onto a row (order, subscription, programmed delivery): all of it or none. */
const shippingColumns = () => ({
  shipName: text('ship_name'),
  shipStreet: text('ship_street'),
  shipNumber: text('ship_number'),
  shipComplement: text('ship_complement'),
  shipNeighborhood: text('ship_neighborhood'),
  shipCity: text('ship_city'),
  shipState: text('ship_state'),
  shipZipCode: text('ship_zip_code'),
});
type ShippingColumns = { [K in keyof ReturnType<typeof shippingColumns>]: unknown };
const shippingCheck = (table: string, t: ShippingColumns) =>
  check(
    `${table}_ship_address_check`,
    sql`(${t.shipName} is null and ${t.shipStreet} is null and ${t.shipNumber} is null and ${t.shipNeighborhood} is null and ${t.shipCity} is null and ${t.shipState} is null and ${t.shipZipCode} is null)
      or (${t.shipName} is not null and ${t.shipStreet} is not null and ${t.shipNumber} is not null and ${t.shipNeighborhood} is not null and ${t.shipCity} is not null and ${t.shipState} in (${sql.raw(BRAZILIAN_STATES.map((v) => `'${v}'`).join(', '))}) and ${t.shipZipCode} ~ '^[0-9]{8}$')`,
  );

/** A size's (or kit's) package for freight (issue 33): grams and centimetres, all four or none (null until the admin informs them). */
const packageColumns = () => ({
  weightGrams: integer('weight_grams'),
  lengthCm: integer('length_cm'),
  widthCm: integer('width_cm'),
  heightCm: integer('height_cm'),
});
type PackageColumns = { [K in keyof ReturnType<typeof packageColumns>]: unknown };
const packageCheck = (table: string, t: PackageColumns) =>
  check(
    `${table}_package_check`,
    sql`(${t.weightGrams} is null and ${t.lengthCm} is null and ${t.widthCm} is null and ${t.heightCm} is null) or (${t.weightGrams} > 0 and ${t.lengthCm} > 0 and ${t.widthCm} > 0 and ${t.heightCm} > 0)`,
  );

/** A GTIN of 8, 12–14 digits or 'SEM GTIN', and a unit the store sells in (issue 34). */
const fiscalChecks = (table: string, t: { gtin: unknown; commercialUnit: unknown }) => [
  check(`${table}_gtin_check`, sql`${t.gtin} ~ ${sql.raw(`'${GTIN_PATTERN}'`)}`),
  check(`${table}_commercial_unit_check`, oneOf(t.commercialUnit, COMMERCIAL_UNITS)),
];

// ---------------------------------------------------------------- auth (Better Auth)

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('customer'),
    /** CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric, upper case) given at checkout, kept for the next purchase. */
    taxId: text('tax_id'),
    /** A company buyer's Inscrição Estadual (digits) and its NF-e indicator (1 contribuinte, 2 isento, 9 não contribuinte), kept for the next purchase (issue 34). */
    stateRegistration: text('state_registration'),
    ieIndicator: integer('ie_indicator'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_role_check', oneOf(t.role, ROLES)),
    check('user_tax_id_check', taxIdFormat(t.taxId)),
    check('user_state_registration_check', sql`${t.stateRegistration} ~ '^[0-9]{2,14}$'`),
    check('user_ie_indicator_check', oneOf(t.ieIndicator, IE_INDICATORS)),
    // The admin's customer list (/admin/customers): newest first, and an accent- and case-insensitive
    // "contains" search on name, e-mail and CPF/CNPJ, each served by a trigram index.
    index('user_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_name_trgm_idx').using('gin', sql`clarear_unaccent(lower(${t.name})) gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`clarear_unaccent(lower(${t.email})) gin_trgm_ops`),
    index('user_tax_id_trgm_idx').using('gin', sql`${t.taxId} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------- catalogue

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull().default('0'),
    basePrice: money('base_price'),
    imageUrl: text('image_url'),
    /** The mean of its approved reviews (issue 36), kept with `review_count` by the one writer of reviews; null without any. */
    rating: numeric('rating', { precision: 2, scale: 1 }),
    reviewCount: integer('review_count').notNull().default(0),
    isKit: boolean('is_kit').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    phValue: numeric('ph_value', { precision: 3, scale: 1 }),
    benefits: text('benefits'),
    dilution: text('dilution'),
    useIndication: text('use_indication'),
    howToUse: text('how_to_use'),
    precautions: text('precautions'),
    composition: text('composition'),
    activeIngredient: text('active_ingredient'),
    // Safety (issue 32, lib/product-safety.ts): ANVISA regularisation, risk class, the label's
    // warnings and first aid, transport data of a dangerous good, and the safety data sheet (FDS).
    anvisaKind: text('anvisa_kind', { enum: ANVISA_KINDS }),
    anvisaNumber: text('anvisa_number'),
    riskClass: integer('risk_class'),
    safetyWarnings: text('safety_warnings'),
    firstAid: text('first_aid'),
    /** UN number and hazard class when it is a dangerous good for transport; both or neither. */
    unNumber: text('un_number'),
    hazardClass: text('hazard_class', { enum: HAZARD_CLASSES }),
    /** Storage key (public/ key space) of the FDS PDF, and when it was uploaded. */
    sdsKey: text('sds_key'),
    sdsUpdatedAt: timestamp('sds_updated_at', { withTimezone: true }),
    // A kit's package (issue 33); null: taken from its contents. Sizes carry their own.
    ...packageColumns(),
    // Fiscal data for the NF-e (issue 34): NCM, CEST and origem per product; GTIN and unit here for a kit
    // (sold as one item), per size otherwise.
    ncm: text('ncm'),
    cest: text('cest'),
    fiscalOrigin: integer('fiscal_origin'),
    gtin: text('gtin'),
    commercialUnit: text('commercial_unit', { enum: COMMERCIAL_UNITS }),
    // The name as searches compare it (lower case, no accents), stored: a search's recheck and its
    // exact count read a column instead of running unaccent on every candidate row (issue 17, goal 4).
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`clarear_unaccent(lower(name))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_base_price_check', sql`${t.basePrice} >= 0`),
    check('products_rating_check', sql`${t.rating} between 0 and 5`),
    check('products_review_count_check', sql`${t.reviewCount} >= 0`),
    check('products_ph_check', sql`${t.phValue} between 0 and 14`),
    check('products_anvisa_kind_check', oneOf(t.anvisaKind, ANVISA_KINDS)),
    check('products_anvisa_check', sql`(${t.anvisaKind} is null) = (${t.anvisaNumber} is null)`),
    check('products_anvisa_number_check', sql`${t.anvisaNumber} ~ ${sql.raw(`'${ANVISA_NUMBER_PATTERN}'`)}`),
    check('products_risk_class_check', oneOf(t.riskClass, RISK_CLASSES)),
    check('products_hazard_class_check', oneOf(t.hazardClass, HAZARD_CLASSES)),
    check('products_un_number_check', sql`${t.unNumber} ~ ${sql.raw(`'${UN_NUMBER_PATTERN}'`)}`),
    check('products_dangerous_good_check', sql`(${t.unNumber} is null) = (${t.hazardClass} is null)`),
    packageCheck('products', t),
    ...fiscalChecks('products', t),
    check('products_ncm_check', sql`${t.ncm} ~ ${sql.raw(`'${NCM_PATTERN}'`)}`),
    check('products_cest_check', sql`${t.cest} ~ ${sql.raw(`'${CEST_PATTERN}'`)}`),
    check('products_fiscal_origin_check', oneOf(t.fiscalOrigin, FISCAL_ORIGINS)),
    // NCM and origem together (an NF-e item needs both); a CEST only with an NCM.
    check('products_ncm_origin_check', sql`(${t.ncm} is null) = (${t.fiscalOrigin} is null) and (${t.cest} is null or ${t.ncm} is not null)`),
    index('products_kit_featured_idx').on(t.isKit, t.isFeatured, t.displayOrder),
    // /produtos and /kits in their order (catalog.server productListOrder): a page, or a category's page,
    // reads its 24 rows from the index instead of sorting the catalogue (issue 17, goal 4).
    index('products_list_idx').on(t.isKit, t.displayOrder, t.name, t.id),
    index('products_featured_idx').on(t.isFeatured, t.displayOrder),
    index('products_category_list_idx').on(t.categoryId, t.isKit, t.displayOrder, t.name, t.id),
    // The admin's product list in its order (name, then id): a page reads its rows from the index.
    index('products_name_idx').on(t.name, t.id),
    index('products_base_price_idx').on(t.basePrice),
    // Accent- and case-insensitive "contains" search of product names.
    index('products_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/**
 * How many products there are per (category, kit or not): the exact 'N produtos encontrados' of
 * /produtos and of a category page in constant time (issue 17, goal 4). Kept by statement-level
 * triggers on products (drizzle/0018_product_counts.sql), in the same transaction as the product
 * write, so it is exact by construction: never written by the app. `category_id` is the nil UUID
 * (NO_CATEGORY) for products without a category; no foreign key, so deleting a category (which sets
 * its products' category to null, moving their count) never races the counter row.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: uuid('category_id').notNull(),
    isKit: boolean('is_kit').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.isKit] }), check('product_counts_n_check', sql`${t.n} >= 0`)],
);

/**
 * What a storefront search reads to count its matches exactly (issue 17, goal 4): each product's
 * searchable name, category and kit flag, and nothing else. A count through the trigram index must
 * recheck every candidate row in the heap; here a row is ~90 bytes instead of a product's whole row
 * (descriptions, usage, composition), so a search matching thousands of products reads a few
 * hundred pages instead of thousands. Kept by triggers on products (drizzle/0019_product_search.sql)
 * in the same transaction as the write; never written by the app.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: uuid('product_id').primaryKey(),
    categoryId: uuid('category_id'),
    isKit: boolean('is_kit').notNull(),
    searchName: text('search_name').notNull(),
  },
  (t) => [index('product_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`)],
);

/** product_counts.category_id of products without a category. */
export const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    price: money('price').notNull(),
    imageUrl: text('image_url'),
    /** Units on hand; null = not tracked (always sellable). Checkout takes from it under a row lock. */
    stock: integer('stock'),
    /** Its package for freight; a size without it is offered only by a service priced for any weight. */
    ...packageColumns(),
    /** GTIN/EAN of this size (or 'SEM GTIN') and its commercial unit, for the NF-e (issue 34). */
    gtin: text('gtin'),
    commercialUnit: text('commercial_unit', { enum: COMMERCIAL_UNITS }),
  },
  (t) => [
    check('product_variants_price_check', sql`${t.price} >= 0`),
    packageCheck('product_variants', t),
    ...fiscalChecks('product_variants', t),
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
    uniqueIndex('product_variants_product_size_idx').on(t.productId, t.size),
    index('product_variants_product_price_idx').on(t.productId, t.price),
  ],
);

/**
 * Volume prices of a size (issue 35): from `min_quantity` units on, each unit costs `price`
 * ("a partir de 6 un.: R$ …"). The size's own price is the tier of 1 unit; the server prices each
 * line by its quantity.
 */
export const variantPriceTiers = pgTable(
  'variant_price_tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    uniqueIndex('variant_price_tiers_variant_min_idx').on(t.variantId, t.minQuantity),
    check('variant_price_tiers_min_quantity_check', sql`${t.minQuantity} between 2 and 9999`),
    check('variant_price_tiers_price_check', sql`${t.price} > 0`),
  ],
);

export const kitItems = pgTable(
  'kit_items',
  {
    kitProductId: uuid('kit_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    includedProductId: uuid('included_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.kitProductId, t.includedProductId] }),
    check('kit_items_quantity_check', sql`${t.quantity} > 0`),
    check('kit_items_not_self_check', sql`${t.kitProductId} <> ${t.includedProductId}`),
    index('kit_items_included_idx').on(t.includedProductId),
  ],
);

export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('testimonials_display_order_idx').on(t.displayOrder)],
);

// ---------------------------------------------------------------- subscription

export type PlanBenefit = { text: string; icon: string };
export type PlanStep = { title: string; description: string };

export const subscriptionConfigs = pgTable(
  'subscription_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    isActive: boolean('is_active').notNull().default(false),
    planName: text('plan_name').notNull(),
    headline: text('headline').notNull().default(''),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    benefits: jsonb('benefits').$type<PlanBenefit[]>().notNull().default([]),
    howItWorksSteps: jsonb('how_it_works_steps').$type<PlanStep[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one active plan: the storefront reads it with .single().
    uniqueIndex('subscription_configs_one_active_idx').on(t.isActive).where(sql`${t.isActive}`),
  ],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept, cancelled and anonymized, when its customer erases their account (the reports count it).
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** The next renewal's date (the day its charge is made). */
    nextDeliveryDate: date('next_delivery_date').notNull(),
    /** The price it was sold at: every renewal charges this, whatever the plan costs today. */
    totalValue: money('total_value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The day the schedule counts from (its day of the month is kept: 31/01 → 28/02 → 31/03). */
    anchorDate: date('anchor_date').notNull(),
    /** How renewals are paid (the checkout's choice; the customer may change it). */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD_IDS }).notNull().default('pix'),
    installments: integer('installments').notNull().default(1),
    taxId: text('tax_id'),
    /** End (exclusive) of the last paid period; null until the first payment is confirmed. */
    paidThrough: date('paid_through'),
    pausedReason: text('paused_reason', { enum: PAUSE_REASONS }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** A customer's pause ends by itself on this day, at most PAUSE_MAX_MONTHS (3) after it began. */
    resumeOn: date('resume_on'),
    /** A card renewal charges this card, kept at the gateway (never the card itself). */
    savedCardId: uuid('saved_card_id').references((): AnyPgColumn => savedCards.id, { onDelete: 'set null' }),
    /** Left over from a plan change (the unused part of a paid period beyond the new price): pays the next renewals first. */
    credit: money('credit').notNull().default('0'),
    // Where renewal orders go: copied from the checkout; null for a subscription an admin assigned.
    ...shippingColumns(),
  },
  (t) => [
    check('user_subscriptions_frequency_check', oneOf(t.frequency, PLAN_FREQUENCIES)),
    check('user_subscriptions_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check('user_subscriptions_installments_check', sql`${t.installments} between 1 and 12`),
    check('user_subscriptions_paused_reason_check', oneOf(t.pausedReason, PAUSE_REASONS)),
    check('user_subscriptions_paused_check', sql`(${t.status} = 'paused') = (${t.pausedReason} is not null)`),
    check('user_subscriptions_tax_id_check', taxIdFormat(t.taxId)),
    shippingCheck('user_subscriptions', t),
    // The renewal job: active subscriptions whose date has come.
    index('user_subscriptions_due_idx').on(t.nextDeliveryDate).where(sql`${t.status} = 'active'`),
    check('user_subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('user_subscriptions_total_value_check', sql`${t.totalValue} >= 0`),
    check('user_subscriptions_credit_check', sql`${t.credit} >= 0`),
    index('user_subscriptions_user_status_idx').on(t.userId, t.status, t.createdAt.desc()),
    // One live (active or paused) subscription per customer.
    uniqueIndex('user_subscriptions_one_live_idx').on(t.userId).where(sql`${t.status} in ('active', 'paused')`),
    index('user_subscriptions_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------- customer data

export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('user_favorites_product_idx').on(t.productId)],
);

export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull(),
    complement: text('complement'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** Eight digits, no hyphen; shown as 00000-000. */
    zipCode: text('zip_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Shared with the buyer's company (issue 35): every member sees and ships to it; `user_id` is who saved it. */
    companyId: uuid('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_addresses_company_idx').on(t.companyId).where(sql`${t.companyId} is not null`),
    check('user_addresses_state_check', oneOf(t.state, BRAZILIAN_STATES)),
    check('user_addresses_zip_code_check', sql`${t.zipCode} ~ '^[0-9]{8}$'`),
    uniqueIndex('user_addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
    index('user_addresses_user_idx').on(t.userId, t.isDefault.desc(), t.createdAt.desc()),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // An order is a fiscal record: it outlives its buyer's account. Null once the customer erased
    // their account (LGPD art. 18, server/privacy/erase.server.ts), which anonymizes it first.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    totalPrice: money('total_price').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    deliveryFrequencyMonths: integer('delivery_frequency_months'),
    subtotalPrice: money('subtotal_price').notNull().default('0'),
    discountPrice: money('discount_price').notNull().default('0'),
    shippingPrice: money('shipping_price').notNull().default('0'),
    // 'invoiced' too (boleto faturado, issue 35): the CHECK below says so; a text enum makes no SQL.
    paymentMethod: text('payment_method', { enum: [...PAYMENT_METHOD_IDS, INVOICED_METHOD] }),
    paymentDetails: jsonb('payment_details').$type<PaymentDetails>(),
    /** CPF or CNPJ of the buyer at the time of purchase (as `user.tax_id`). */
    taxId: text('tax_id'),
    /** A company buyer's IE and NF-e indicator at the time of purchase (issue 34), as `user`. */
    buyerStateRegistration: text('buyer_state_registration'),
    buyerIeIndicator: integer('buyer_ie_indicator'),
    /** Which 10% the discount is: the subscriber's or the welcome offer on a first purchase; null without discount. */
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
    /** One per checkout attempt, so a double submit makes one order. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Bumped by every transition: an admin acting on a stale page gets "o pedido mudou". */
    version: integer('version').notNull().default(0),
    // The delivery address, copied at checkout: editing a saved address never changes an order.
    // Null only on orders placed before addresses were asked for.
    ...shippingColumns(),
    /** A pending Pix/boleto order is cancelled by the expiry job after this. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    carrier: text('carrier', { enum: CARRIERS }),
    trackingCode: text('tracking_code'),
    cancelReason: text('cancel_reason'),
    /** A paid order that was cancelled owes the customer their money back. */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    /** The gateway's id of the refund, once made. */
    refundReference: text('refund_reference'),
    /** The Pix key the customer gave for a refund made by bank transfer (money taken on the store's own key). */
    refundPixKey: text('refund_pix_key'),
    /** What the buyer accepted (issue 32): the Termos de Uso and Política de Privacidade versions, with a hash of each text. */
    termsVersion: integer('terms_version'),
    termsHash: text('terms_hash'),
    privacyVersion: integer('privacy_version'),
    privacyHash: text('privacy_hash'),
    /** The subscription this order buys or renews (the plan line); see subscription_periods. */
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => userSubscriptions.id, { onDelete: 'set null' }),
    /** The programmed delivery this order repeats, and the date it was due. */
    programmedDeliveryId: uuid('programmed_delivery_id').references((): AnyPgColumn => programmedDeliveries.id, { onDelete: 'set null' }),
    scheduledFor: date('scheduled_for'),
    /** The company's purchase-order number ("Nº do pedido de compra"), as the buyer typed it (issue 35). */
    purchaseOrderNumber: text('purchase_order_number'),
    /** The company this order was bought for (issue 35), and its razão social at the time; `user_id` is the buyer who placed it. */
    companyId: uuid('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    companyLegalName: text('company_legal_name'),
    /** The coupon this order used (issue 36) and its code as typed then (kept if the coupon is deleted). */
    couponId: uuid('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
  },
  (t) => [
    check('orders_total_price_check', sql`${t.totalPrice} >= 0`),
    check(
      'orders_ship_address_check',
      sql`(${t.shipName} is null and ${t.shipStreet} is null and ${t.shipNumber} is null and ${t.shipNeighborhood} is null and ${t.shipCity} is null and ${t.shipState} is null and ${t.shipZipCode} is null)
        or (${t.shipName} is not null and ${t.shipStreet} is not null and ${t.shipNumber} is not null and ${t.shipNeighborhood} is not null and ${t.shipCity} is not null and ${t.shipState} is not null and ${t.shipZipCode} ~ '^[0-9]{8}$')`,
    ),
    check('orders_ship_state_check', oneOf(t.shipState, BRAZILIAN_STATES)),
    check('orders_carrier_check', oneOf(t.carrier, CARRIERS)),
    check('orders_refund_status_check', oneOf(t.refundStatus, REFUND_STATUSES)),
    check('orders_cancel_reason_check', sql`${t.status} <> 'cancelled' or ${t.cancelReason} is not null`),
    // The admin list: tabs by status, newest first; the expiry job: pending orders past their time.
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_pending_expiry_idx').on(t.paymentExpiresAt).where(sql`${t.status} = 'pending'`),
    check('orders_amounts_check', sql`${t.subtotalPrice} >= 0 and ${t.discountPrice} >= 0 and ${t.shippingPrice} >= 0`),
    // 'invoiced' (boleto faturado, issue 35) is an order's method, never one the payment gateway is asked for.
    check('orders_payment_method_check', oneOf(t.paymentMethod, [...PAYMENT_METHOD_IDS, INVOICED_METHOD])),
    index('orders_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst()).where(sql`${t.companyId} is not null`),
    check('orders_company_check', sql`(${t.companyId} is null) or (${t.companyLegalName} is not null)`),
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_delivery_frequency_check', oneOf(t.deliveryFrequencyMonths, DELIVERY_MONTHS)),
    check('orders_tax_id_check', taxIdFormat(t.taxId)),
    check('orders_buyer_state_registration_check', sql`${t.buyerStateRegistration} ~ '^[0-9]{2,14}$'`),
    check('orders_buyer_ie_indicator_check', oneOf(t.buyerIeIndicator, IE_INDICATORS)),
    check('orders_discount_kind_check', oneOf(t.discountKind, DISCOUNT_KINDS)),
    check('orders_purchase_order_number_check', sql`char_length(${t.purchaseOrderNumber}) between 1 and 40`),
    check('orders_coupon_check', sql`${t.discountKind} <> 'coupon' or ${t.couponCode} is not null`),
    check('orders_discount_kind_amount_check', sql`(${t.discountKind} is null) = (${t.discountPrice} = 0)`),
    // The welcome offer once per account and once per CPF/CNPJ, among orders that are not cancelled:
    // two first purchases at once cannot both commit with it.
    uniqueIndex('orders_welcome_user_idx').on(t.userId).where(sql`${t.discountKind} = 'welcome' and ${t.status} <> 'cancelled'`),
    uniqueIndex('orders_welcome_tax_id_idx').on(t.taxId).where(sql`${t.discountKind} = 'welcome' and ${t.status} <> 'cancelled'`),
    // The first-purchase check looks up earlier orders by CPF/CNPJ.
    index('orders_tax_id_idx').on(t.taxId),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin dashboard reads the latest orders and the last 30 days.
    // DESC NULLS FIRST, as ORDER BY … DESC sorts: an index in DESC NULLS LAST (drizzle's default for
    // .desc()) does not match the admin lists' order, and PostgreSQL sorted all orders for each page.
    index('orders_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_subscription_idx').on(t.subscriptionId, t.createdAt.desc()),
    // A programmed delivery orders once per date, however often its job runs.
    uniqueIndex('orders_programmed_delivery_date_idx').on(t.programmedDeliveryId, t.scheduledFor),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Null once the product is deleted; the name snapshot keeps the history readable.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    size: text('size'),
    quantity: integer('quantity').notNull(),
    priceAtPurchase: money('price_at_purchase').notNull(),
    /** The parcel it ships in (issue 33); null on orders placed before freight. */
    parcelId: uuid('parcel_id').references((): AnyPgColumn => orderParcels.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.priceAtPurchase} >= 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** An order's history: every status change, written in the same transaction as the change. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the order's creation. */
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_events_from_status_check', oneOf(t.fromStatus, ORDER_STATUSES)),
    check('order_events_to_status_check', oneOf(t.toStatus, ORDER_STATUSES)),
    check('order_events_actor_check', oneOf(t.actor, ORDER_ACTORS)),
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    // Reports (issue 16): cancellations (and so refunds) in a period.
    index('order_events_cancelled_idx').on(t.createdAt).where(sql`${t.toStatus} = 'cancelled'`),
  ],
);

/**
 * Every payment confirmation received (admin or provider), once per provider reference: a
 * duplicate delivery is recognised, and one that arrives after the order expired is kept
 * ('late') for the admin instead of being lost.
 */
export const paymentConfirmations = pgTable(
  'payment_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amount: money('amount').notNull(),
    outcome: text('outcome', { enum: PAYMENT_CONFIRMATION_OUTCOMES }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** When an admin looked at a late payment and dealt with it (refund or contact). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_confirmations_outcome_check', oneOf(t.outcome, PAYMENT_CONFIRMATION_OUTCOMES)),
    check('payment_confirmations_amount_check', sql`${t.amount} >= 0`),
    uniqueIndex('payment_confirmations_reference_idx').on(t.provider, t.reference),
    index('payment_confirmations_order_idx').on(t.orderId),
    index('payment_confirmations_late_idx').on(t.createdAt).where(sql`${t.outcome} in ('late', 'divergent') and ${t.resolvedAt} is null`),
  ],
);

/**
 * Every call to the payment provider, one row per idempotency key (an order's attempt, a
 * renewal's period). Written and committed before the call, so a process that dies while the
 * provider answers leaves a `requested` row that the reconciliation job settles by asking the
 * provider (server/payments/charges.server.ts). The provider's payment id is unique: a webhook
 * finds its order here.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').notNull(),
    method: text('method', { enum: PAYMENT_METHOD_IDS }).notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('requested'),
    /** The provider's id of the payment. */
    reference: text('reference'),
    /** Why it was declined or abandoned (pt-BR, shown to the customer). */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_key_idx').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_reference_idx').on(t.provider, t.reference),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt.desc()),
    // The reconciliation job: calls never answered, Pix and boletos whose webhook may have been lost.
    index('payment_attempts_open_idx').on(t.createdAt).where(sql`${t.status} in ('requested', 'calling', 'unknown', 'awaiting')`),
    check('payment_attempts_status_check', oneOf(t.status, PAYMENT_ATTEMPT_STATUSES)),
    check('payment_attempts_method_check', oneOf(t.method, PAYMENT_METHOD_IDS)),
    check('payment_attempts_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** A card kept at the gateway for renewals and programmed deliveries: its ids there, the brand and last digits. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerReference: text('customer_reference').notNull(),
    cardReference: text('card_reference').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    lastFour: text('last_four'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_cards_reference_idx').on(t.provider, t.cardReference), index('saved_cards_user_idx').on(t.userId)],
);

/**
 * The welcome offer once per person for good (server/orders/welcome-offer.server.ts): a keyed hash
 * (HMAC-SHA256 with a server secret, never the CPF/CNPJ itself) of each document that used it,
 * written in the transaction of the order that used it. The key is unique: of two first purchases
 * of one document at once, one gets the offer. The order's status decides, as before: a row whose
 * order is cancelled frees the offer (the next first purchase takes the row over). Kept when the
 * customer erases the account (fraud prevention, LGPD art. 7 IX and art. 16): the anonymized order
 * keeps no CPF/CNPJ, this row is what remembers. Never exported, never shown.
 */
export const welcomeOfferUses = pgTable(
  'welcome_offer_uses',
  {
    taxIdHash: text('tax_id_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('welcome_offer_uses_order_idx').on(t.orderId), check('welcome_offer_uses_hash_check', sql`${t.taxIdHash} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * A customer record at a gateway that an account erasure must delete there (its saved cards and
 * the customer): written in the erasure's transaction, deleted by the job once the gateway has
 * forgotten it (server/privacy/gateway-erasure.server.ts). Only the gateway's references.
 */
export const gatewayErasures = pgTable(
  'gateway_erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    customerReference: text('customer_reference').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gateway_erasures_reference_idx').on(t.provider, t.customerReference), index('gateway_erasures_due_idx').on(t.nextAttemptAt)],
);

/** Signed webhook calls already received: the same signature twice is a replay (401). */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    provider: text('provider').notNull(),
    signature: text('signature').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.signature] }), index('webhook_receipts_received_idx').on(t.receivedAt)],
);

/**
 * The units an order took from each tracked size, so cancelling or expiring gives back exactly
 * those, once (`released_at` is set in the same transaction as the stock update).
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.variantId] }),
    check('stock_reservations_quantity_check', sql`${t.quantity} > 0`),
    index('stock_reservations_variant_idx').on(t.variantId),
  ],
);

/**
 * Every e-mail the store sends, written in the same transaction as what causes it and delivered
 * by the mail worker (server/mail/outbox.server.ts) with retries; 'failed' ones are shown to the admin.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the e-mail is about (template name), for the admin and the tests. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** The HTML part's content (EmailContent as JSON), laid out by the mail worker when it sends. */
    htmlContent: text('html_content'),
    /** The HTML part itself: only rows queued before html_content (the worker sends it as it is). */
    htmlBody: text('html_body'),
    replyTo: text('reply_to'),
    /** Set when the same event must never send twice (e.g. `order:<id>:paid`). */
    dedupeKey: text('dedupe_key'),
    /** Optional e-mails (newsletter, reminders): the one-click unsubscribe URL sent as List-Unsubscribe (RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', oneOf(t.status, EMAIL_STATUSES)),
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('email_outbox_failed_idx').on(t.createdAt.desc()).where(sql`${t.status} = 'failed'`),
  ],
);

/** The plan's three options: names and months are fixed (lib/plans), the admin edits price and highlight. */
export const planOptions = pgTable(
  'plan_options',
  {
    frequency: text('frequency', { enum: PLAN_FREQUENCIES }).primaryKey(),
    price: money('price').notNull(),
    highlight: text('highlight'),
    updatedAt: updatedAt(),
  },
  (t) => [check('plan_options_frequency_check', oneOf(t.frequency, PLAN_FREQUENCIES)), check('plan_options_price_check', sql`${t.price} > 0`)],
);

/**
 * One row per subscription per period: the first purchase and every renewal. The unique
 * (subscription, period date) is what makes a renewal happen exactly once, however many job runs
 * overlap or crash; the row also carries the period's payment and its retries.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'cascade' }),
    /** The day the period starts (and its charge is made). */
    periodDate: date('period_date').notNull(),
    /** The day the next period starts: paying this one makes the subscription paid through it. */
    periodEnd: date('period_end').notNull(),
    kind: text('kind', { enum: PERIOD_KINDS }).notNull(),
    amount: money('amount').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PERIOD_STATUSES }).notNull().default('awaiting'),
    /** Charges tried so far (a Pix/boleto code issued counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job looks at this period again (a card's next try, a code's deadline). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The subscription's credit this period's order used (the order charges amount less it); given back if the order is cancelled unpaid. */
    creditUsed: money('credit_used').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscription_periods_credit_used_check', sql`${t.creditUsed} >= 0`),
    uniqueIndex('subscription_periods_once_idx').on(t.subscriptionId, t.periodDate),
    uniqueIndex('subscription_periods_order_idx').on(t.orderId),
    check('subscription_periods_kind_check', oneOf(t.kind, PERIOD_KINDS)),
    check('subscription_periods_status_check', oneOf(t.status, PERIOD_STATUSES)),
    check('subscription_periods_amount_check', sql`${t.amount} >= 0`),
    check('subscription_periods_dates_check', sql`${t.periodEnd} > ${t.periodDate}`),
    index('subscription_periods_retry_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'awaiting'`),
  ],
);

export const PLAN_CHANGE_STATUSES = ['awaiting', 'applied', 'cancelled'] as const;

/**
 * A customer's plan change (issue 30): the new plan is charged now, less the unused part of the
 * paid period (`credit`). With a charge, its order pays it and confirming that order applies the
 * change (periods.server.ts); until then the current plan stays. Unique per subscription and the
 * form's idempotency key: a double submit is one change and one charge.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    fromFrequency: text('from_frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    toFrequency: text('to_frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    /** The new plan's price. */
    price: money('price').notNull(),
    /** Credit used: the unused part of the paid period plus any credit the subscription had. */
    credit: money('credit').notNull(),
    /** Charged now: price less credit, never below zero. */
    amount: money('amount').notNull(),
    /** Credit left on the subscription once applied. */
    creditAfter: money('credit_after').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PLAN_CHANGE_STATUSES }).notNull().default('awaiting'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plan_changes_status_check', oneOf(t.status, PLAN_CHANGE_STATUSES)),
    check('plan_changes_to_frequency_check', oneOf(t.toFrequency, PLAN_FREQUENCIES)),
    check('plan_changes_money_check', sql`${t.price} >= 0 and ${t.credit} >= 0 and ${t.amount} >= 0 and ${t.creditAfter} >= 0`),
    uniqueIndex('plan_changes_key_idx').on(t.subscriptionId, t.idempotencyKey),
    uniqueIndex('plan_changes_order_idx').on(t.orderId),
  ],
);

/** A subscription's history (the admin's view): what happened, who did it, when. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'cascade' }),
    /** 'created', 'renewed', 'paused', 'resumed', 'skipped', 'plan_changed', 'payment_failed', 'reactivated', 'cancelled'… */
    kind: text('kind').notNull(),
    fromStatus: text('from_status', { enum: SUBSCRIPTION_STATUSES }),
    toStatus: text('to_status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('subscription_events_actor_check', oneOf(t.actor, ORDER_ACTORS)),
    check('subscription_events_to_status_check', oneOf(t.toStatus, SUBSCRIPTION_STATUSES)),
    index('subscription_events_subscription_idx').on(t.subscriptionId, t.createdAt),
    // Reports (issue 16): subscriptions cancelled in a period.
    index('subscription_events_cancelled_idx').on(t.createdAt).where(sql`${t.toStatus} = 'cancelled'`),
  ],
);

/** A subscriber's order repeated every DELIVERY_MONTHS months (the checkout's delivery frequency). */
export const programmedDeliveries = pgTable(
  'programmed_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sourceOrderId: uuid('source_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    months: integer('months').notNull(),
    anchorDate: date('anchor_date').notNull(),
    nextDate: date('next_date').notNull(),
    status: text('status', { enum: PROGRAMMED_DELIVERY_STATUSES }).notNull().default('active'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD_IDS }).notNull(),
    installments: integer('installments').notNull().default(1),
    taxId: text('tax_id'),
    ...shippingColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    savedCardId: uuid('saved_card_id').references((): AnyPgColumn => savedCards.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('programmed_deliveries_months_check', oneOf(t.months, DELIVERY_MONTHS)),
    check('programmed_deliveries_status_check', oneOf(t.status, PROGRAMMED_DELIVERY_STATUSES)),
    check('programmed_deliveries_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check('programmed_deliveries_installments_check', sql`${t.installments} between 1 and 12`),
    check('programmed_deliveries_tax_id_check', taxIdFormat(t.taxId)),
    shippingCheck('programmed_deliveries', t),
    index('programmed_deliveries_user_idx').on(t.userId, t.createdAt.desc()),
    // Cancelling an order (admin, expiry batch) stops the deliveries it started; deleting one sets them null.
    index('programmed_deliveries_source_order_idx').on(t.sourceOrderId),
    index('programmed_deliveries_due_idx').on(t.nextDate).where(sql`${t.status} = 'active'`),
  ],
);

/** What a programmed delivery repeats: a size (variant) or a kit, with the name it had. */
export const programmedDeliveryItems = pgTable(
  'programmed_delivery_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => programmedDeliveries.id, { onDelete: 'cascade' }),
    // Null once the size or kit is deleted: that line is left out of the next deliveries.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    kitId: uuid('kit_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    size: text('size'),
    quantity: integer('quantity').notNull(),
  },
  (t) => [check('programmed_delivery_items_quantity_check', sql`${t.quantity} > 0`), index('programmed_delivery_items_delivery_idx').on(t.deliveryId)],
);

/** Each date of a programmed delivery, once: the order it made, or why it made none. */
export const programmedDeliveryRuns = pgTable(
  'programmed_delivery_runs',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => programmedDeliveries.id, { onDelete: 'cascade' }),
    scheduledFor: date('scheduled_for').notNull(),
    outcome: text('outcome', { enum: DELIVERY_RUN_OUTCOMES }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.scheduledFor] }), check('programmed_delivery_runs_outcome_check', oneOf(t.outcome, DELIVERY_RUN_OUTCOMES))],
);

export const savedKits = pgTable(
  'saved_kits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_kits_user_idx').on(t.userId, t.createdAt.desc())],
);

export const savedKitItems = pgTable(
  'saved_kit_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    savedKitId: uuid('saved_kit_id')
      .notNull()
      .references(() => savedKits.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    check('saved_kit_items_quantity_check', sql`${t.quantity} > 0`),
    index('saved_kit_items_kit_idx').on(t.savedKitId),
    index('saved_kit_items_product_idx').on(t.productId),
  ],
);

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    hideChatbot: boolean('hide_chatbot').notNull().default(false),
    hideWhatsapp: boolean('hide_whatsapp').notNull().default(false),
    theme: text('theme', { enum: THEMES }).notNull().default('light'),
    receiveNotifications: boolean('receive_notifications').notNull().default(true),
    /** "Lembretes de carrinho" (issue 36): off until the customer turns it on (Preferências or sign-up). */
    cartReminders: boolean('cart_reminders').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_preferences_theme_check', oneOf(t.theme, THEMES))],
);

// ---------------------------------------------------------------- content

export const siteContent = pgTable(
  'site_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    page: text('page').notNull(),
    section: text('section').notNull(),
    elementKey: text('element_key').notNull(),
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('site_content_key_idx').on(t.page, t.section, t.elementKey)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    author: text('author').notNull(),
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    readTimeMinutes: integer('read_time_minutes').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check('blog_posts_read_time_check', sql`${t.readTimeMinutes} > 0`),
    index('blog_posts_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const legalPages = pgTable('legal_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  content: text('content').notNull(),
  updatedAt: updatedAt(),
  /** Bumped by every edit of the text; each version is kept in legal_page_versions. */
  version: integer('version').notNull().default(1),
});

/**
 * Every version of a legal page's text, kept for good (issue 32): an order records the version of
 * the Termos de Uso and Política de Privacidade its buyer accepted, and its e-mail links to it.
 */
export const legalPageVersions = pgTable(
  'legal_page_versions',
  {
    slug: text('slug')
      .notNull()
      .references(() => legalPages.slug, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** sha256 of the content, hex. */
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.version] }), check('legal_page_versions_version_check', sql`${t.version} > 0`)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    /** Where the visitor signed up: the footer of every page, the blog, or a customer's Preferências. */
    source: text('source', { enum: NEWSLETTER_SOURCES }).notNull().default('footer'),
  },
  (t) => [
    check('newsletter_email_check', sql`${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
    check('newsletter_source_check', oneOf(t.source, NEWSLETTER_SOURCES)),
    index('newsletter_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's search by e-mail (ilike '%…%').
    index('newsletter_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * "Avise-me quando chegar" (issue 36): a request to be e-mailed when a sold-out size is back. A
 * signed-in customer's is confirmed at once (their account e-mail); a visitor's waits for the link
 * e-mailed to them (sha256 of its token kept). Live = not notified and not unsubscribed; the restock
 * (`stock-alerts/alerts`, in the transaction that restocks) e-mails each live confirmed one once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** sha256 (hex) of the visitor's confirmation link token; null for a signed-in request. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_alerts_email_check', sql`${t.email} = lower(${t.email}) and ${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
    // One live request per size and e-mail: asking again is answered, not duplicated.
    uniqueIndex('stock_alerts_live_idx').on(t.variantId, t.email).where(sql`${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
    // The restock's read and the admin's count of who is waiting.
    index('stock_alerts_variant_live_idx').on(t.variantId).where(sql`${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
    uniqueIndex('stock_alerts_token_idx').on(t.confirmTokenHash),
    index('stock_alerts_user_idx').on(t.userId),
  ],
);

export const chatbotQuickQuestions = pgTable(
  'chatbot_quick_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionText: text('question_text').notNull(),
    responseKey: text('response_key').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('chatbot_quick_questions_active_idx').on(t.isActive, t.displayOrder)],
);

// Messages sent through /contato: kept even if the e-mail to the store fails.
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When an admin first opened it (the list shows unread ones in bold). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it was answered (a reply from the admin, or marked answered by hand). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('contact_messages_lengths_check', sql`length(${t.name}) between 1 and 120 and length(${t.subject}) between 1 and 200 and length(${t.message}) between 1 and 5000`),
    index('contact_messages_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's unread filter and the sidebar's unread count.
    index('contact_messages_unread_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.readAt} is null`),
    // The admin's search (contact/admin.server matches): the same expression, so ilike '%…%' uses it.
    index('contact_messages_search_trgm_idx').using(
      'gin',
      sql`clarear_unaccent(${t.name} || ' ' || ${t.email} || ' ' || ${t.subject} || ' ' || ${t.message}) gin_trgm_ops`,
    ),
  ],
);

/** The admin's replies to a contact message, sent by e-mail and kept with it. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminUserId: text('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('contact_replies_body_check', sql`length(${t.body}) between 1 and 5000`), index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);

/**
 * When an e-mail of a kind last went to an address (`duplicate-sign-up:ana@…`), so a
 * message anyone can trigger for someone else's address reaches that inbox at most
 * once per cooldown, whoever triggers it and from however many addresses.
 */
export const mailThrottle = pgTable('mail_throttle', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * Request counters per key and window (app/server/infra/rate-limit.server.ts, rate-limiter-flexible's
 * Drizzle store): the forms' limits and Better Auth's, shared by every app instance.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

// ---------------------------------------------------------------- customers (admin)

/**
 * The customer page's record: who (admin), when, what — ids only, so no name, e-mail or CPF/CNPJ
 * is copied here; names are joined when the page reads it. Written in the action's transaction.
 */
export const customerAudit = pgTable(
  'customer_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerUserId: text('customer_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adminUserId: text('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action', { enum: CUSTOMER_AUDIT_ACTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('customer_audit_action_check', oneOf(t.action, CUSTOMER_AUDIT_ACTIONS)), index('customer_audit_customer_idx').on(t.customerUserId, t.createdAt.desc())],
);

// ---------------------------------------------------------------- store settings (issue 16: /admin/settings)

/** One of the home page's marketing figures: '50k+' over 'clientes'. */
export type MarketingFigure = { value: string; label: string };

/**
 * The store's public details the admin edits at /admin/settings (server/settings/): one row
 * (id 1). Phones are stored as digits (DDD + number); an empty social URL hides its link.
 * `version` makes two admins' saves from the same form a conflict instead of a silent overwrite.
 * The about page's hero, edited in the same form, stays in site_content.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    phone: text('phone').notNull(),
    hours: text('hours').notNull(),
    contactEmail: text('contact_email').notNull(),
    whatsapp: text('whatsapp').notNull(),
    whatsappMessage: text('whatsapp_message').notNull(),
    instagramUrl: text('instagram_url').notNull().default(''),
    facebookUrl: text('facebook_url').notNull().default(''),
    youtubeUrl: text('youtube_url').notNull().default(''),
    tiktokUrl: text('tiktok_url').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    marketingFigures: jsonb('marketing_figures').$type<MarketingFigure[]>().notNull(),
    welcomeOffer: boolean('welcome_offer').notNull().default(true),
    // The seller's legal identity (Decreto 7.962/2013 art. 2, issue 32): empty until the admin fills
    // it in (the dashboard asks for it first). CNPJ stored as 14 upper-case characters; IE digits or 'ISENTO'.
    legalName: text('legal_name').notNull().default(''),
    tradeName: text('trade_name').notNull().default(''),
    cnpj: text('cnpj').notNull().default(''),
    stateRegistration: text('state_registration').notNull().default(''),
    addressStreet: text('address_street').notNull().default(''),
    addressNumber: text('address_number').notNull().default(''),
    addressComplement: text('address_complement').notNull().default(''),
    addressNeighborhood: text('address_neighborhood').notNull().default(''),
    addressCity: text('address_city').notNull().default(''),
    addressState: text('address_state').notNull().default(''),
    addressZipCode: text('address_zip_code').notNull().default(''),
    /** Days the store takes at most to answer a customer (the decree: 5), and so a return request. */
    answerDays: integer('answer_days').notNull().default(5),
    /** A company's smallest invoiced order (issue 35), shown in the cart before checkout. */
    invoicedMinimum: money('invoiced_minimum').notNull().default('300.00'),
    /** How to pay a fatura without a gateway (the merchant's bank, Pix key…), printed on it and its e-mails. */
    invoicedInstructions: text('invoiced_instructions').notNull().default(''),
    /** From this many units in the cart, any customer may ask for a quote (companies always may). */
    quoteMinQuantity: integer('quote_min_quantity').notNull().default(50),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('store_settings_single_row_check', sql`${t.id} = 1`),
    check('store_settings_phone_check', sql`${t.phone} ~ '^[0-9]{10,11}$'`),
    check('store_settings_whatsapp_check', sql`${t.whatsapp} ~ '^[0-9]{10,11}$'`),
    check('store_settings_figures_check', sql`jsonb_typeof(${t.marketingFigures}) = 'array'`),
    check('store_settings_cnpj_check', sql`${t.cnpj} ~ '^([0-9A-Z]{12}[0-9]{2})?$'`),
    check('store_settings_state_registration_check', sql`${t.stateRegistration} ~ '^([0-9]{2,14}|ISENTO)?$'`),
    check('store_settings_address_state_check', sql`${t.addressState} = '' or ${oneOf(t.addressState, BRAZILIAN_STATES)}`),
    check('store_settings_address_zip_code_check', sql`${t.addressZipCode} ~ '^([0-9]{8})?$'`),
    check('store_settings_answer_days_check', sql`${t.answerDays} between 1 and 5`),
    check('store_settings_invoiced_minimum_check', sql`${t.invoicedMinimum} >= 0`),
    check('store_settings_quote_min_quantity_check', sql`${t.quoteMinQuantity} between 1 and 99999`),
    // Links only over https (the form also checks each network's own host): never javascript: or data:.
    check(
      'store_settings_urls_check',
      sql`${t.instagramUrl} ~ '^(https://.+)?$' and ${t.facebookUrl} ~ '^(https://.+)?$' and ${t.youtubeUrl} ~ '^(https://.+)?$' and ${t.tiktokUrl} ~ '^(https://.+)?$' and ${t.linkedinUrl} ~ '^(https://.+)?$'`,
    ),
  ],
);

// ---------------------------------------------------------------- returns (issue 32)

/**
 * A return or withdrawal of an order's goods, or a plan's withdrawal (lib/returns.ts): one per order
 * while not rejected, one per plan. Its refund is made once, by its own idempotency key at the
 * gateway, and recorded here; `answerDueAt` is when the store must have answered (Configurações).
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number the customer quotes (shown on the page and in every e-mail). */
    protocol: text('protocol').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Null once the customer erased their account. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** A plan's withdrawal: the subscription it cancels. */
    subscriptionId: uuid('subscription_id').references(() => userSubscriptions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: RETURN_KINDS }).notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason'),
    /** A defect's outcome, decided by the admin (a withdrawal is always refunded). */
    resolution: text('resolution', { enum: RETURN_RESOLUTIONS }),
    /** The admin's return instructions: a reverse-post authorisation code or a pickup. */
    instructions: text('instructions'),
    rejectReason: text('reject_reason'),
    /** What is given back (never more than was paid), set when the goods are received. */
    refundAmount: money('refund_amount'),
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundReference: text('refund_reference'),
    /** The customer's Pix key for a refund by bank transfer. */
    refundPixKey: text('refund_pix_key'),
    /** A defect replaced: the new order that ships the replacement. */
    replacementOrderId: uuid('replacement_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('returns_protocol_idx').on(t.protocol),
    check('returns_kind_check', oneOf(t.kind, RETURN_KINDS)),
    check('returns_status_check', oneOf(t.status, RETURN_STATUSES)),
    check('returns_resolution_check', oneOf(t.resolution, RETURN_RESOLUTIONS)),
    check('returns_refund_status_check', oneOf(t.refundStatus, REFUND_STATUSES)),
    check('returns_refund_amount_check', sql`${t.refundAmount} >= 0`),
    check('returns_plan_check', sql`(${t.kind} = 'plan') = (${t.subscriptionId} is not null)`),
    check('returns_rejected_check', sql`${t.status} <> 'rejected' or ${t.rejectReason} is not null`),
    // One return of an order's goods at a time (a rejected one may be asked again), one plan withdrawal per plan.
    uniqueIndex('returns_order_goods_idx').on(t.orderId).where(sql`${t.kind} <> 'plan' and ${t.status} <> 'rejected'`),
    uniqueIndex('returns_plan_idx').on(t.subscriptionId).where(sql`${t.kind} = 'plan'`),
    index('returns_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('returns_user_idx').on(t.userId, t.createdAt.desc()),
    // The reconciliation job: refunds owed and not made yet.
    index('returns_refund_pending_idx').on(t.createdAt).where(sql`${t.refundStatus} = 'pending'`),
  ],
);

/** The order lines a return takes back, and whether each goes back to stock (decided on receipt). */
export const returnItems = pgTable(
  'return_items',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Null until received; how many units went back to stock. */
    restockedQuantity: integer('restocked_quantity'),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    check('return_items_quantity_check', sql`${t.quantity} > 0`),
    check('return_items_restocked_check', sql`${t.restockedQuantity} between 0 and ${t.quantity}`),
    index('return_items_order_item_idx').on(t.orderItemId),
  ],
);

/** A return's history: every step, written in the same transaction as the step; the order's timeline shows it. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: RETURN_STATUSES }),
    toStatus: text('to_status', { enum: RETURN_STATUSES }).notNull(),
    actor: text('actor', { enum: RETURN_ACTORS }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('return_events_from_status_check', oneOf(t.fromStatus, RETURN_STATUSES)),
    check('return_events_to_status_check', oneOf(t.toStatus, RETURN_STATUSES)),
    check('return_events_actor_check', oneOf(t.actor, RETURN_ACTORS)),
    index('return_events_return_idx').on(t.returnId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- freight (issue 33)

/** A way the store ships (lib/freight.ts): its own table of zones and brackets, or Melhor Envio's price when mapped. */
export const shippingServices = pgTable(
  'shipping_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    /** Hazard classes it carries (lib/product-safety); empty: ordinary goods only. */
    acceptedHazardClasses: text('accepted_hazard_classes').array().notNull().default(sql`'{}'::text[]`),
    handlingDays: integer('handling_days').notNull().default(1),
    cubicDivisor: integer('cubic_divisor').notNull().default(6000),
    /** Added percentage of the goods' value. */
    valuePercent: numeric('value_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Melhor Envio's service id (1 PAC, 2 SEDEX…): its price replaces the table's when configured. */
    melhorEnvioServiceId: integer('melhorenvio_service_id'),
    /** Added on top of Melhor Envio's price. */
    marginPercent: numeric('margin_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    active: boolean('active').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shipping_services_carrier_check', oneOf(t.carrier, CARRIERS)),
    check('shipping_services_hazard_classes_check', sql`${t.acceptedHazardClasses} <@ array[${sql.raw(HAZARD_CLASSES.map((c) => `'${c}'`).join(', '))}]::text[]`),
    check('shipping_services_numbers_check', sql`${t.handlingDays} between 0 and 60 and ${t.cubicDivisor} between 1000 and 10000 and ${t.valuePercent} between 0 and 100 and ${t.marginPercent} between 0 and 100`),
    uniqueIndex('shipping_services_melhorenvio_idx').on(t.melhorEnvioServiceId),
  ],
);

/** Where a bracket applies: whole UFs and/or CEP ranges (a range is more specific than a UF). */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    states: text('states').array().notNull().default(sql`'{}'::text[]`),
    /** [{ from: '01000000', to: '09999999' }], both ends inclusive. */
    cepRanges: jsonb('cep_ranges').$type<{ from: string; to: string }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shipping_zones_states_check', sql`${t.states} <@ array[${sql.raw(BRAZILIAN_STATES.map((c) => `'${c}'`).join(', '))}]::text[]`),
    check('shipping_zones_ranges_check', sql`jsonb_typeof(${t.cepRanges}) = 'array'`),
  ],
);

/** A service's price and deadline in a zone up to a billed weight. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => shippingServices.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    /** Null: any weight. */
    maxWeightGrams: integer('max_weight_grams'),
    price: money('price').notNull(),
    /** Business days after handling. */
    deadlineDays: integer('deadline_days').notNull(),
  },
  (t) => [
    check('shipping_rates_numbers_check', sql`${t.price} >= 0 and ${t.deadlineDays} between 0 and 90 and ${t.maxWeightGrams} > 0`),
    // One bracket per bound; NULLS NOT DISTINCT: one "any weight" bracket too.
    unique('shipping_rates_bracket_unique').on(t.serviceId, t.zoneId, t.maxWeightGrams).nullsNotDistinct(),
    index('shipping_rates_zone_idx').on(t.zoneId),
  ],
);

/** Free shipping: everywhere or in a zone, for a service or all, above a subtotal, for subscribers only or everyone. */
export const freeShippingRules = pgTable(
  'free_shipping_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    zoneId: uuid('zone_id').references(() => shippingZones.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => shippingServices.id, { onDelete: 'cascade' }),
    minSubtotal: money('min_subtotal'),
    subscribersOnly: boolean('subscribers_only').notNull().default(false),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('free_shipping_rules_min_check', sql`${t.minSubtotal} >= 0`)],
);

/**
 * A parcel of an order: the service, price and deadline quoted and promised before payment, and,
 * once bought, its Melhor Envio label and tracking. Written with the order (orders/create).
 */
export const orderParcels = pgTable(
  'order_parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: uuid('service_id').references(() => shippingServices.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    price: money('price').notNull(),
    deadlineDays: integer('deadline_days').notNull(),
    /** The date promised at checkout (São Paulo calendar). */
    promisedDate: date('promised_date').notNull(),
    weightGrams: integer('weight_grams'),
    melhorEnvioOrderId: text('melhorenvio_order_id'),
    labelStatus: text('label_status', { enum: LABEL_STATUSES }),
    labelUrl: text('label_url'),
    trackingCode: text('tracking_code'),
    trackedStatus: text('tracked_status', { enum: TRACKED_STATUSES }),
    version: integer('version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('order_parcels_price_check', sql`${t.price} >= 0 and ${t.deadlineDays} >= 0`),
    check('order_parcels_carrier_check', oneOf(t.carrier, CARRIERS)),
    check('order_parcels_label_status_check', oneOf(t.labelStatus, LABEL_STATUSES)),
    check('order_parcels_tracked_status_check', oneOf(t.trackedStatus, TRACKED_STATUSES)),
    check('order_parcels_label_check', sql`(${t.labelStatus} is null) = (${t.melhorEnvioOrderId} is null)`),
    uniqueIndex('order_parcels_position_idx').on(t.orderId, t.position),
    uniqueIndex('order_parcels_melhorenvio_idx').on(t.melhorEnvioOrderId),
    // The tracking job: labels bought and not delivered yet.
    index('order_parcels_tracking_idx').on(t.labelStatus).where(sql`${t.melhorEnvioOrderId} is not null and ${t.trackedStatus} is distinct from 'delivered'`),
  ],
);

// ---------------------------------------------------------------- NF-e (issue 34)

/**
 * The store's fiscal settings (one row, id 1): regime, series, SEFAZ environment, natureza da operação,
 * when an order's NF-e is issued, and whether invoicing is on (then shipping waits for it). The issuer's
 * name, CNPJ, IE and address are the seller's identity (store_settings). `reviewedAt` stays null until
 * the admin saves the page once ("revisar com seu contador").
 */
export const fiscalSettings = pgTable(
  'fiscal_settings',
  {
    id: integer('id').primaryKey().default(1),
    regime: text('regime', { enum: FISCAL_REGIMES }).notNull().default('simples'),
    series: integer('series').notNull().default(1),
    environment: text('environment', { enum: NFE_ENVIRONMENTS }).notNull().default('homologacao'),
    nature: text('nature').notNull().default('Venda de mercadoria'),
    issueOn: text('issue_on', { enum: NFE_ISSUE_MOMENTS }).notNull().default('preparing'),
    invoicing: boolean('invoicing').notNull().default(false),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The webhook URL registered at Focus NFe (POST /v2/hooks), so a start registers it once, again only when it changes. */
    focusHookUrl: text('focus_hook_url'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('fiscal_settings_single_row_check', sql`${t.id} = 1`),
    check('fiscal_settings_regime_check', oneOf(t.regime, FISCAL_REGIMES)),
    check('fiscal_settings_environment_check', oneOf(t.environment, NFE_ENVIRONMENTS)),
    check('fiscal_settings_issue_on_check', oneOf(t.issueOn, NFE_ISSUE_MOMENTS)),
    check('fiscal_settings_series_check', sql`${t.series} between 0 and 999`),
  ],
);

/** The taxes of a sale by destination (same UF as the store or another) and buyer: CFOP, ICMS (CSOSN or CST), PIS and COFINS. */
export const fiscalTaxRules = pgTable(
  'fiscal_tax_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    destination: text('destination', { enum: TAX_DESTINATIONS }).notNull(),
    buyer: text('buyer', { enum: TAX_BUYERS }).notNull(),
    cfop: text('cfop').notNull(),
    icmsSituation: text('icms_situation').notNull(),
    pisSituation: text('pis_situation').notNull(),
    pisRate: numeric('pis_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    cofinsSituation: text('cofins_situation').notNull(),
    cofinsRate: numeric('cofins_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fiscal_tax_rules_case_idx').on(t.destination, t.buyer),
    check('fiscal_tax_rules_destination_check', oneOf(t.destination, TAX_DESTINATIONS)),
    check('fiscal_tax_rules_buyer_check', oneOf(t.buyer, TAX_BUYERS)),
    check('fiscal_tax_rules_cfop_check', sql`${t.cfop} ~ '^[1-7][0-9]{3}$'`),
    check('fiscal_tax_rules_icms_check', sql`${t.icmsSituation} ~ '^[0-9]{2,3}$'`),
    check('fiscal_tax_rules_pis_check', sql`${t.pisSituation} ~ '^[0-9]{2}$' and ${t.cofinsSituation} ~ '^[0-9]{2}$'`),
    check('fiscal_tax_rules_rates_check', sql`${t.pisRate} between 0 and 100 and ${t.cofinsRate} between 0 and 100`),
  ],
);

/**
 * An order's NF-e (modelo 55): issued through Focus NFe under `ref` (derived from the order, so a
 * retried request never issues twice), or attached by the admin from its XML. Its XML and DANFE are
 * kept through the storage interface (private/ key space) for five years.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    ref: text('ref').notNull().unique(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('sale'),
    /** A return note's original NF-e (the key it references). */
    referencesInvoiceId: uuid('references_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    /** The withdrawal or defect return a return note takes the goods back for. */
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'restrict' }),
    source: text('source', { enum: INVOICE_SOURCES }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    number: integer('number'),
    series: integer('series'),
    accessKey: text('access_key').unique(),
    protocol: text('protocol'),
    /** SEFAZ's (or Focus NFe's) message for a rejection or denial, as given. */
    sefazMessage: text('sefaz_message'),
    xmlKey: text('xml_key'),
    danfeKey: text('danfe_key'),
    cancelXmlKey: text('cancel_xml_key'),
    totalPrice: money('total_price'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('invoices_source_check', oneOf(t.source, INVOICE_SOURCES)),
    check('invoices_kind_check', oneOf(t.kind, INVOICE_KINDS)),
    check('invoices_return_check', sql`(${t.kind} = 'sale') = (${t.referencesInvoiceId} is null)`),
    check('invoices_status_check', oneOf(t.status, INVOICE_STATUSES)),
    // 44 characters: the issuer's CNPJ in positions 7–18 may have letters (the alphanumeric CNPJ since July 2026).
    check('invoices_access_key_check', sql`${t.accessKey} ~ '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$'`),
    check('invoices_authorized_check', sql`${t.status} not in ('authorized', 'cancelled') or (${t.accessKey} is not null and ${t.authorizedAt} is not null)`),
    // One sale NF-e in force per order: a rejected or cancelled one does not count; return notes are apart.
    uniqueIndex('invoices_order_live_idx').on(t.orderId).where(sql`${t.kind} = 'sale' and ${t.status} in ('processing', 'authorized')`),
    // One return note in force per return.
    uniqueIndex('invoices_return_live_idx').on(t.returnId).where(sql`${t.kind} = 'return' and ${t.status} in ('processing', 'authorized')`),
    index('invoices_order_idx').on(t.orderId, t.createdAt.desc()),
    index('invoices_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);


// ---------------------------------------------------------------- companies (issue 35)

/**
 * A company (Pessoa Jurídica) buying through several people: one per CNPJ. Its invoiced payment
 * (boleto faturado) is asked by the owner and decided by the admin, who grants a limit and a term.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The CNPJ, 14 upper-case characters (numeric or alphanumeric). */
    taxId: text('tax_id').notNull(),
    legalName: text('legal_name').notNull(),
    tradeName: text('trade_name').notNull().default(''),
    /** Its Inscrição Estadual (digits) and NF-e indicator (1 contribuinte, 2 isento, 9 não contribuinte), as `user`. */
    stateRegistration: text('state_registration'),
    ieIndicator: integer('ie_indicator').notNull(),
    creditStatus: text('credit_status', { enum: CREDIT_STATUSES }).notNull().default('none'),
    creditLimit: money('credit_limit'),
    creditTermDays: integer('credit_term_days'),
    creditRequestedAt: timestamp('credit_requested_at', { withTimezone: true }),
    creditDecidedAt: timestamp('credit_decided_at', { withTimezone: true }),
    creditDecidedBy: text('credit_decided_by').references(() => user.id, { onDelete: 'set null' }),
    /** The admin's reason for a refusal, shown to the owner. */
    creditNote: text('credit_note'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_tax_id_idx').on(t.taxId),
    check('companies_tax_id_check', sql`${t.taxId} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check('companies_legal_name_check', sql`char_length(${t.legalName}) between 2 and 120`),
    check('companies_state_registration_check', sql`${t.stateRegistration} ~ '^[0-9]{2,14}$'`),
    check('companies_ie_indicator_check', oneOf(t.ieIndicator, IE_INDICATORS)),
    check('companies_credit_status_check', oneOf(t.creditStatus, CREDIT_STATUSES)),
    check('companies_credit_term_check', oneOf(t.creditTermDays, CREDIT_TERMS)),
    check('companies_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('companies_credit_approved_check', sql`${t.creditStatus} <> 'approved' or (${t.creditLimit} is not null and ${t.creditTermDays} is not null)`),
    index('companies_legal_name_trgm_idx').using('gin', sql`clarear_unaccent(lower(${t.legalName})) gin_trgm_ops`),
    index('companies_credit_status_idx').on(t.creditStatus, t.creditRequestedAt),
  ],
);

/** Who buys for a company: one company per person; exactly one owner per company. Removing the row removes the access at once. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex('company_members_user_idx').on(t.userId),
    uniqueIndex('company_members_one_owner_idx').on(t.companyId).where(sql`${t.role} = 'owner'`),
    check('company_members_role_check', oneOf(t.role, COMPANY_ROLES)),
  ],
);

/** An invitation to buy for a company, by e-mail: the link carries a token whose sha256 is kept; it expires. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull().default('buyer'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    // One live invitation per company and e-mail: inviting again renews it.
    uniqueIndex('company_invitations_pending_idx').on(t.companyId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('company_invitations_role_check', oneOf(t.role, COMPANY_ROLES)),
    check('company_invitations_email_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * An invoiced order's fatura (Contas a receber): one per order, due `term` days after it. Paid by a
 * gateway's or the admin's confirmation; overdue after its due date (São Paulo day), which blocks the
 * company's new invoiced orders until paid.
 */
export const receivables = pgTable(
  'receivables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** A São Paulo calendar day. */
    dueDate: date('due_date').notNull(),
    status: text('status', { enum: RECEIVABLE_STATUSES }).notNull().default('open'),
    /** The boleto (gateway's, or the merchant's instructions) as the customer pays it. */
    paymentDetails: jsonb('payment_details').$type<PaymentDetails>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The gateway's payment id, or the admin's note of the bank entry. */
    paymentReference: text('payment_reference'),
    paidBy: text('paid_by').references(() => user.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('receivables_order_idx').on(t.orderId),
    check('receivables_status_check', oneOf(t.status, RECEIVABLE_STATUSES)),
    check('receivables_amount_check', sql`${t.amount} > 0`),
    check('receivables_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    index('receivables_company_status_idx').on(t.companyId, t.status),
    index('receivables_status_due_idx').on(t.status, t.dueDate),
  ],
);

/** A quote (orçamento) asked from a cart; answered per line by the admin; accepted into one order at exactly its prices. */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The company asking, when the customer buys for one: every member sees it. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('new'),
    /** The CEP the goods go to, for the freight the admin may quote. */
    zipCode: text('zip_code'),
    freightPrice: money('freight_price'),
    /** Last São Paulo day the answer may be accepted on; null: no limit. */
    validUntil: date('valid_until'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The order an accepted quote became. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Bumped by every answer: accepting posts the version seen, so an answer edited meanwhile is refused. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quotes_status_check', oneOf(t.status, QUOTE_STATUSES)),
    check('quotes_zip_code_check', sql`${t.zipCode} ~ '^[0-9]{8}$'`),
    check('quotes_freight_check', sql`${t.freightPrice} >= 0`),
    check('quotes_answered_check', sql`${t.status} not in ('answered', 'accepted') or ${t.answeredAt} is not null`),
    uniqueIndex('quotes_order_idx').on(t.orderId),
    index('quotes_status_created_idx').on(t.status, t.createdAt.desc()),
    index('quotes_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('quotes_company_created_idx').on(t.companyId, t.createdAt.desc()),
  ],
);

/** A quote's line: a size (or a kit) and its quantity; `unit_price` is the admin's answer. */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** The cart line's id: a size's (product_variants) or a kit's (products); null once deleted. */
    lineId: uuid('line_id'),
    isKit: boolean('is_kit').notNull().default(false),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    size: text('size'),
    quantity: integer('quantity').notNull(),
    /** The price list's unit price when asked (the admin sees the difference). */
    listPrice: money('list_price').notNull(),
    unitPrice: money('unit_price'),
    position: integer('position').notNull(),
  },
  (t) => [
    check('quote_items_quantity_check', sql`${t.quantity} between 1 and 99999`),
    check('quote_items_price_check', sql`${t.listPrice} >= 0 and ${t.unitPrice} > 0`),
    uniqueIndex('quote_items_position_idx').on(t.quoteId, t.position),
  ],
);

/** A quote's thread: the customer's note and every message of either side, in order. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    author: text('author', { enum: QUOTE_AUTHORS }).notNull(),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('quote_messages_author_check', oneOf(t.author, QUOTE_AUTHORS)),
    check('quote_messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
    index('quote_messages_quote_idx').on(t.quoteId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- marketing (issue 36)

/**
 * A coupon: a code the customer types at the cart or checkout. `uses` counts the live uses (orders
 * not cancelled), kept under the coupon's row lock in the order's transaction, so a limit of 100
 * gives exactly 100 whatever the concurrency; a cancelled or expired order gives its use back once
 * (`coupon_uses.returned_at`).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case (codes are case-insensitive). */
    code: text('code').notNull(),
    description: text('description'),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** For 'percent': 1 to 100. */
    percent: integer('percent'),
    /** For 'fixed': the amount off. */
    amount: money('amount'),
    minSubtotal: money('min_subtotal').notNull().default('0'),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    /** The plan (Assinatura Inteligente) is never discounted by a coupon unless this says so. */
    includesPlan: boolean('includes_plan').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    check('coupons_code_check', sql`${t.code} ~ ${sql.raw(`'${COUPON_CODE_PATTERN}'`)}`),
    check('coupons_kind_check', oneOf(t.kind, COUPON_KINDS)),
    check(
      'coupons_value_check',
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amount} is null) or (${t.kind} = 'fixed' and ${t.amount} > 0 and ${t.percent} is null)`,
    ),
    check('coupons_min_subtotal_check', sql`${t.minSubtotal} >= 0`),
    check('coupons_validity_check', sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`),
    check('coupons_max_uses_check', sql`${t.maxUses} > 0 and ${t.maxUsesPerCustomer} > 0`),
    check('coupons_uses_check', sql`${t.uses} >= 0`),
    index('coupons_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A coupon limited to some products (and/or categories): none of either means the whole store. */
export const couponProducts = pgTable(
  'coupon_products',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] })],
);

export const couponCategories = pgTable(
  'coupon_categories',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.categoryId] })],
);

/** One use of a coupon: one per order, written in the order's transaction; given back once when the order is cancelled. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    discount: money('discount').notNull(),
    createdAt: createdAt(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_idx').on(t.orderId),
    check('coupon_uses_discount_check', sql`${t.discount} >= 0`),
    // The per-customer limit counts this customer's live uses.
    index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId).where(sql`${t.returnedAt} is null`),
  ],
);

/**
 * A signed-in customer's cart kept on the server (issue 36): the same cart on every device, merged
 * with the browser's on sign-in. `version` bumps on every change of its content; `content_changed_at`
 * is when it last changed (what "left for 1 hour" measures).
 */
export const carts = pgTable(
  'carts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The cart's lines as the browser keeps them (lib/cart CartItem[]), checked by Zod when written. */
    items: jsonb('items').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(0),
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('carts_version_check', sql`${t.version} >= 0`),
    // The reminders job: carts left since before a moment.
    index('carts_content_changed_idx').on(t.contentChangedAt),
  ],
);

/**
 * A cart reminder e-mail (issue 36): once per cart content (its version) and step (1: after 1 hour,
 * 2: after 24 hours). Its link restores the cart (sha256 of the token kept); an order placed after it
 * marks it recovered, for Relatórios.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    cartVersion: integer('cart_version').notNull(),
    /** The lines reminded (what the link restores). */
    items: jsonb('items').$type<unknown[]>().notNull(),
    subtotal: money('subtotal').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    recoveredOrderId: uuid('recovered_order_id').references(() => orders.id, { onDelete: 'set null' }),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
  },
  (t) => [
    check('cart_reminders_step_check', sql`${t.step} in (1, 2)`),
    check('cart_reminders_subtotal_check', sql`${t.subtotal} >= 0`),
    uniqueIndex('cart_reminders_once_idx').on(t.userId, t.cartVersion, t.step),
    uniqueIndex('cart_reminders_token_idx').on(t.tokenHash),
    index('cart_reminders_sent_idx').on(t.sentAt),
  ],
);

/**
 * A verified review (issue 36): by the customer of a delivered order, one per customer and product,
 * editable by its author (back to pending), shown once approved. Seeded reviews (`is_seed`) have no
 * author account. The product's `rating` and `review_count` are the mean and count of its approved
 * reviews, kept by the one writer of this table in the same transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The delivered order that makes it a "Compra verificada". */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** As shown: the author's first name and initial ("Maria S."). */
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    /** The store's public answer. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: text('moderated_by').references(() => user.id, { onDelete: 'set null' }),
    isSeed: boolean('is_seed').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', oneOf(t.status, REVIEW_STATUSES)),
    check('reviews_rejected_check', sql`${t.status} <> 'rejected' or ${t.rejectReason} is not null`),
    check('reviews_title_check', sql`char_length(${t.title}) between 1 and 120`),
    check('reviews_body_check', sql`char_length(${t.body}) between 1 and 4000`),
    uniqueIndex('reviews_user_product_idx').on(t.userId, t.productId),
    // The product page: approved, newest first (and by stars).
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** Up to 3 photos of a review, resized and re-encoded like the admin's uploads (storage/). */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The public URL (or storage key) the storage interface returned. */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('review_photos_position_check', sql`${t.position} between 1 and ${sql.raw(String(MAX_REVIEW_PHOTOS))}`),
    uniqueIndex('review_photos_position_idx').on(t.reviewId, t.position),
  ],
);

/** The "Avalie sua compra" e-mail: once per delivered order. */
export const reviewInvitations = pgTable('review_invitations', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
