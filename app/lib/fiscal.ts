// NF-e (modelo 55), the pure part: the chave de acesso and its check digit, GTIN/NCM/CEST checks,
// the tax rule chosen by destination and buyer, and the order → JSON that Focus NFe's API v2 takes
// on POST /v2/nfe?ref=REF (field names from their published NF-e reference, focusnfe.com.br/doc/#nfe
// and campos.focusnfe.com.br/nfe/NotaFiscalXML.html). No I/O, no clock: the caller passes the time.
// Money in integer cents everywhere; it becomes Focus's decimal numbers only in the payload.
import { isValidGtin as isGtinCode, NO_GTIN, normalizeCest, normalizeNcm } from './gtin';
import { TAX_BUYERS, TAX_DESTINATIONS, type FiscalRegime, type IeIndicator, type TaxBuyer, type TaxDestination } from './fiscal-codes';
import { centsToDecimal } from '~/lib/money';
import type { OfferedMethod } from '~/lib/payment-offer';
import type { Uf } from '~/lib/states';

// ─── Chave de acesso ─────────────────────────────────────────────────────────────────────────

/**
 * The 44th digit of a chave de acesso (MOC, "Cálculo do dígito verificador da chave de acesso"):
 * modulo 11 over the first 43 digits, weights 2..9 from the right and again from 2; a remainder of
 * 0 or 1 gives 0, any other remainder r gives 11 − r. Throws when the input is not 43 digits.
 */
export function accessKeyCheckDigit(first43: string): number {
  if (!ACCESS_KEY_BODY.test(first43)) throw new Error('A chave de acesso sem o dígito verificador deve ter 43 caracteres.');
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    // A digit counts as itself; a letter of an alphanumeric CNPJ as the CNPJ's own check digits count it (code − 48, A = 17).
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** cUF and AAMM, the issuer's CNPJ (letters allowed in its first 12 since July 2026), then digits. */
const ACCESS_KEY_BODY = /^[0-9]{6}[0-9A-Z]{12}[0-9]{25}$/;
const ACCESS_KEY = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/**
 * The 44 digits of a chave de acesso as typed or received: spaces, dots and hyphens dropped, and the
 * 'NFe' prefix of the infNFe Id (and of Focus's `chave_nfe`) taken off. Null unless 44 digits remain.
 */
export function accessKeyDigits(value: string): string | null {
  const digits = value.trim().replace(/^NFe/i, '').replace(/[\s.-]/g, '').toUpperCase();
  return ACCESS_KEY.test(digits) ? digits : null;
}

/** 44 digits (see accessKeyDigits for what is tolerated around them) whose last one is the check digit of the other 43. */
export function isValidAccessKey(value: string): boolean {
  const key = accessKeyDigits(value);
  return key !== null && accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

/** '3526 1112 3456 …' — eleven groups of four, as the DANFE prints it (an alphanumeric CNPJ's letters too). Anything else is returned as given. */
export function formatAccessKey(value: string): string {
  const key = accessKeyDigits(value);
  return key ? (key.match(/[0-9A-Z]{4}/g) ?? []).join(' ') : value;
}

/** IBGE code of each UF: the first two digits of a chave de acesso (cUF) and of a municipality code. */
export const UF_IBGE_CODES: Readonly<Record<Uf, string>> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
};

// ─── Product codes ───────────────────────────────────────────────────────────────────────────

/** What cEAN/cEANTrib carry for a product without a barcode (NT 2017.001). */
/** The NF-e's literal for goods without a GTIN; its home is lib/gtin. */
export const SEM_GTIN = NO_GTIN;

/** A GTIN-8, -12, -13 or -14 with its check digit right (lib/gtin), or exactly 'SEM GTIN'; spaces around ignored. */
export function isValidGtin(code: string): boolean {
  const value = code.trim();
  return value === NO_GTIN || isGtinCode(value);
}

/** NCM: 8 digits, with or without the dots of '6109.10.00'. */
export function isValidNcm(code: string): boolean {
  return normalizeNcm(code) !== null;
}

/** CEST: 7 digits, with or without the dots of '28.038.00'. */
export function isValidCest(code: string): boolean {
  return normalizeCest(code) !== null;
}

// ─── Tax rules ───────────────────────────────────────────────────────────────────────────────

// The vocabularies live in lib/fiscal-codes (the schema's CHECKs read them too).
export type { FiscalRegime, IeIndicator };
export type Destination = TaxDestination;
export type BuyerKind = TaxBuyer;

/**
 * One row of the store's tax table. icmsSituation is a CSOSN (3 digits, Simples Nacional) or a CST
 * (2 digits, regime normal); PIS and COFINS situations are 2-digit CSTs; rates are percentages (1.65 = 1,65 %).
 */
export type TaxRule = {
  destination: Destination;
  buyer: BuyerKind;
  cfop: string;
  icmsSituation: string;
  pisSituation: string;
  pisRate: number;
  cofinsSituation: string;
  cofinsRate: number;
};

export const DESTINATIONS: readonly Destination[] = TAX_DESTINATIONS;
export const BUYER_KINDS: readonly BuyerKind[] = TAX_BUYERS;

/**
 * A starting table for a manufacturer in the Simples Nacional (CSOSN 102, PIS/COFINS 99 at 0 %):
 * 5101 inside the state; 6101 to a contributor in another state, 6107 to a non-contributor there.
 * Written into fiscal_tax_rules at start where a case has no row (invoices/fiscal-settings); the
 * settings page marks it "revisar com seu contador" until saved once.
 */
export const DEFAULT_TAX_RULES: readonly TaxRule[] = [
  { destination: 'same_state', buyer: 'consumer', cfop: '5101', icmsSituation: '102', pisSituation: '99', pisRate: 0, cofinsSituation: '99', cofinsRate: 0 },
  { destination: 'same_state', buyer: 'contributor', cfop: '5101', icmsSituation: '102', pisSituation: '99', pisRate: 0, cofinsSituation: '99', cofinsRate: 0 },
  { destination: 'same_state', buyer: 'exempt', cfop: '5101', icmsSituation: '102', pisSituation: '99', pisRate: 0, cofinsSituation: '99', cofinsRate: 0 },
  { destination: 'other_state', buyer: 'consumer', cfop: '6107', icmsSituation: '102', pisSituation: '99', pisRate: 0, cofinsSituation: '99', cofinsRate: 0 },
  { destination: 'other_state', buyer: 'contributor', cfop: '6101', icmsSituation: '102', pisSituation: '99', pisRate: 0, cofinsSituation: '99', cofinsRate: 0 },
  { destination: 'other_state', buyer: 'exempt', cfop: '6107', icmsSituation: '102', pisSituation: '99', pisRate: 0, cofinsSituation: '99', cofinsRate: 0 },
];

/** A CPF, or a CNPJ marked não contribuinte (9), buys as a consumer; 1 is an ICMS contributor; 2 is exempt. */
export function buyerKindOf(buyer: { taxIdKind: 'cpf' | 'cnpj'; ieIndicator: IeIndicator | null }): BuyerKind {
  if (buyer.taxIdKind === 'cpf') return 'consumer';
  if (buyer.ieIndicator === 1) return 'contributor';
  if (buyer.ieIndicator === 2) return 'exempt';
  return 'consumer';
}

/** The indIEDest the NF-e carries for a buyer kind (a CPF is always 9). */
export function ieIndicatorOf(buyer: BuyerKind): IeIndicator {
  return buyer === 'contributor' ? 1 : buyer === 'exempt' ? 2 : 9;
}

export function destinationOf(storeUf: string, destinationUf: string): Destination {
  return storeUf.trim().toUpperCase() === destinationUf.trim().toUpperCase() ? 'same_state' : 'other_state';
}

/** The rule for this sale, or null when the table has none for its destination and buyer (the note cannot be issued). */
export function pickTaxRule(
  rules: readonly TaxRule[],
  sale: { storeUf: string; destinationUf: string; buyer: BuyerKind },
): TaxRule | null {
  const destination = destinationOf(sale.storeUf, sale.destinationUf);
  return rules.find((rule) => rule.destination === destination && rule.buyer === sale.buyer) ?? null;
}

// ─── Money helpers ───────────────────────────────────────────────────────────────────────────

/**
 * Splits `total` cents over parts in proportion to `weights` (largest remainder: the leftover cents go
 * to the largest fractions, the earliest on a tie), so the parts always add up to the total. With no
 * weight at all the whole total goes to the first part.
 */
export function allocateCents(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`Valor a ratear inválido: ${total}`);
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new Error('Não há itens para ratear o valor.');
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, fraction: x - Math.floor(x) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** cents × rate % rounded half up to the cent; the rate goes through 1/10000 of a point first, so 1.65 is exact. */
function percentOf(cents: number, rate: number): number {
  const rateUnits = Math.round(rate * 10_000); // 1.65 % → 16500
  return Math.round((cents * rateUnits) / 1_000_000);
}

/** Cents as the decimal number Focus takes (2 places): 1290 → 12.9, through money.ts. */
const money = (cents: number): number => Number(centsToDecimal(cents));

// ─── Order → Focus NFe JSON ──────────────────────────────────────────────────────────────────

export type FiscalEnvironment = 'homologacao' | 'producao';

/** The recipient name SEFAZ requires on every NF-e issued in homologação. */
export const HOMOLOGATION_RECIPIENT_NAME = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** modFrete: 0 by the issuer (CIF, the store ships), 1 by the recipient (FOB), 2 third party, 9 no transport (pickup). */
export type FreightMode = 0 | 1 | 2 | 9;

/** ICMS origem of the goods (0 nacional … 8), the product's fiscal field. */
export type GoodsOrigin = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export type FiscalAddress = {
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  /** IBGE municipality code (7 digits), when known. */
  cityIbgeCode?: string | null;
  uf: Uf;
  /** 8 digits. */
  zipCode: string;
};

export type FiscalIssuer = {
  /** As stored: 14 upper-case characters (numeric or alphanumeric CNPJ). */
  cnpj: string;
  /** Digits as registered (the issuer must have one to issue NF-e). */
  stateRegistration: string;
  legalName: string;
  tradeName?: string;
  phone?: string;
  address: FiscalAddress;
};

export type FiscalBuyer = {
  name: string;
  /** As stored: 11 digits (CPF) or 14 upper-case characters (CNPJ). */
  taxId: string;
  /** For a CNPJ: 1 with its IE, 2 isento, 9 não contribuinte. Ignored for a CPF (always 9). */
  ieIndicator: IeIndicator | null;
  /** Digits; sent only with indicator 1. */
  stateRegistration?: string | null;
  email?: string | null;
  phone?: string | null;
  address: FiscalAddress;
};

export type FiscalItem = {
  /** The store's code for the product or size (cProd). */
  code: string;
  description: string;
  ncm: string;
  cest?: string | null;
  /** A GTIN or 'SEM GTIN'; empty or missing is sent as 'SEM GTIN'. */
  gtin?: string | null;
  origin: GoodsOrigin;
  /** Commercial unit: UN, CX, GL… */
  unit: string;
  /** Whole units. */
  quantity: number;
  unitPriceCents: number;
};

export type FocusNfeInput = {
  issuer: FiscalIssuer;
  buyer: FiscalBuyer;
  items: readonly FiscalItem[];
  freightCents: number;
  discountCents: number;
  rule: TaxRule;
  regime: FiscalRegime;
  environment: FiscalEnvironment;
  /** ISO 8601 instant (e.g. now().toISOString()); sent in Brasília time, -03:00. */
  issuedAt: string;
  /** Natureza da operação, e.g. 'Venda de produção do estabelecimento'. */
  nature: string;
  /** Default 0: the store ships and charges the freight on the note. */
  freightMode?: FreightMode;
  /** How the order was paid (detPag); omitted → no formas_pagamento, Focus's default applies. */
  paymentMethod?: OfferedMethod | 'invoiced' | null;
  /** A company's purchase-order number (issue 35): "Pedido de compra: X" in informações adicionais de interesse do contribuinte. */
  purchaseOrder?: string | null;
};

export type FocusNfeItem = {
  numero_item: number;
  codigo_produto: string;
  descricao: string;
  codigo_ncm: string;
  cest?: string;
  codigo_barras_comercial: string;
  codigo_barras_tributavel: string;
  cfop: string;
  unidade_comercial: string;
  quantidade_comercial: number;
  valor_unitario_comercial: number;
  unidade_tributavel: string;
  quantidade_tributavel: number;
  valor_unitario_tributavel: number;
  valor_bruto: number;
  valor_frete?: number;
  valor_desconto?: number;
  inclui_no_total: 1;
  icms_origem: GoodsOrigin;
  icms_situacao_tributaria: string;
  pis_situacao_tributaria: string;
  pis_base_calculo?: number;
  pis_aliquota_porcentual?: number;
  pis_valor?: number;
  cofins_situacao_tributaria: string;
  cofins_base_calculo?: number;
  cofins_aliquota_porcentual?: number;
  cofins_valor?: number;
};

export type FocusNfePayload = {
  natureza_operacao: string;
  data_emissao: string;
  data_entrada_saida: string;
  /** 1 saída (a sale), 0 entrada (goods coming back: the return note). */
  tipo_documento: 0 | 1;
  /** 1 normal, 4 devolução. */
  finalidade_emissao: 1 | 4;
  local_destino: 1 | 2;
  consumidor_final: 0 | 1;
  presenca_comprador: 2;
  indicador_intermediario: 0;
  regime_tributario_emitente: 1 | 3;
  cnpj_emitente: string;
  nome_emitente: string;
  nome_fantasia_emitente?: string;
  inscricao_estadual_emitente: string;
  logradouro_emitente: string;
  numero_emitente: string;
  complemento_emitente?: string;
  bairro_emitente: string;
  municipio_emitente: string;
  codigo_municipio_emitente?: string;
  uf_emitente: Uf;
  cep_emitente: string;
  telefone_emitente?: string;
  nome_destinatario: string;
  cpf_destinatario?: string;
  cnpj_destinatario?: string;
  indicador_inscricao_estadual_destinatario: IeIndicator;
  inscricao_estadual_destinatario?: string;
  email_destinatario?: string;
  telefone_destinatario?: string;
  logradouro_destinatario: string;
  numero_destinatario: string;
  complemento_destinatario?: string;
  bairro_destinatario: string;
  municipio_destinatario: string;
  codigo_municipio_destinatario?: string;
  uf_destinatario: Uf;
  cep_destinatario: string;
  pais_destinatario: 'Brasil';
  modalidade_frete: FreightMode;
  valor_produtos: number;
  valor_frete: number;
  valor_desconto: number;
  valor_total: number;
  items: FocusNfeItem[];
  formas_pagamento?: { forma_pagamento: string; valor_pagamento: number }[];
  informacoes_adicionais_contribuinte?: string;
  /** A return note's original NF-e (NFref/refNFe). */
  notas_referenciadas?: { chave_nfe: string }[];
};

/** tPag: 17 Pix, 03 cartão de crédito, 15 boleto bancário (the invoiced boleto of issue 35 too). */
const PAYMENT_CODES: Readonly<Record<OfferedMethod | 'invoiced', string>> = { pix: '17', credit_card: '03', boleto: '15', invoiced: '15' };

/** PIS/COFINS CSTs whose group carries base, rate and value (PISAliq 01/02, PISOutr 49–99); 04–09 carry none. */
function carriesRate(cst: string): boolean {
  return cst === '01' || cst === '02' || (Number(cst) >= 49 && Number(cst) <= 99);
}

/** '2026-11-28T13:05:00.000Z' → '2026-11-28T10:05:00-03:00' (Brasília, no daylight saving since 2019). */
export function brasiliaDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new Error(`Data de emissão inválida: ${iso}`);
  return `${new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

const onlyDigits = (value: string) => value.replace(/\D/g, '');
const optional = <T>(value: T | null | undefined, keep: (v: T) => boolean = (v) => String(v).trim() !== '') =>
  value !== null && value !== undefined && keep(value) ? value : undefined;

/**
 * The body of POST /v2/nfe for one order (or parcel): the issuer, the recipient (its name replaced in
 * homologação), one item per line with the rule's CFOP and situations, the freight and the discount
 * split over the items in proportion to their value (so the items add up to the totals to the cent),
 * and valor_total = products + freight − discount. Throws in pt-BR on an order no note can carry.
 */
export function focusNfePayload(input: FocusNfeInput): FocusNfePayload {
  const { issuer, buyer, items, rule } = input;
  if (items.length === 0) throw new Error('A nota fiscal precisa de ao menos um item.');
  for (const item of items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0) throw new Error(`Quantidade inválida no item ${item.code}.`);
    if (!Number.isSafeInteger(item.unitPriceCents) || item.unitPriceCents < 0) throw new Error(`Preço inválido no item ${item.code}.`);
    if (!isValidNcm(item.ncm)) throw new Error(`NCM inválido no item ${item.code}: informe 8 dígitos.`);
    if (item.cest && !isValidCest(item.cest)) throw new Error(`CEST inválido no item ${item.code}: informe 7 dígitos.`);
    if (item.gtin && !isValidGtin(item.gtin)) throw new Error(`GTIN/EAN inválido no item ${item.code}.`);
  }
  const grossCents = items.map((item) => item.unitPriceCents * item.quantity);
  const productsCents = grossCents.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(input.freightCents) || input.freightCents < 0) throw new Error('Valor de frete inválido.');
  if (!Number.isSafeInteger(input.discountCents) || input.discountCents < 0) throw new Error('Valor de desconto inválido.');
  if (input.discountCents > productsCents) throw new Error('O desconto não pode ser maior que o valor dos produtos.');

  const freightParts = allocateCents(input.freightCents, grossCents);
  const discountParts = allocateCents(input.discountCents, grossCents);
  const totalCents = productsCents + input.freightCents - input.discountCents;

  const isCpf = buyer.taxId.length === 11;
  const buyerKind = buyerKindOf({ taxIdKind: isCpf ? 'cpf' : 'cnpj', ieIndicator: buyer.ieIndicator });
  const ieIndicator = ieIndicatorOf(buyerKind);
  const destination = destinationOf(issuer.address.uf, buyer.address.uf);

  const payloadItems = items.map((item, index): FocusNfeItem => {
    const gross = grossCents[index] ?? 0;
    const freight = freightParts[index] ?? 0;
    const discount = discountParts[index] ?? 0;
    // PIS/COFINS base: what the item comes to on the note (its value, its share of the freight, less its discount).
    const base = gross + freight - discount;
    const gtin = item.gtin?.trim() ? item.gtin.trim() : SEM_GTIN;
    const unit = item.unit.trim().toUpperCase();
    const unitPrice = money(item.unitPriceCents);
    const pis = carriesRate(rule.pisSituation)
      ? { pis_base_calculo: money(base), pis_aliquota_porcentual: rule.pisRate, pis_valor: money(percentOf(base, rule.pisRate)) }
      : {};
    const cofins = carriesRate(rule.cofinsSituation)
      ? { cofins_base_calculo: money(base), cofins_aliquota_porcentual: rule.cofinsRate, cofins_valor: money(percentOf(base, rule.cofinsRate)) }
      : {};
    return {
      numero_item: index + 1,
      codigo_produto: item.code,
      descricao: item.description,
      codigo_ncm: item.ncm.replace(/\./g, ''),
      ...(item.cest ? { cest: item.cest.replace(/\./g, '') } : {}),
      codigo_barras_comercial: gtin,
      codigo_barras_tributavel: gtin,
      cfop: rule.cfop,
      unidade_comercial: unit,
      quantidade_comercial: item.quantity,
      valor_unitario_comercial: unitPrice,
      unidade_tributavel: unit,
      quantidade_tributavel: item.quantity,
      valor_unitario_tributavel: unitPrice,
      valor_bruto: money(gross),
      ...(freight > 0 ? { valor_frete: money(freight) } : {}),
      ...(discount > 0 ? { valor_desconto: money(discount) } : {}),
      inclui_no_total: 1,
      icms_origem: item.origin,
      icms_situacao_tributaria: rule.icmsSituation,
      pis_situacao_tributaria: rule.pisSituation,
      ...pis,
      cofins_situacao_tributaria: rule.cofinsSituation,
      ...cofins,
    };
  });

  const issuedAt = brasiliaDateTime(input.issuedAt);
  const ia = issuer.address;
  const ba = buyer.address;
  const payload: FocusNfePayload = {
    natureza_operacao: input.nature,
    data_emissao: issuedAt,
    data_entrada_saida: issuedAt,
    tipo_documento: 1,
    finalidade_emissao: 1,
    local_destino: destination === 'same_state' ? 1 : 2,
    // A non-contributor (9) must be a final consumer (SEFAZ rejection 696); an exempt buyer is treated alike.
    consumidor_final: buyerKind === 'contributor' ? 0 : 1,
    presenca_comprador: 2,
    indicador_intermediario: 0,
    regime_tributario_emitente: input.regime === 'simples' ? 1 : 3,
    cnpj_emitente: issuer.cnpj,
    nome_emitente: issuer.legalName,
    nome_fantasia_emitente: optional(issuer.tradeName),
    inscricao_estadual_emitente: onlyDigits(issuer.stateRegistration),
    logradouro_emitente: ia.street,
    numero_emitente: ia.number,
    complemento_emitente: optional(ia.complement),
    bairro_emitente: ia.neighborhood,
    municipio_emitente: ia.city,
    codigo_municipio_emitente: optional(ia.cityIbgeCode),
    uf_emitente: ia.uf,
    cep_emitente: onlyDigits(ia.zipCode),
    telefone_emitente: optional(issuer.phone ? onlyDigits(issuer.phone) : undefined),
    nome_destinatario: input.environment === 'homologacao' ? HOMOLOGATION_RECIPIENT_NAME : buyer.name,
    ...(isCpf ? { cpf_destinatario: buyer.taxId } : { cnpj_destinatario: buyer.taxId }),
    indicador_inscricao_estadual_destinatario: ieIndicator,
    inscricao_estadual_destinatario: ieIndicator === 1 ? optional(buyer.stateRegistration ? onlyDigits(buyer.stateRegistration) : undefined) : undefined,
    email_destinatario: optional(buyer.email),
    telefone_destinatario: optional(buyer.phone ? onlyDigits(buyer.phone) : undefined),
    logradouro_destinatario: ba.street,
    numero_destinatario: ba.number,
    complemento_destinatario: optional(ba.complement),
    bairro_destinatario: ba.neighborhood,
    municipio_destinatario: ba.city,
    codigo_municipio_destinatario: optional(ba.cityIbgeCode),
    uf_destinatario: ba.uf,
    cep_destinatario: onlyDigits(ba.zipCode),
    pais_destinatario: 'Brasil',
    modalidade_frete: input.freightMode ?? 0,
    valor_produtos: money(productsCents),
    valor_frete: money(input.freightCents),
    valor_desconto: money(input.discountCents),
    valor_total: money(totalCents),
    items: payloadItems,
    ...(input.paymentMethod ? { formas_pagamento: [{ forma_pagamento: PAYMENT_CODES[input.paymentMethod], valor_pagamento: money(totalCents) }] } : {}),
    informacoes_adicionais_contribuinte: input.purchaseOrder ? `Pedido de compra: ${input.purchaseOrder}` : undefined,
  };
  // Optional fields left undefined are dropped, so the JSON (and a snapshot of it) carries only what is sent.
  for (const key of Object.keys(payload) as (keyof FocusNfePayload)[]) if (payload[key] === undefined) delete payload[key];
  return payload;
}

// ─── The return note (NF-e de entrada, finalidade devolução) ───────────────────────────────────

/** CFOP of goods the store made coming back from its customer: 1201 inside the state, 2201 from another. */
export function returnCfop(destination: Destination): string {
  return destination === 'same_state' ? '1201' : '2201';
}

export const RETURN_NATURE = 'Devolução de venda';

/**
 * The return note for goods that came back (a withdrawal, a defect): the sale's own data for the
 * returned units (their share of the sale's discount), entrada (tipo 0), finalidade 4, the
 * devolução CFOP for the sale's destination, no freight charged, referencing the sale's key.
 */
export function focusNfeReturnPayload(input: FocusNfeInput, saleAccessKey: string): FocusNfePayload {
  if (!isValidAccessKey(saleAccessKey)) throw new Error('A chave de acesso da nota de venda é inválida.');
  const destination = destinationOf(input.issuer.address.uf, input.buyer.address.uf);
  const cfop = returnCfop(destination);
  const payload = focusNfePayload({ ...input, freightCents: 0, freightMode: 9, nature: RETURN_NATURE, rule: { ...input.rule, cfop }, paymentMethod: null });
  // An entrada note carries no payment: their tPag 90 "sem pagamento".
  return {
    ...payload,
    tipo_documento: 0,
    finalidade_emissao: 4,
    notas_referenciadas: [{ chave_nfe: saleAccessKey }],
    formas_pagamento: [{ forma_pagamento: '90', valor_pagamento: 0 }],
  };
}
