// The admin product form: one schema for the page and
// its action. Decimals are typed the Brazilian way ('12,50') or with a dot.
import { z } from 'zod';
import './zod-pt-br';
import { parseDecimal } from '../decimal';
import { ANVISA_KINDS, ANVISA_NUMBER_PATTERN, HAZARD_CLASSES, RISK_CLASSES, UN_NUMBER_PATTERN, type RiskClass } from '../product-safety';
import { PACKAGE_FIELDS, type PackageField } from '../package';
import { COMMERCIAL_UNITS, FISCAL_ORIGINS } from '../fiscal-codes';
import { isValidGtin, NO_GTIN, normalizeCest, normalizeGtin, normalizeNcm } from '../gtin';
import { imageUrlSchema } from './image-url';
import { toCents } from '../money';
import { TIER_MAX_QUANTITY, TIER_MESSAGES, TIER_MIN_QUANTITY, tierProblems, type TierInput } from '../volume-price';

export const PRODUCT_LIMITS = {
  name: 120,
  description: 5000,
  longText: 3000,
  size: 40,
  variants: 20,
  kitItems: 30,
  kitQuantity: 99,
  displayOrder: 100_000,
} as const;

/** What a new product's form starts with: empty name and description, price 0, no category, not kit, not featured, pH 7. */
export const NEW_PRODUCT_DEFAULTS = {
  name: '',
  description: '',
  price: '0.00',
  basePrice: null,
  categoryId: null,
  isKit: false,
  isFeatured: false,
  phValue: '7.0',
  displayOrder: 0,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .optional()
    .transform((v) => (v ? v : null));

/** A decimal amount in reais: '12,50' → '12.50'. */
/** A typed number ('1.234.567,89', '7,5'): longer than this is not one, and is refused unread. */
const NUMBER_TEXT_MAX = 32;

function money(requiredMessage: string | null) {
  return z
    .string()
    .max(NUMBER_TEXT_MAX, { error: 'Informe um valor como 12,50 (até 2 casas decimais).', abort: true })
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? '').trim();
      if (raw === '') {
        if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage });
        return null;
      }
      const parsed = parseDecimal(raw, 2);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: 'Informe um valor como 12,50 (até 2 casas decimais).' });
        return null;
      }
      if (parsed.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: 'O valor não pode ser negativo.' });
        return null;
      }
      if (parsed.replace('.', '').length > 12) {
        ctx.addIssue({ code: 'custom', message: 'Valor alto demais.' });
        return null;
      }
      return parsed;
    });
}

/** An optional decimal within [min, max] with `scale` places (pH 0–14 by 0.1; rating 0–5). */
function boundedDecimal(scale: number, min: number, max: number, message: string) {
  return z
    .string()
    .max(NUMBER_TEXT_MAX, { error: message, abort: true })
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? '').trim();
      if (raw === '') return null;
      const parsed = parseDecimal(raw, scale);
      if (parsed === null || Number(parsed) < min || Number(parsed) > max) {
        ctx.addIssue({ code: 'custom', message });
        return null;
      }
      return parsed;
    });
}

const imageUrl = imageUrlSchema;

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

export const STOCK_MAX = 1_000_000;
export const STOCK_MESSAGE = 'Informe um número inteiro de 0 a 1.000.000, ou deixe em branco para não controlar o estoque.';

/** Units on hand; blank = not tracked. */
const stockField = z
  .string()
  .trim()
  .max(12, STOCK_MESSAGE)
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!/^\d+$/.test(v) || Number(v) > STOCK_MAX) {
      ctx.addIssue({ code: 'custom', message: STOCK_MESSAGE });
      return z.NEVER;
    }
    return Number(v);
  });

/** A package's bounds (issue 33): up to 100 kg, and 3 m a side. */
export const PACKAGE_LIMITS = { weightGrams: 100_000, cm: 300 } as const;

/** The package fields' names as a message reads them. */
const PACKAGE_NAMES: Record<PackageField, string> = { weightGrams: 'o peso', lengthCm: 'o comprimento', widthCm: 'a largura', heightCm: 'a altura' };

export const PACKAGE_MESSAGES = {
  weightGrams: 'Informe o peso em gramas: um número inteiro de 1 a 100.000.',
  lengthCm: 'Informe o comprimento em centímetros: um número inteiro de 1 a 300.',
  widthCm: 'Informe a largura em centímetros: um número inteiro de 1 a 300.',
  heightCm: 'Informe a altura em centímetros: um número inteiro de 1 a 300.',
  /** A size's package is all four fields or none. */
  missing: (field: PackageField) => `Informe ${PACKAGE_NAMES[field]} também, ou deixe peso e medidas em branco.`,
  /** A kit whose package the admin informs. */
  kitMissing: (field: PackageField) => `Informe ${PACKAGE_NAMES[field]} do pacote do kit.`,
} as const;

/**
 * A whole number above 0, typed as '1100' or the Brazilian way '1.100'; blank is not informed.
 * A value that is not one is refused with `message` (never read as a decimal: '1,5' or '1.5').
 */
function packageNumber(field: PackageField) {
  const max = field === 'weightGrams' ? PACKAGE_LIMITS.weightGrams : PACKAGE_LIMITS.cm;
  const message = PACKAGE_MESSAGES[field];
  return z
    .string()
    .max(NUMBER_TEXT_MAX, { error: message, abort: true })
    .optional()
    .transform((v, ctx) => {
      const raw = (v ?? '').trim();
      if (raw === '') return null;
      const digits = /^\d{1,3}(\.\d{3})+$/.test(raw) ? raw.replaceAll('.', '') : raw;
      if (!/^\d+$/.test(digits) || Number(digits) < 1 || Number(digits) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(digits);
    });
}

/** Weight (g), length, width and height (cm) of a package, each blank or a whole number above 0. */
const packageFields = {
  weightGrams: packageNumber('weightGrams'),
  lengthCm: packageNumber('lengthCm'),
  widthCm: packageNumber('widthCm'),
  heightCm: packageNumber('heightCm'),
};

/** The fields of a package left blank while another was typed (a refused value counts as typed). */
function blankPackageFields(pkg: Partial<Record<PackageField, unknown>> | undefined): PackageField[] {
  if (!pkg) return [];
  const blank = PACKAGE_FIELDS.filter((f) => pkg[f] === null || pkg[f] === undefined);
  return blank.length === PACKAGE_FIELDS.length ? [] : blank;
}

export const FISCAL_MESSAGES = {
  ncm: 'O NCM tem 8 algarismos (ex.: 3402.20.00).',
  ncmMissing: 'Informe o NCM junto com a origem, ou deixe os dois em branco.',
  cest: 'O CEST tem 7 algarismos (ex.: 11.001.00).',
  cestWithoutNcm: 'Informe o NCM para usar o CEST.',
  origin: 'Escolha a origem da mercadoria (0 a 8).',
  originMissing: 'Escolha a origem junto com o NCM, ou deixe os dois em branco.',
  gtin: 'O GTIN/EAN tem 8, 12, 13 ou 14 algarismos, só números.',
  gtinCheckDigit: 'O dígito verificador do GTIN/EAN não confere. Confira o código de barras.',
  gtinAndNone: 'Apague o GTIN/EAN ou desmarque “Sem GTIN”.',
  unit: 'Escolha a unidade comercial.',
} as const;

/** Origem da mercadoria: the NF-e's official names (tabela de origem, orig 0–8). */
export const FISCAL_ORIGIN_NAMES: Record<(typeof FISCAL_ORIGINS)[number], string> = {
  0: 'Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8',
  1: 'Estrangeira – importação direta, exceto a indicada no código 6',
  2: 'Estrangeira – adquirida no mercado interno, exceto a indicada no código 7',
  3: 'Nacional, com conteúdo de importação superior a 40% e inferior ou igual a 70%',
  4: 'Nacional, produzida conforme os processos produtivos básicos (PPB)',
  5: 'Nacional, com conteúdo de importação inferior ou igual a 40%',
  6: 'Estrangeira – importação direta, sem similar nacional, constante em lista da CAMEX',
  7: 'Estrangeira – adquirida no mercado interno, sem similar nacional, constante em lista da CAMEX',
  8: 'Nacional, com conteúdo de importação superior a 70%',
};

/** An NCM typed with or without dots ('3402.20.00'); blank is not informed. */
const ncmField = z
  .string()
  .max(NUMBER_TEXT_MAX, { error: FISCAL_MESSAGES.ncm, abort: true })
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return null;
    const ncm = normalizeNcm(raw);
    if (ncm === null) {
      ctx.addIssue({ code: 'custom', message: FISCAL_MESSAGES.ncm });
      return z.NEVER;
    }
    return ncm;
  });

/** A CEST typed with or without dots; blank is not informed. */
const cestField = z
  .string()
  .max(NUMBER_TEXT_MAX, { error: FISCAL_MESSAGES.cest, abort: true })
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return null;
    const cest = normalizeCest(raw);
    if (cest === null) {
      ctx.addIssue({ code: 'custom', message: FISCAL_MESSAGES.cest });
      return z.NEVER;
    }
    return cest;
  });

/** A GTIN/EAN typed with or without spaces and hyphens, its check digit verified; blank is not informed. */
const gtinField = z
  .string()
  .max(NUMBER_TEXT_MAX, { error: FISCAL_MESSAGES.gtin, abort: true })
  .optional()
  .transform((v, ctx) => {
    const raw = normalizeGtin(v ?? '');
    if (raw === '') return null;
    if (!/^(\d{8}|\d{12,14})$/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: FISCAL_MESSAGES.gtin });
      return z.NEVER;
    }
    if (!isValidGtin(raw)) {
      ctx.addIssue({ code: 'custom', message: FISCAL_MESSAGES.gtinCheckDigit });
      return z.NEVER;
    }
    return raw;
  });

/** A size's (or a kit's) GTIN, "Sem GTIN" and commercial unit. */
const gtinFields = {
  gtin: gtinField,
  /** "Sem GTIN": stored as the NF-e's literal 'SEM GTIN'. */
  noGtin: z
    .string()
    .optional()
    .transform((v) => v === 'on' || v === 'true'),
  commercialUnit: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.enum(COMMERCIAL_UNITS, { error: FISCAL_MESSAGES.unit }).nullable()),
};

/** The GTIN to store: the typed one, 'SEM GTIN' when so marked, or null (not informed). */
export function gtinToStore(p: { gtin: string | null; noGtin: boolean }): string | null {
  return p.noGtin ? NO_GTIN : p.gtin;
}

/** A size's or a kit's GTIN and "Sem GTIN" together: one or the other. */
function checkGtin(p: { gtin?: unknown; noGtin?: unknown } | undefined, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (p?.noGtin === true && typeof p.gtin === 'string') ctx.addIssue({ code: 'custom', path: [...path, 'gtin'], message: FISCAL_MESSAGES.gtinAndNone });
}

/** A tier's "a partir de N un." typed by the admin: a whole number, or null when blank or not one (tierProblems says why). */
const tierQuantity = z
  .string()
  .max(NUMBER_TEXT_MAX, { error: TIER_MESSAGES.quantity, abort: true })
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return null;
    if (!/^\d+$/.test(raw) || Number(raw) < TIER_MIN_QUANTITY || Number(raw) > TIER_MAX_QUANTITY) {
      ctx.addIssue({ code: 'custom', message: TIER_MESSAGES.quantity });
      return z.NEVER;
    }
    return Number(raw);
  });

/** Tier rows a size may post while editing (extra empty ones included); more is refused unread. */
const MAX_INDEX_ROWS = 50;

/** A size's volume price row (issue 35): from `minQuantity` units, each at `price`. */
const tierSchema = z.object({ minQuantity: tierQuantity, price: money(null) });

const variantSchema = z.object({
  id: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.uuid('Tamanho inválido.').nullable()),
  size: z.string({ error: 'Informe o tamanho.' }).trim().min(1, 'Informe o tamanho.').max(PRODUCT_LIMITS.size, `Use no máximo ${PRODUCT_LIMITS.size} caracteres.`),
  price: money('Informe o preço do tamanho.'),
  imageUrl,
  stock: stockField,
  /** The stock the form was loaded with: the save applies the admin's change to what is there now. */
  stockLoaded: stockField.catch(null),
  /** Its package for freight: all four or none (not informed). */
  ...packageFields,
  /** Its GTIN/EAN (or "Sem GTIN") and commercial unit for the NF-e (issue 34). */
  ...gtinFields,
  /** "Preços por quantidade" (issue 35): rows left wholly blank are dropped; the rest checked by lib/volume-price. */
  tiers: z
    .array(z.unknown())
    .max(MAX_INDEX_ROWS, TIER_MESSAGES.tooMany)
    .default([])
    .transform((rows) => rows.filter((r) => !isBlankTierRow(r)))
    .pipe(z.array(tierSchema)),
});


function isBlankTierRow(row: unknown): boolean {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');
  return blank(r.minQuantity) && blank(r.price);
}

/** A size's tiers against its own price and each other (lib/volume-price): at most MAX_PRICE_TIERS, ascending, cheaper each. */
function checkTiers(v: { price?: unknown; tiers?: unknown } | undefined, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (!Array.isArray(v?.tiers) || v.tiers.length === 0) return;
  const base = typeof v.price === 'string' ? toCents(v.price) : null;
  const rows: TierInput[] = v.tiers.map((t: { minQuantity?: unknown; price?: unknown } | undefined) => ({
    minQuantity: typeof t?.minQuantity === 'number' ? t.minQuantity : null,
    priceCents: typeof t?.price === 'string' ? toCents(t.price) : null,
  }));
  // A value refused by its own check comes first at its field, and the form shows the first message.
  for (const problem of tierProblems(base, rows)) {
    ctx.addIssue({ code: 'custom', path: [...path, 'tiers', problem.index, problem.field], message: problem.message });
  }
}

/** An optional choice of a select: '' is none. */
function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.enum(values, { error: message }).nullable());
}

/** An optional code typed as on a label (ANVISA number, UN number): blank is none. */
function code(pattern: string, max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, { error: message, abort: true })
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.string().regex(new RegExp(pattern), message).nullable());
}

export const SAFETY_MESSAGES = {
  anvisaKind: 'Escolha se o produto é notificado ou registrado na ANVISA.',
  anvisaNumber: 'Use o número como no rótulo: só algarismos, pontos, barras e hífens (ex.: 25351.123456/2026-01).',
  anvisaNumberMissing: 'Informe o número da notificação ou do registro na ANVISA.',
  riskClass: 'Escolha o risco 1 ou 2.',
  unNumber: 'O número ONU tem 4 algarismos (ex.: 1170).',
  unNumberMissing: 'Informe o número ONU do produto perigoso.',
  hazardClass: 'Escolha a classe de risco para o transporte.',
} as const;

/** The safety fields of the form (lib/product-safety.ts); both-or-neither pairs are checked below. */
const safetyFields = {
  anvisaKind: choice(ANVISA_KINDS, SAFETY_MESSAGES.anvisaKind),
  anvisaNumber: code(ANVISA_NUMBER_PATTERN, 30, SAFETY_MESSAGES.anvisaNumber),
  riskClass: choice(RISK_CLASSES.map(String) as ['1', '2'], SAFETY_MESSAGES.riskClass).transform((v) => (v === null ? null : (Number(v) as RiskClass))),
  safetyWarnings: text(PRODUCT_LIMITS.longText),
  firstAid: text(PRODUCT_LIMITS.longText),
  unNumber: code(UN_NUMBER_PATTERN, 4, SAFETY_MESSAGES.unNumber),
  hazardClass: choice(HAZARD_CLASSES, SAFETY_MESSAGES.hazardClass),
};

const kitItemSchema = z.object({
  productId: z.uuid('Selecione o produto incluído.'),
  quantity: z.coerce
    .number({ error: 'Informe a quantidade.' })
    .int('A quantidade deve ser um número inteiro.')
    .min(1, 'A quantidade mínima é 1.')
    .max(PRODUCT_LIMITS.kitQuantity, `A quantidade máxima é ${PRODUCT_LIMITS.kitQuantity}.`),
});

export const productFormSchema = z
  .object({
    name: z.string({ error: 'Informe o nome do produto.' }).trim().min(1, 'Informe o nome do produto.').max(PRODUCT_LIMITS.name, `Use no máximo ${PRODUCT_LIMITS.name} caracteres.`),
    description: text(PRODUCT_LIMITS.description).transform((v) => v ?? ''),
    price: money(null).transform((v) => v ?? '0.00'),
    basePrice: money('Informe o preço base.'),
    imageUrl,
    // No rating: it is the mean of the approved reviews (issue 36), kept by the reviews area.
    isKit: checkbox,
    isFeatured: checkbox,
    displayOrder: z
      .string()
      .max(NUMBER_TEXT_MAX, { error: `Use no máximo ${PRODUCT_LIMITS.displayOrder}.`, abort: true })
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(
        z
          .string()
          .regex(/^\d*$/, 'Use um número inteiro a partir de 0.')
          .transform((v) => (v === '' ? 0 : Number(v)))
          .pipe(z.number().max(PRODUCT_LIMITS.displayOrder, `Use no máximo ${PRODUCT_LIMITS.displayOrder}.`)),
      ),
    categoryId: z
      .string()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.uuid('Categoria inválida.').nullable()),
    phValue: boundedDecimal(1, 0, 14, 'O pH vai de 0 a 14, com uma casa decimal (ex.: 7,5).'),
    benefits: text(PRODUCT_LIMITS.longText),
    dilution: text(PRODUCT_LIMITS.longText),
    useIndication: text(PRODUCT_LIMITS.longText),
    howToUse: text(PRODUCT_LIMITS.longText),
    precautions: text(PRODUCT_LIMITS.longText),
    composition: text(PRODUCT_LIMITS.longText),
    activeIngredient: text(PRODUCT_LIMITS.longText),
    ...safetyFields,
    variants: z.array(variantSchema).max(PRODUCT_LIMITS.variants, `No máximo ${PRODUCT_LIMITS.variants} tamanhos.`).default([]),
    kitItems: z.array(kitItemSchema).max(PRODUCT_LIMITS.kitItems, `No máximo ${PRODUCT_LIMITS.kitItems} itens no kit.`).default([]),
    /** A kit's package typed by the admin instead of the one computed from its contents (the four fields below, all required). */
    kitPackageManual: checkbox,
    ...packageFields,
    /** The NF-e's fiscal data (issue 34): NCM and origem together, CEST with them; a kit's GTIN and unit here. */
    ncm: ncmField,
    cest: cestField,
    fiscalOrigin: choice(FISCAL_ORIGINS.map(String) as [string, ...string[]], FISCAL_MESSAGES.origin).transform((v) => (v === null ? null : Number(v))),
    ...gtinFields,
  })
  // Runs even when another field is invalid, so every message shows at once
  // (rows may then be half-parsed: read them defensively).
  .superRefine(
    (product, ctx) => {
      // ANVISA kind and number, UN number and hazard class: both or neither (the table's CHECKs too).
      // A field that failed its own check is not blamed twice.
      if (product.anvisaKind && !product.anvisaNumber) ctx.addIssue({ code: 'custom', path: ['anvisaNumber'], message: SAFETY_MESSAGES.anvisaNumberMissing });
      if (product.anvisaNumber && !product.anvisaKind) ctx.addIssue({ code: 'custom', path: ['anvisaKind'], message: SAFETY_MESSAGES.anvisaKind });
      if (product.unNumber && !product.hazardClass) ctx.addIssue({ code: 'custom', path: ['hazardClass'], message: SAFETY_MESSAGES.hazardClass });
      if (product.hazardClass && !product.unNumber) ctx.addIssue({ code: 'custom', path: ['unNumber'], message: SAFETY_MESSAGES.unNumberMissing });
      // NCM and origem: both or neither; a CEST only with them. A field that failed its own check is not blamed twice.
      const ncmTyped = product.ncm !== null;
      const originTyped = product.fiscalOrigin !== null;
      if (product.ncm === null && originTyped) ctx.addIssue({ code: 'custom', path: ['ncm'], message: FISCAL_MESSAGES.ncmMissing });
      if (ncmTyped && product.fiscalOrigin === null) ctx.addIssue({ code: 'custom', path: ['fiscalOrigin'], message: FISCAL_MESSAGES.originMissing });
      if (typeof product.cest === 'string' && product.ncm === null) ctx.addIssue({ code: 'custom', path: ['ncm'], message: FISCAL_MESSAGES.cestWithoutNcm });
      if (product.isKit) checkGtin(product, ctx, []);
      const sizes = new Set<string>();
      (product.variants ?? []).forEach((v, i) => {
        checkGtin(v, ctx, ['variants', i]);
        checkTiers(v, ctx, ['variants', i]);
        for (const field of blankPackageFields(v)) ctx.addIssue({ code: 'custom', path: ['variants', i, field], message: PACKAGE_MESSAGES.missing(field) });
        if (typeof v?.size !== 'string' || v.size === '') return;
        const key = v.size.toLocaleLowerCase('pt-BR');
        if (sizes.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'size'], message: 'Este tamanho já está na lista.' });
        sizes.add(key);
      });
      // A kit's own package: when the admin informs it, all four fields.
      if (product.isKit && product.kitPackageManual) {
        for (const field of PACKAGE_FIELDS) {
          if (product[field] === null || product[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: PACKAGE_MESSAGES.kitMissing(field) });
        }
      }
      const included = new Set<string>();
      (product.kitItems ?? []).forEach((item, i) => {
        if (typeof item?.productId !== 'string') return;
        if (included.has(item.productId)) ctx.addIssue({ code: 'custom', path: ['kitItems', i, 'productId'], message: 'Este produto já está no kit.' });
        included.add(item.productId);
      });
    },
    { when: () => true },
  );

export type ProductFormInput = z.infer<typeof productFormSchema>;

/** The id in /admin/products/:id: a product's uuid, or 'new'. */
export const productIdParamSchema = z.union([z.literal('new'), z.uuid()]);

/** The hidden `version` of the edit form (server/catalog/product-admin.server.ts `getEditableProduct`); absent on a new product. */
export const productVersionSchema = z
  .string()
  .regex(/^-?\d{1,20}$/)
  .optional()
  .catch(undefined);
