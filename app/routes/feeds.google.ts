// /feeds/google.xml (issue 36): the catalogue for Google Merchant Center, one item per size and per
// kit (lib/product-feed.ts). Cached like the catalogue pages (lib/cache-control.ts, decision 0008):
// public for anonymous fetchers, s-maxage of seconds and an ETag of the bytes, so a product save
// changes the feed (and its ETag) for every fetcher within CACHE_TTL_SECONDS, with no purge.
import { googleFeedXml } from '~/lib/product-feed';
import { loadFeedItems } from '~/server/catalog/feeds.server';
import { getDb } from '~/server/infra/db.server';
import { getEnv } from '~/server/infra/env.server';
import { withCacheHeaders } from '~/server/infra/http/cache.server';
import type { Route } from './+types/feeds.google';

export async function loader({ request }: Route.LoaderArgs) {
  const origin = getEnv().publicUrl;
  const { items, brand } = await loadFeedItems(await getDb(), origin);
  const xml = googleFeedXml({ title: brand, link: `${origin}/`, description: `Produtos de limpeza ${brand}` }, items);
  return withCacheHeaders(request, new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } }));
}
