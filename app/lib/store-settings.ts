// The store's public details (/admin/settings) as the pages show them: phones stored as
// digits (DDD + number) become '(11) 4002-8922', 'tel:+551140028922' and
// 'https://wa.me/5511940028922'. Computed once on the server (the root loader), so no page
// ships phone-formatting code.
import { formatPhone } from '@brazilian-utils/brazilian-utils/format-phone';
import type { MarketingFigure } from '~/db/schema';
import { toPublicSeller, type PublicSeller, type SellerIdentity } from '~/lib/seller';

/** The social networks a store can link, in the footer's order; each only on its own hosts. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'tiktok', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
};

/** The hosts a network's link may point at (the network's own, with or without www/m.). */
export const SOCIAL_HOSTS: Record<SocialNetwork, readonly string[]> = {
  facebook: ['facebook.com', 'www.facebook.com', 'm.facebook.com'],
  instagram: ['instagram.com', 'www.instagram.com'],
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com'],
  tiktok: ['tiktok.com', 'www.tiktok.com'],
  linkedin: ['linkedin.com', 'www.linkedin.com'],
};

export type { MarketingFigure };

/** store_settings.quote_min_quantity's default. */
export const QUOTE_MIN_QUANTITY_DEFAULT = 50;

/** What the admin edits, as stored (phones as digits; '' hides a social link). */
export type StoreSettings = {
  phone: string;
  hours: string;
  contactEmail: string;
  whatsapp: string;
  whatsappMessage: string;
  social: Record<SocialNetwork, string>;
  figures: MarketingFigure[];
  welcomeOffer: boolean;
  /** From this many units in the cart, any customer may ask for an orçamento (issue 35). */
  quoteMinQuantity: number;
  about: { title: string; subtitle: string; description: string };
  /** The seller's legal identity (lib/seller.ts). */
  seller: SellerIdentity;
};

/** The columns of store_settings that hold the details (and the seed's values, in the same shape). */
export type StoredSettings = {
  phone: string;
  hours: string;
  contactEmail: string;
  whatsapp: string;
  whatsappMessage: string;
  instagramUrl: string;
  facebookUrl: string;
  youtubeUrl: string;
  tiktokUrl: string;
  linkedinUrl: string;
  marketingFigures: MarketingFigure[];
  welcomeOffer: boolean;
  /** Absent in the seed: the column's default. */
  quoteMinQuantity?: number;
} & SellerIdentity;

export function fromStored(row: StoredSettings, about: StoreSettings['about']): StoreSettings {
  return {
    phone: row.phone,
    hours: row.hours,
    contactEmail: row.contactEmail,
    whatsapp: row.whatsapp,
    whatsappMessage: row.whatsappMessage,
    social: { facebook: row.facebookUrl, instagram: row.instagramUrl, youtube: row.youtubeUrl, tiktok: row.tiktokUrl, linkedin: row.linkedinUrl },
    figures: row.marketingFigures,
    welcomeOffer: row.welcomeOffer,
    quoteMinQuantity: row.quoteMinQuantity ?? QUOTE_MIN_QUANTITY_DEFAULT,
    about,
    seller: {
      legalName: row.legalName,
      tradeName: row.tradeName,
      cnpj: row.cnpj,
      stateRegistration: row.stateRegistration,
      addressStreet: row.addressStreet,
      addressNumber: row.addressNumber,
      addressComplement: row.addressComplement,
      addressNeighborhood: row.addressNeighborhood,
      addressCity: row.addressCity,
      addressState: row.addressState,
      addressZipCode: row.addressZipCode,
      answerDays: row.answerDays,
    },
  };
}

/** What every page gets from the root loader: ready to render, nothing to compute. */
export type PublicSettings = {
  phone: { label: string; href: string };
  whatsapp: { label: string; href: string; chatHref: string };
  email: string;
  hours: string;
  whatsappMessage: string;
  social: { network: SocialNetwork; label: string; url: string }[];
  figures: MarketingFigure[];
  welcomeOffer: boolean;
  seller: PublicSeller;
};

/** '1140028922' → '(11) 4002-8922'; '11940028922' → '(11) 94002-8922'. */
export function formatPhoneBR(digits: string): string {
  return formatPhone(digits, { mask: 'nanp' });
}

/** 'tel:+551140028922': a Brazilian number with its country code, dialable from anywhere. */
export function telHref(digits: string): string {
  return `tel:+55${digits}`;
}

/** 'https://wa.me/5511940028922', with the default message when there is one. */
export function whatsappHref(digits: string, message = ''): string {
  const base = `https://wa.me/55${digits}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

export function toPublicSettings(s: StoreSettings): PublicSettings {
  return {
    phone: { label: formatPhoneBR(s.phone), href: telHref(s.phone) },
    whatsapp: { label: formatPhoneBR(s.whatsapp), href: whatsappHref(s.whatsapp), chatHref: whatsappHref(s.whatsapp, s.whatsappMessage) },
    email: s.contactEmail,
    hours: s.hours,
    whatsappMessage: s.whatsappMessage,
    social: SOCIAL_NETWORKS.filter((n) => s.social[n]).map((network) => ({ network, label: SOCIAL_LABELS[network], url: s.social[network] })),
    figures: s.figures,
    welcomeOffer: s.welcomeOffer,
    seller: toPublicSeller(s.seller),
  };
}
