// The seller's legal identity (Decreto 7.962/2013 art. 2, I–II): razão social, CNPJ, address and how
// fast the store answers, shown on every page, e-mail, packing slip and order. Stored in
// store_settings (server/settings/), edited at /admin/settings; computed once into the shape pages show.
import { formatCep } from '~/lib/cep';
import { displayTaxId } from '~/lib/tax-id';

/** As stored: CNPJ as 14 upper-case characters, IE as digits or 'ISENTO', CEP as 8 digits; '' = not filled in. */
export type SellerIdentity = {
  legalName: string;
  tradeName: string;
  cnpj: string;
  stateRegistration: string;
  addressStreet: string;
  addressNumber: string;
  addressComplement: string;
  addressNeighborhood: string;
  addressCity: string;
  addressState: string;
  addressZipCode: string;
  answerDays: number;
};

/** What pages and e-mails show, ready to render. */
export type PublicSeller = {
  /** Whether every required field is filled in (until then the dashboard asks for it first). */
  complete: boolean;
  legalName: string;
  tradeName: string;
  /** '11.222.333/0001-81' */
  cnpj: string;
  /** 'IE 110.042.490.114'-style digits as stored, or 'Isento'. */
  stateRegistration: string;
  /** 'Rua Exemplo, 100, Sala 2 — Centro, São Paulo/SP, CEP 01001-000' */
  address: string;
  answerDays: number;
};

/** The fields a complete identity must have (the complement is optional). */
const REQUIRED: readonly (keyof SellerIdentity)[] = [
  'legalName',
  'cnpj',
  'stateRegistration',
  'addressStreet',
  'addressNumber',
  'addressNeighborhood',
  'addressCity',
  'addressState',
  'addressZipCode',
];

export function isSellerComplete(s: SellerIdentity): boolean {
  return REQUIRED.every((key) => String(s[key]).trim() !== '');
}

export function sellerAddress(s: SellerIdentity): string {
  if (!s.addressStreet) return '';
  const street = [s.addressStreet, s.addressNumber, s.addressComplement].filter(Boolean).join(', ');
  const place = [s.addressNeighborhood, [s.addressCity, s.addressState].filter(Boolean).join('/')].filter(Boolean).join(', ');
  const cep = s.addressZipCode ? `CEP ${formatCep(s.addressZipCode)}` : '';
  return [street, [place, cep].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
}

export function toPublicSeller(s: SellerIdentity): PublicSeller {
  return {
    complete: isSellerComplete(s),
    legalName: s.legalName,
    tradeName: s.tradeName,
    cnpj: displayTaxId(s.cnpj),
    stateRegistration: s.stateRegistration === 'ISENTO' ? 'Isento' : s.stateRegistration,
    address: sellerAddress(s),
    answerDays: s.answerDays,
  };
}

/** 'CNPJ 11.222.333/0001-81 · IE 110042490114' (or 'IE isento'); '' when neither is filled in. */
export function sellerRegistration(seller: PublicSeller): string {
  const ie = seller.stateRegistration === 'Isento' ? 'IE isento' : seller.stateRegistration ? `IE ${seller.stateRegistration}` : '';
  return [seller.cnpj ? `CNPJ ${seller.cnpj}` : '', ie].filter(Boolean).join(' · ');
}

/**
 * The seller as the footer, e-mails and the packing slip write it, one line each: the razão social
 * with CNPJ and IE, then the address. Empty parts are left out (nothing at all until it is filled in).
 */
export function sellerLines(seller: PublicSeller): string[] {
  return [[seller.legalName, sellerRegistration(seller)].filter(Boolean).join(' · '), seller.address].filter(Boolean);
}

/** 'até 1 dia', 'até 5 dias': how long the store takes at most to answer (the decree: 5 days). */
export function answerTimeLabel(days: number): string {
  return days === 1 ? 'até 1 dia' : `até ${days} dias`;
}
