import { getDb } from '~/server/infra/db.server';
import { getEnv } from '~/server/infra/env.server';
import { listSitemapEntries, sitemapXml } from '~/server/content/sitemap.server';

// /sitemap.xml (resource route): absolute URLs on the public origin, never the request's Host.
export async function loader() {
  const entries = await listSitemapEntries(await getDb());
  return new Response(sitemapXml(getEnv().publicUrl, entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
