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
