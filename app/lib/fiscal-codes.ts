// The NF-e's fixed vocabularies (issue 34), one home each: the schema's CHECKs, the forms' schemas
// and the fiscal rules (lib/fiscal) read them from here.

/** Regime tributário of the issuer: Simples Nacional (CSOSN) or regime normal (CST). */
export const FISCAL_REGIMES = ['simples', 'normal'] as const;
export type FiscalRegime = (typeof FISCAL_REGIMES)[number];

/** Where the goods go, against the store's UF: the CFOP's first digit (5 inside the state, 6 to another). */
export const TAX_DESTINATIONS = ['same_state', 'other_state'] as const;
export type TaxDestination = (typeof TAX_DESTINATIONS)[number];

/** Who buys: a final consumer (CPF, or a company that is not an ICMS taxpayer), an ICMS taxpayer, or an exempt one. */
export const TAX_BUYERS = ['consumer', 'contributor', 'exempt'] as const;
export type TaxBuyer = (typeof TAX_BUYERS)[number];

/** indIEDest: 1 contribuinte (with IE), 2 contribuinte isento, 9 não contribuinte. */
export const IE_INDICATORS = [1, 2, 9] as const;
export type IeIndicator = (typeof IE_INDICATORS)[number];

export const NFE_ENVIRONMENTS = ['homologacao', 'producao'] as const;
export type NfeEnvironment = (typeof NFE_ENVIRONMENTS)[number];

/** When the store issues an order's NF-e: when the admin starts separating it, or as soon as it is paid. */
export const NFE_ISSUE_MOMENTS = ['preparing', 'paid'] as const;
export type NfeIssueMoment = (typeof NFE_ISSUE_MOMENTS)[number];

/** How an order's NF-e came to be: issued through Focus NFe, or attached by the admin (issued elsewhere). */
export const INVOICE_SOURCES = ['focusnfe', 'attached'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/** A sale's NF-e (saída), or the return note (entrada, finalidade devolução) that takes goods back. */
export const INVOICE_KINDS = ['sale', 'return'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['processing', 'authorized', 'rejected', 'denied', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Origem da mercadoria (0 nacional … 8), as the NF-e's orig field. */
export const FISCAL_ORIGINS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Commercial units a cleaning-products maker sells in. */
export const COMMERCIAL_UNITS = ['UN', 'CX', 'GL', 'FR', 'PCT', 'KG', 'L', 'KIT'] as const;
export type CommercialUnit = (typeof COMMERCIAL_UNITS)[number];

export const NCM_PATTERN = '^[0-9]{8}$';
export const CEST_PATTERN = '^[0-9]{7}$';
/** GTIN-8, -12, -13 or -14, or the NF-e's literal for goods without one. */
export const GTIN_PATTERN = '^([0-9]{8}|[0-9]{12,14}|SEM GTIN)$';
