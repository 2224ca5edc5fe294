// The NF-e (modelo 55) an admin attaches when the store has no invoicing provider (issue 34, "Without a
// provider"): its XML as SEFAZ authorised it (nfeProc: NFe/infNFe + protNFe), issued elsewhere. It is
// read with a maintained parser configured for untrusted input — at most 1 MB, no DOCTYPE, no entity
// expansion — and then checked against the order. Every refusal and problem is in pt-BR, for the admin.
// Server only: fast-xml-parser must never reach a browser bundle.
//
// Not done here: the XML's signature (XMLDSig) is not verified, so a hand-edited file is caught only by
// what the checks compare (key check digit, key against content, issuer, recipient, total).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { NfeEnvironment } from '~/lib/fiscal-codes';
import { accessKeyCheckDigit } from '~/lib/fiscal';
import { formatBRL, toCents } from '~/lib/money';
import { displayTaxId, normalizeTaxId } from '~/lib/tax-id';

/** Largest XML accepted: a real NF-e is tens of kilobytes, even with hundreds of items. */
export const NFE_XML_MAX_BYTES = 1024 * 1024;

const PORTAL_FISCAL_NS = 'http://www.portalfiscal.inf.br/nfe';

/** cStat of an authorised NF-e: 100, or 150 (authorised, out of the usual deadline). */
const AUTHORISED = new Set([100, 150]);
/** cStat of a cancelled NF-e's protocol: 101, 151 (out of deadline), 155 (homologated out of deadline). */
const CANCELLED = new Set([101, 151, 155]);
const CANCELLATION_EVENT = '110111';

export type NfeItem = {
  /** nItem, 1-based. */
  number: number;
  /** cProd. */
  code: string;
  /** xProd. */
  description: string;
  /** qCom as written in the XML (up to 4 decimals), e.g. '2.0000'. */
  quantity: string;
  /** uCom. */
  unit: string;
  /** vProd in cents. */
  totalCents: number;
};

export type NfeProtocol = {
  /** nProt (15 digits). */
  number: string;
  /** cStat: 100 autorizada, 110/301/302 denegada, 101 cancelada… */
  status: number;
  /** xMotivo, as SEFAZ wrote it. */
  reason: string;
  /** dhRecbto, ISO 8601 with its offset, as written. */
  receivedAt: string | null;
};

export type NfeDocument = {
  /** The 44-character chave de acesso (infNFe@Id without 'NFe'; equal to protNFe's chNFe when present). */
  accessKey: string;
  /** nNF. */
  number: number;
  /** serie. */
  series: number;
  model: 55;
  /** dhEmi, ISO 8601 with its offset, as written. */
  issuedAt: string;
  /** tpAmb: 1 produção, 2 homologação (no fiscal value). */
  environment: NfeEnvironment;
  /** emit: CNPJ as 14 upper-case characters (null when the issuer is a person, emit/CPF). */
  issuer: { cnpj: string | null; name: string };
  /** dest: CPF (11 digits) or CNPJ (14 upper-case characters); null for a foreigner or no dest. */
  recipient: { taxId: string | null; kind: 'cpf' | 'cnpj' | null; name: string };
  /** ICMSTot/vNF in cents. */
  totalCents: number;
  items: NfeItem[];
  /** protNFe/infProt; null for an NFe without its protocol (not an authorised XML). */
  protocol: NfeProtocol | null;
  /** The protocol says the NF-e was cancelled (cStat 101, 151 or 155). */
  cancelled: boolean;
};

/** The XML is not an NF-e the store can read; `message` is pt-BR, for the admin. */
export class NfeXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NfeXmlError';
  }
}

const refuse = (message: string): never => {
  throw new NfeXmlError(message);
};

const NOT_NFE = 'O arquivo não é o XML de uma NF-e (esperado nfeProc com NFe/infNFe e protNFe).';

// Untrusted input: no entity of any kind is expanded (a DOCTYPE is refused before parsing anyway),
// values stay strings (a CNPJ or key with leading zeros is not a number), attributes are read.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: false,
  transformTagName: (name) => name.slice(name.indexOf(':') + 1),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'det',
  maxNestedTags: 64,
});

type XmlNode = Record<string, unknown>;

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (node: XmlNode, name: string): unknown => (Object.hasOwn(node, name) ? node[name] : undefined);

/** The single child element `name`, or null; refuses a repeated one. */
function child(node: XmlNode, name: string): XmlNode | null {
  const value = own(node, name);
  if (value === undefined) return null;
  if (Array.isArray(value)) return refuse(`O XML da NF-e tem o elemento ${name} repetido.`);
  // An element with text only is a string; as a node it is empty of children.
  return isNode(value) ? value : {};
}

function requiredChild(node: XmlNode, name: string, where: string): XmlNode {
  return child(node, name) ?? refuse(`O XML da NF-e não tem o elemento ${where}/${name}.`);
}

// The five predefined XML entities and character references, decoded once (no expansion: each
// reference becomes one character). Anything else is left as written.
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeReferences(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9A-Fa-f]{1,6})|(amp|lt|gt|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return PREDEFINED[name] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of the child element `name` (decoded, trimmed), or null when absent or empty. */
function text(node: XmlNode, name: string): string | null {
  const value = own(node, name);
  if (value === undefined) return null;
  if (Array.isArray(value)) return refuse(`O XML da NF-e tem o elemento ${name} repetido.`);
  const raw = typeof value === 'string' ? value : isNode(value) && typeof value['#text'] === 'string' ? value['#text'] : '';
  const decoded = decodeReferences(raw).trim();
  return decoded === '' ? null : decoded;
}

function requiredText(node: XmlNode, name: string, where: string): string {
  return text(node, name) ?? refuse(`O XML da NF-e não tem o campo ${where}/${name}.`);
}

function attribute(node: XmlNode, name: string): string | null {
  const value = own(node, `@_${name}`);
  return typeof value === 'string' ? decodeReferences(value).trim() : null;
}

const MONEY = /^\d{1,13}(?:\.\d{1,2})?$/;
function centsOf(value: string, field: string): number {
  if (!MONEY.test(value)) return refuse(`O valor ${field} da NF-e não é um valor válido: "${value.slice(0, 40)}".`);
  return toCents(value);
}

function integerOf(value: string, field: string, maxDigits: number): number {
  if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(value)) return refuse(`O campo ${field} da NF-e não é válido: "${value.slice(0, 40)}".`);
  return Number(value);
}

// cUF(2) AAMM(4) CNPJ(14: 12 letters or digits + 2 digits) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
const ACCESS_KEY = /^\d{6}[0-9A-Z]{12}\d{26}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The text as UTF-8 (the NF-e's only encoding), refusing what is too large or not text. */
function decodeInput(xml: string | Buffer): string {
  const bytes = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.byteLength;
  if (bytes > NFE_XML_MAX_BYTES) refuse('O XML da NF-e é grande demais (máximo 1 MB).');
  let content: string;
  if (typeof xml === 'string') content = xml;
  else {
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(xml);
    } catch {
      return refuse('O XML da NF-e não está em UTF-8.');
    }
  }
  content = content.replace(/^\uFEFF/, '').trim();
  if (content === '') refuse('O arquivo está vazio: anexe o XML da NF-e.');
  return content;
}

/**
 * Reads an NF-e's XML (nfeProc with NFe/infNFe and protNFe, or a bare NFe) and returns what the store
 * keeps and checks. Throws NfeXmlError (pt-BR) for anything that is not a readable NF-e modelo 55.
 * It does not judge the note against an order: see checkNfeAgainstOrder.
 */
export function readNfeXml(xml: string | Buffer): NfeDocument {
  const content = decodeInput(xml);
  const declaredEncoding = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(content)?.[1];
  if (declaredEncoding && declaredEncoding.toUpperCase() !== 'UTF-8') refuse('O XML da NF-e deve estar em UTF-8.');
  // No DTD at all: an NF-e never has one, and entity declarations are how XML bombs and external
  // entity reads get in. Refused before the parser sees the text.
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) refuse('O XML tem uma declaração DOCTYPE ou ENTITY, que uma NF-e não tem; o arquivo foi recusado.');
  if (!content.startsWith('<')) refuse(NOT_NFE);

  const valid = XMLValidator.validate(content);
  if (valid !== true) refuse(`O XML da NF-e está malformado (linha ${valid.err.line}): corrija o arquivo ou baixe-o de novo do emissor.`);
  let parsed: unknown;
  try {
    parsed = parser.parse(content);
  } catch {
    return refuse('O XML da NF-e está malformado: corrija o arquivo ou baixe-o de novo do emissor.');
  }
  if (!isNode(parsed)) return refuse(NOT_NFE);
  const roots = Object.keys(parsed);
  if (roots.length !== 1) return refuse(NOT_NFE);
  const rootName = roots[0] as string;
  const root = child(parsed, rootName) ?? refuse(NOT_NFE);

  if (rootName === 'procEventoNFe' || rootName === 'evento') {
    const evento = rootName === 'evento' ? root : child(root, 'evento');
    const type = evento && child(evento, 'infEvento') ? text(requiredChild(evento, 'infEvento', 'evento'), 'tpEvento') : null;
    if (type === CANCELLATION_EVENT) refuse('Este XML é o do cancelamento de uma NF-e (evento 110111), não o da nota: anexe o XML da NF-e autorizada (nfeProc).');
    refuse('Este XML é um evento da NF-e, não a nota: anexe o XML da NF-e autorizada (nfeProc).');
  }

  let nfe: XmlNode;
  let protNFe: XmlNode | null;
  if (rootName === 'nfeProc') {
    nfe = child(root, 'NFe') ?? refuse(NOT_NFE);
    protNFe = child(root, 'protNFe');
  } else if (rootName === 'NFe') {
    nfe = root;
    protNFe = null;
  } else {
    return refuse(NOT_NFE);
  }
  const namespaces = [root, nfe].flatMap((node) => Object.keys(node).filter((key) => key === '@_xmlns' || key.startsWith('@_xmlns:')).map((key) => node[key]));
  if (!namespaces.includes(PORTAL_FISCAL_NS)) refuse(NOT_NFE);

  const infNFe = child(nfe, 'infNFe') ?? refuse(NOT_NFE);
  const id = attribute(infNFe, 'Id') ?? refuse('O XML da NF-e não tem a chave de acesso (atributo Id de infNFe).');
  const idMatch = /^NFe(.{44})$/.exec(id);
  const accessKey = idMatch?.[1];
  if (!accessKey || !ACCESS_KEY.test(accessKey)) return refuse('A chave de acesso da NF-e (atributo Id de infNFe) não tem 44 caracteres válidos.');

  const ide = requiredChild(infNFe, 'ide', 'infNFe');
  const model = requiredText(ide, 'mod', 'ide');
  if (model === '65') refuse('A nota é uma NFC-e (modelo 65): anexe uma NF-e modelo 55.');
  if (model !== '55') refuse(`A nota é modelo ${model.slice(0, 4)}: só a NF-e modelo 55 é aceita.`);
  const number = integerOf(requiredText(ide, 'nNF', 'ide'), 'nNF (número)', 9);
  const series = integerOf(requiredText(ide, 'serie', 'ide'), 'série', 3);
  const issuedAt = text(ide, 'dhEmi') ?? refuse('O XML da NF-e não tem a data de emissão (dhEmi).');
  if (!DATE_TIME.test(issuedAt) || Number.isNaN(new Date(issuedAt).getTime())) refuse(`A data de emissão da NF-e não é válida: "${issuedAt.slice(0, 40)}".`);
  const tpAmb = requiredText(ide, 'tpAmb', 'ide');
  if (tpAmb !== '1' && tpAmb !== '2') refuse(`O ambiente da NF-e (tpAmb ${tpAmb.slice(0, 4)}) não é válido.`);
  const environment: NfeEnvironment = tpAmb === '1' ? 'producao' : 'homologacao';

  const emit = requiredChild(infNFe, 'emit', 'infNFe');
  const emitCnpj = text(emit, 'CNPJ');
  if (emitCnpj !== null && !/^[0-9A-Za-z]{12}\d{2}$/.test(emitCnpj)) refuse('O CNPJ do emitente da NF-e não tem 14 caracteres.');
  const issuer = { cnpj: emitCnpj === null ? null : normalizeTaxId(emitCnpj), name: requiredText(emit, 'xNome', 'emit') };

  const dest = child(infNFe, 'dest');
  const recipient = readRecipient(dest);

  const total = requiredChild(infNFe, 'total', 'infNFe');
  const icmsTot = requiredChild(total, 'ICMSTot', 'total');
  const totalCents = centsOf(requiredText(icmsTot, 'vNF', 'ICMSTot'), 'total (vNF)');

  const dets = own(infNFe, 'det');
  if (!Array.isArray(dets) || dets.length === 0) return refuse('A NF-e não tem itens (det).');
  const items = dets.map((det: unknown, index): NfeItem => {
    const node = isNode(det) ? det : {};
    const prod = requiredChild(node, 'prod', 'det');
    const quantity = requiredText(prod, 'qCom', 'prod');
    if (!/^\d{1,11}(?:\.\d{1,10})?$/.test(quantity)) refuse(`A quantidade do item ${index + 1} da NF-e não é válida.`);
    const nItem = attribute(node, 'nItem');
    return {
      number: nItem && /^\d{1,3}$/.test(nItem) ? Number(nItem) : index + 1,
      code: text(prod, 'cProd') ?? '',
      description: requiredText(prod, 'xProd', 'prod'),
      quantity,
      unit: text(prod, 'uCom') ?? '',
      totalCents: centsOf(requiredText(prod, 'vProd', 'prod'), `do item ${index + 1} (vProd)`),
    };
  });

  const protocol = protNFe ? readProtocol(protNFe, accessKey) : null;
  return {
    accessKey,
    number,
    series,
    model: 55,
    issuedAt,
    environment,
    issuer,
    recipient,
    totalCents,
    items,
    protocol,
    cancelled: protocol !== null && CANCELLED.has(protocol.status),
  };
}

function readRecipient(dest: XmlNode | null): NfeDocument['recipient'] {
  if (!dest) return { taxId: null, kind: null, name: '' };
  const name = text(dest, 'xNome') ?? '';
  const cpf = text(dest, 'CPF');
  if (cpf !== null) {
    if (!/^\d{11}$/.test(cpf)) refuse('O CPF do destinatário da NF-e não tem 11 dígitos.');
    return { taxId: cpf, kind: 'cpf', name };
  }
  const cnpj = text(dest, 'CNPJ');
  if (cnpj !== null) {
    if (!/^[0-9A-Za-z]{12}\d{2}$/.test(cnpj)) refuse('O CNPJ do destinatário da NF-e não tem 14 caracteres.');
    return { taxId: normalizeTaxId(cnpj), kind: 'cnpj', name };
  }
  return { taxId: null, kind: null, name };
}

function readProtocol(protNFe: XmlNode, accessKey: string): NfeProtocol {
  const infProt = requiredChild(protNFe, 'infProt', 'protNFe');
  const chNFe = text(infProt, 'chNFe');
  if (chNFe !== null && chNFe.toUpperCase() !== accessKey) {
    refuse('A chave de acesso do protocolo (protNFe/chNFe) não é a da nota (infNFe/Id): o protocolo é de outra NF-e.');
  }
  const status = integerOf(requiredText(infProt, 'cStat', 'infProt'), 'cStat do protocolo', 3);
  const receivedAt = text(infProt, 'dhRecbto');
  return {
    number: text(infProt, 'nProt') ?? '',
    status,
    reason: text(infProt, 'xMotivo') ?? '',
    receivedAt: receivedAt && DATE_TIME.test(receivedAt) ? receivedAt : null,
  };
}

export type NfeOrderFacts = {
  /** The store's CNPJ, masked or not (the issuer must be it). */
  storeCnpj: string;
  /** The order's CPF or CNPJ, masked or not (the recipient must be it); null when the order has none. */
  buyerTaxId: string | null;
  /** The order's total in cents (vNF must be it). */
  totalCents: number;
  /** When given, the note must be from this SEFAZ environment (a homologação note has no fiscal value). */
  environment?: NfeEnvironment;
};

const label = (taxId: string) => `${taxId.length === 11 ? 'CPF' : 'CNPJ'} ${displayTaxId(taxId)}`;

/** What keeps this NF-e from being the order's invoice, in pt-BR; empty when it can be attached. */
export function checkNfeAgainstOrder(doc: NfeDocument, order: NfeOrderFacts): string[] {
  const problems: string[] = [];
  const key = doc.accessKey;
  if (accessKeyCheckDigit(key.slice(0, 43)) !== Number(key.slice(43))) {
    problems.push('A chave de acesso da nota não confere (dígito verificador).');
  } else if (
    (doc.issuer.cnpj !== null && key.slice(6, 20) !== doc.issuer.cnpj) ||
    key.slice(20, 22) !== String(doc.model) ||
    Number(key.slice(22, 25)) !== doc.series ||
    Number(key.slice(25, 34)) !== doc.number
  ) {
    problems.push('A chave de acesso não corresponde aos dados da nota (CNPJ do emitente, modelo, série ou número).');
  }

  if (!doc.protocol) problems.push('O XML não traz o protocolo de autorização da SEFAZ (protNFe): anexe o XML da nota autorizada (nfeProc).');
  else if (doc.cancelled) problems.push(`A nota foi cancelada na SEFAZ (situação ${doc.protocol.status}).`);
  else if (!AUTHORISED.has(doc.protocol.status)) {
    const reason = doc.protocol.reason ? `: ${doc.protocol.reason}` : '';
    problems.push(`A nota não está autorizada na SEFAZ (situação ${doc.protocol.status}${reason}).`);
  }

  if (order.environment && doc.environment !== order.environment) {
    problems.push(
      doc.environment === 'homologacao'
        ? 'A nota foi emitida em homologação (ambiente de testes, sem valor fiscal).'
        : 'A nota foi emitida em produção, mas a loja está em homologação.',
    );
  }

  const storeCnpj = normalizeTaxId(order.storeCnpj);
  if (doc.issuer.cnpj === null) problems.push(`A nota não foi emitida por um CNPJ; o emitente deve ser a loja (${label(storeCnpj)}).`);
  else if (doc.issuer.cnpj !== storeCnpj) problems.push(`O emitente da nota (${label(doc.issuer.cnpj)}) não é a loja (${label(storeCnpj)}).`);

  const buyer = order.buyerTaxId ? normalizeTaxId(order.buyerTaxId) : null;
  if (!buyer) problems.push('O pedido não tem CPF ou CNPJ do comprador para conferir o destinatário da nota.');
  else if (!doc.recipient.taxId) problems.push(`A nota não tem o CPF ou CNPJ do destinatário; o comprador do pedido é ${label(buyer)}.`);
  else if (doc.recipient.taxId !== buyer) problems.push(`O destinatário da nota (${label(doc.recipient.taxId)}) não é o comprador do pedido (${label(buyer)}).`);

  if (doc.totalCents !== order.totalCents) {
    problems.push(`O total da nota (${formatBRL(doc.totalCents)}) não confere com o do pedido (${formatBRL(order.totalCents)}).`);
  }
  return problems;
}

/** cStat of a registered event: 135 registrado e vinculado, 136 registrado sem vínculo, 155 cancelamento fora de prazo homologado. */
const EVENT_REGISTERED = new Set([135, 136, 155]);

export type NfeCancellation = {
  /** The cancelled NF-e's key (infEvento/chNFe). */
  accessKey: string;
  /** The event's protocol (retEvento nProt). */
  protocol: string;
  /** dhRegEvento, as written. */
  registeredAt: string | null;
};

/**
 * Reads the XML of an NF-e's cancellation as SEFAZ registered it (procEventoNFe: evento 110111 and
 * its retEvento with cStat 135, 136 or 155), the file an admin attaches after cancelling an attached
 * note in the system that issued it. Same defences as readNfeXml; every refusal in pt-BR.
 */
export function readCancellationXml(xml: string | Buffer): NfeCancellation {
  const content = decodeInput(xml);
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) refuse('O XML tem uma declaração DOCTYPE ou ENTITY, que um evento da NF-e não tem; o arquivo foi recusado.');
  const NOT_CANCELLATION = 'O arquivo não é o XML do cancelamento de uma NF-e (esperado procEventoNFe com o evento 110111).';
  if (!content.startsWith('<')) refuse(NOT_CANCELLATION);
  const valid = XMLValidator.validate(content);
  if (valid !== true) refuse(`O XML do cancelamento está malformado (linha ${valid.err.line}): baixe-o de novo do emissor.`);
  let parsed: unknown;
  try {
    parsed = parser.parse(content);
  } catch {
    return refuse('O XML do cancelamento está malformado: baixe-o de novo do emissor.');
  }
  if (!isNode(parsed) || Object.keys(parsed).length !== 1) return refuse(NOT_CANCELLATION);
  const root = child(parsed, 'procEventoNFe');
  if (!root) {
    if (child(parsed, 'nfeProc') || child(parsed, 'NFe')) refuse('Este XML é o da NF-e, não o do cancelamento: anexe o XML do evento de cancelamento (procEventoNFe).');
    return refuse(NOT_CANCELLATION);
  }
  const evento = child(root, 'evento') ?? refuse(NOT_CANCELLATION);
  const namespaces = [root, evento].flatMap((node) => Object.keys(node).filter((key) => key === '@_xmlns' || key.startsWith('@_xmlns:')).map((key) => node[key]));
  if (!namespaces.includes(PORTAL_FISCAL_NS)) refuse(NOT_CANCELLATION);
  const infEvento = requiredChild(evento, 'infEvento', 'evento');
  if (text(infEvento, 'tpEvento') !== CANCELLATION_EVENT) refuse('Este XML é de outro evento da NF-e, não do cancelamento (110111).');
  const accessKey = requiredText(infEvento, 'chNFe', 'infEvento').toUpperCase();
  if (!ACCESS_KEY.test(accessKey)) refuse('A chave de acesso do cancelamento (chNFe) não tem 44 caracteres válidos.');
  const retEvento = child(root, 'retEvento') ?? refuse('O XML não traz o registro do cancelamento pela SEFAZ (retEvento): anexe o XML do evento registrado.');
  const infRet = requiredChild(retEvento, 'infEvento', 'retEvento');
  const status = integerOf(requiredText(infRet, 'cStat', 'retEvento/infEvento'), 'cStat do evento', 3);
  if (!EVENT_REGISTERED.has(status)) {
    const reason = text(infRet, 'xMotivo');
    refuse(`A SEFAZ não registrou o cancelamento (situação ${status}${reason ? `: ${reason}` : ''}).`);
  }
  const retKey = text(infRet, 'chNFe');
  if (retKey !== null && retKey.toUpperCase() !== accessKey) refuse('O registro da SEFAZ (retEvento) é de outra NF-e.');
  const registeredAt = text(infRet, 'dhRegEvento');
  return { accessKey, protocol: text(infRet, 'nProt') ?? '', registeredAt: registeredAt && DATE_TIME.test(registeredAt) ? registeredAt : null };
}
