import { getEnv } from '~/server/infra/env.server';

/** Private areas crawlers have no business in; they are also guarded on the server. */
const DISALLOWED = ['/admin', '/area-cliente', '/checkout'];

// /robots.txt (resource route).
export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${getEnv().publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
