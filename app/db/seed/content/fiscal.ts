// The seeded products' fiscal data for the NF-e (issue 34): a plausible NCM by kind of product, origem
// 0 (nacional: Clarear makes them), 'SEM GTIN' and the unit each size (or kit) is sold in.
// EXAMPLES TO REVIEW WITH THE ACCOUNTANT before invoicing: the merchant confirms each NCM (and any
// CEST) and types the real GTIN/EAN of the barcodes in the product form.
import type { CommercialUnit } from '~/lib/fiscal-codes';
import { NO_GTIN } from '~/lib/gtin';

/** Detergents, soaps, multiuso, limpa-vidros and anything not named below: preparações tensoativas. */
export const DEFAULT_SEEDED_NCM = '34022000';

/** NCM by product slug, where it is not the default (example classification). */
const NCM_BY_SLUG: Record<string, string> = {
  // Desinfetantes e sanitizantes (3808.94.19).
  'desinfetante-lavanda': '38089419',
  'desinfetante-pinho': '38089419',
  'sanitizante-para-hortifruti': '38089419',
  'quaternario-de-amonio': '38089419',
  'gel-sanitario-ativo': '38089419',
  'tira-mofo': '38089419',
  // Água sanitária e hipoclorito de sódio (2828.90.11).
  'agua-sanitaria-2-5': '28289011',
  'hipoclorito-de-sodio-10': '28289011',
  // Álcool 70% (2208.90.00).
  'alcool-70': '22089000',
  'alcool-em-gel-70': '22089000',
  // Ceras e lustra-móveis (3405.30.00).
  'cera-liquida-acrilica': '34053000',
  'lustra-moveis': '34053000',
  // Saponáceos (3405.40.00).
  'saponaceo-cremoso': '34054000',
  // Amaciantes (3809.91.90).
  'amaciante-concentrado': '38099190',
};

/** Origem 0: nacional. */
export const SEEDED_FISCAL_ORIGIN = 0;

/** A seeded product's NCM and origem (examples to review with the accountant). */
export function seededProductFiscal(slug: string): { ncm: string; fiscalOrigin: number } {
  return { ncm: NCM_BY_SLUG[slug] ?? DEFAULT_SEEDED_NCM, fiscalOrigin: SEEDED_FISCAL_ORIGIN };
}

/** A seeded size's (or kit's) GTIN and unit: no barcode yet, sold by the unit (a kit as 'KIT'). */
export function seededUnitFiscal(isKit: boolean): { gtin: string; commercialUnit: CommercialUnit } {
  return { gtin: NO_GTIN, commercialUnit: isKit ? 'KIT' : 'UN' };
}
