// A saneante's safety data (issue 32): how it is regularised at ANVISA (Lei 6.360/76, RDC 59/2010),
// its risk class, and its transport classification when it is a dangerous good (ANTT Res. 5.998/2022,
// the UN list). The freight rules read the same hazard classes to keep products away from carriers
// that refuse them. No '~/' import here: drizzle-kit reads this file through app/db/schema.ts.

export const ANVISA_KINDS = ['notificado', 'registrado'] as const;
export type AnvisaKind = (typeof ANVISA_KINDS)[number];

export const RISK_CLASSES = [1, 2] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** The UN hazard classes and divisions a cleaning product can fall in, with their pt-BR names. */
export const HAZARD_CLASSES = ['2.1', '2.2', '3', '4.1', '5.1', '6.1', '8', '9'] as const;
export type HazardClass = (typeof HAZARD_CLASSES)[number];

export const HAZARD_CLASS_NAMES: Record<HazardClass, string> = {
  '2.1': 'Gás inflamável',
  '2.2': 'Gás não inflamável, não tóxico',
  '3': 'Líquido inflamável',
  '4.1': 'Sólido inflamável',
  '5.1': 'Substância oxidante',
  '6.1': 'Substância tóxica',
  '8': 'Substância corrosiva',
  '9': 'Substâncias e artigos perigosos diversos',
};

/** An ANVISA number as printed on a label: digits with dots, slashes and hyphens (5 to 30 characters). */
export const ANVISA_NUMBER_PATTERN = '^[0-9][0-9./-]{4,29}$';
/** A UN number: four digits (ONU 1170, ONU 1791). */
export const UN_NUMBER_PATTERN = '^[0-9]{4}$';

/** The safety data sheet (FDS, ABNT NBR 14725): a PDF up to this size. */
export const SDS_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------- how pages say it

const ANVISA_KIND_PHRASES: Record<AnvisaKind, string> = {
  notificado: 'Produto notificado na ANVISA',
  registrado: 'Produto registrado na ANVISA',
};

/** "Produto notificado na ANVISA nº 25351.000000/2026-00"; null when the product has no regularisation recorded. */
export function anvisaLine(kind: AnvisaKind | null | undefined, number: string | null | undefined): string | null {
  if (!kind || !number) return null;
  return `${ANVISA_KIND_PHRASES[kind]} nº ${number}`;
}

/** RDC 59/2010: risk 1 products are notified, risk 2 products (greater risk) are registered. */
export const RISK_CLASS_LABELS: Record<RiskClass, string> = {
  1: 'Risco 1 (menor risco)',
  2: 'Risco 2 (maior risco)',
};

export function isRiskClass(value: unknown): value is RiskClass {
  return RISK_CLASSES.includes(value as RiskClass);
}

export function riskClassLabel(value: number | null | undefined): string | null {
  return isRiskClass(value) ? RISK_CLASS_LABELS[value] : null;
}

export function isHazardClass(value: unknown): value is HazardClass {
  return HAZARD_CLASSES.includes(value as HazardClass);
}

/** "Classe 3 (Líquido inflamável)". */
export function hazardClassLabel(value: HazardClass): string {
  return `Classe ${value} (${HAZARD_CLASS_NAMES[value]})`;
}

/** "ONU 1170 — Classe 3 (Líquido inflamável)"; null for a product that is not a dangerous good. */
export function transportLine(unNumber: string | null | undefined, hazardClass: string | null | undefined): string | null {
  if (!unNumber || !isHazardClass(hazardClass)) return null;
  return `ONU ${unNumber} — ${hazardClassLabel(hazardClass)}`;
}

/** What the storefront shows of a product's safety (product page, modal, kit contents). */
export type ProductSafety = {
  anvisaKind: AnvisaKind | null;
  anvisaNumber: string | null;
  riskClass: number | null;
  safetyWarnings: string | null;
  firstAid: string | null;
  unNumber: string | null;
  hazardClass: HazardClass | null;
  /** Where anyone downloads the FDS (sdsUrl of its key); null when none was uploaded. */
  sdsUrl: string | null;
};

/** True when there is something to show in a "Segurança" section. */
export function hasSafetyData(s: ProductSafety): boolean {
  return Boolean(anvisaLine(s.anvisaKind, s.anvisaNumber) || riskClassLabel(s.riskClass) || s.safetyWarnings || s.firstAid || transportLine(s.unNumber, s.hazardClass) || s.sdsUrl);
}

// ---------------------------------------------------------------- the safety data sheet (FDS) file

export const SDS_LINK_LABEL = 'Ficha de Dados de Segurança (FDS, PDF)';

export const SDS_MESSAGES = {
  tooBig: `A FDS deve ter no máximo ${SDS_MAX_BYTES / (1024 * 1024)} MB.`,
  notPdf: 'O arquivo não é um PDF. Envie a FDS em PDF.',
  missing: 'Selecione o arquivo PDF da FDS.',
} as const;

/** The first bytes of every PDF file (ISO 32000: the header `%PDF-1.x`). */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];
export const PDF_SNIFF_BYTES = PDF_MAGIC.length;

/** A PDF by its content, never by its name or declared type. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/** The message for a file the browser can already refuse, or null to let the server decide. */
export function precheckSds(size: number, head: Uint8Array): string | null {
  if (size === 0) return SDS_MESSAGES.missing;
  if (size > SDS_MAX_BYTES) return SDS_MESSAGES.tooBig;
  if (!isPdf(head)) return SDS_MESSAGES.notPdf;
  return null;
}

/**
 * The stored FDS files: `public/fds/<slug>-<first 20 hex of the content's sha256>.pdf`. A new file
 * is a new name (a URL never changes meaning, so it is cached for a year); the slug names the download.
 */
const SDS_FOLDER = 'fds';
const SDS_SLUG_MAX = 80;
const SDS_FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{20})\.pdf$/;

export function sdsFileName(slug: string, hash: string): string {
  // A long slug is cut so the key stays within the storage's segment length (128).
  return `${slug.slice(0, SDS_SLUG_MAX).replace(/-+$/, '')}-${hash.slice(0, 20)}.pdf`;
}

/** The storage key of a name under /uploads/fds/, or null for a name the store never generates. */
export function sdsKeyOf(name: string): string | null {
  return SDS_FILE_NAME.test(name) ? `public/${SDS_FOLDER}/${name}` : null;
}

/** The public URL of a stored FDS key; null for no key (or one that is not an FDS). */
export function sdsUrl(key: string | null | undefined): string | null {
  const name = key?.startsWith(`public/${SDS_FOLDER}/`) ? key.slice(`public/${SDS_FOLDER}/`.length) : null;
  return name && SDS_FILE_NAME.test(name) ? `/uploads/${SDS_FOLDER}/${name}` : null;
}

/** The name the browser saves an FDS as: `fds-<slug>.pdf`, from its stored name or its URL. */
export function sdsDownloadName(nameOrUrl: string): string | null {
  const match = SDS_FILE_NAME.exec(nameOrUrl.slice(nameOrUrl.lastIndexOf('/') + 1));
  return match ? `fds-${match[1]}.pdf` : null;
}
