// Per-page <title>, description, canonical URL and OpenGraph tags (React Router meta descriptors).
import type { MetaDescriptor } from 'react-router';
import type { PublicSettings } from './store-settings';

export const SITE_NAME = 'Clarear';
export const DEFAULT_DESCRIPTION =
  'Loja online de produtos de limpeza para casa, empresas e indústrias, com kits prontos e a Assinatura Inteligente.';

type SeoInput = {
  /** Page title without the site name; omitted on the home page. */
  title?: string;
  description?: string;
  /** Path of the canonical URL, e.g. '/produtos/detergente-neutro'. */
  path: string;
  /** Public origin (root loader's `publicUrl`). */
  origin: string;
  /** Site-relative or absolute image for link previews. */
  image?: string | null;
  type?: 'website' | 'article' | 'product';
  /** JSON-LD object(s) describing the page. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).toString();
}

export function seo({ title, description = DEFAULT_DESCRIPTION, path, origin, image, type = 'website', jsonLd }: SeoInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | Produtos de limpeza para casa, empresa e indústria`;
  const url = absoluteUrl(origin, path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:type', content: type === 'product' ? 'product' : type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
  ];
  if (image) tags.push({ property: 'og:image', content: absoluteUrl(origin, image) });
  for (const item of jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : []) {
    tags.push({ 'script:ld+json': item });
  }
  return tags;
}

/** The public origin from the root loader, for meta functions. */
/** The store's public details from the root loader's data (/admin/settings), for a route's meta. */
export function rootSettings(matches: readonly unknown[]): PublicSettings | null {
  for (const match of matches) {
    const m = match as { id?: string; data?: { settings?: PublicSettings } } | undefined;
    if (m?.id === 'root' && m.data?.settings) return m.data.settings;
  }
  return null;
}

export function originFromMatches(matches: readonly unknown[]): string {
  for (const match of matches) {
    const data = (match as { id?: string; data?: { publicUrl?: string } } | undefined);
    if (data?.id === 'root' && data.data?.publicUrl) return data.data.publicUrl;
  }
  return 'http://localhost:3000';
}
