// /feeds/meta.csv (issue 36): the catalogue for Meta's Commerce Manager (Facebook and Instagram
// shops), one row per size and per kit (lib/product-feed.ts). Cached like the catalogue pages, as
// /feeds/google.xml: an ETag of the bytes, a product save shows within CACHE_TTL_SECONDS.
import { metaFeedCsv } from '~/lib/product-feed';
import { loadFeedItems } from '~/server/catalog/feeds.server';
import { getDb } from '~/server/infra/db.server';
import { getEnv } from '~/server/infra/env.server';
import { withCacheHeaders } from '~/server/infra/http/cache.server';
import type { Route } from './+types/feeds.meta';

export async function loader({ request }: Route.LoaderArgs) {
  const { items } = await loadFeedItems(await getDb(), getEnv().publicUrl);
  return withCacheHeaders(request, new Response(metaFeedCsv(items), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
}
