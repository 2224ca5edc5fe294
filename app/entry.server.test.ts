// The one place a database outage becomes a 503: an error React Router reports for a request
// turns that request's page (document or client-side navigation) into the pt-BR 503.
import { RouterContextProvider, type EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { handleDataRequest, handleError, inlineScriptHashes, lowPriorityModulePreloads } from './entry.server';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './lib/cache-control';
import { UNAVAILABLE_MESSAGE } from './lib/unavailable';
import { isDatabaseMarkedUnavailable, markDatabaseAvailable } from './server/infra/unavailable.server';
import { logger } from '~/server/infra/log.server';

const refused = () => new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }) });
const args = (context: RouterContextProvider) => ({ request: new Request('http://loja.test/produtos'), context, params: {} });

describe('database outage → 503', () => {
  afterEach(() => {
    markDatabaseAvailable();
    vi.restoreAllMocks();
  });

  it('a page whose loader could not reach the database is thrown as a 503 with Retry-After, and the outage is known', async () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const context = new RouterContextProvider();
    handleError(refused(), args(context));
    expect(isDatabaseMarkedUnavailable()).toBe(true);
    // One line, no stack, nothing the visitor sees.
    expect(log.mock.calls.flat().join(' ')).toContain('banco de dados indisponível: /produtos: connect ECONNREFUSED');
    const headers = new Headers();
    let thrown: unknown;
    try {
      handleRequest(new Request('http://loja.test/produtos'), 500, headers, {} as EntryContext, context);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(UNAVAILABLE_MESSAGE);
    // React Router renders the second pass with these headers.
    expect(headers.get('retry-after')).toBe('10');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('a client-side navigation gets the 503 as plain text, which the browser router shows in the ErrorBoundary', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const context = new RouterContextProvider();
    handleError(refused(), args(context));
    const response = await handleDataRequest(new Response('turbo-stream', { status: 200 }), args(context));
    expect(response.status).toBe(503);
    expect(response.headers.has('X-Remix-Response')).toBe(false);
    expect(await response.text()).toBe(UNAVAILABLE_MESSAGE);
  });

  it('any other error leaves the answer alone', async () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const context = new RouterContextProvider();
    const bug = Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' });
    handleError(bug, args(context));
    expect(isDatabaseMarkedUnavailable()).toBe(false);
    expect(log).toHaveBeenCalledWith({ err: bug }, 'falha não tratada');
    const answer = await handleDataRequest(new Response('turbo-stream', { status: 200 }), args(context));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('turbo-stream');
  });
});

describe('cache headers of client-side navigations (lib/cache-control.ts)', () => {
  const navigation = (url: string, headers: Record<string, string> = {}) => ({ request: new Request(url, { headers }), context: new RouterContextProvider(), params: {} });

  it('an anonymous catalogue page\'s data is public with an ETag, and its ETag gets a 304', async () => {
    const answer = await handleDataRequest(new Response('turbo-stream', { status: 200 }), navigation('http://loja.test/produtos.data'));
    expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await handleDataRequest(new Response('turbo-stream', { status: 200 }), navigation('http://loja.test/produtos.data', { 'if-none-match': etag }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await handleDataRequest(new Response('turbo-stream 2', { status: 200 }), navigation('http://loja.test/produtos.data', { 'if-none-match': etag }));
    expect(changed.status).toBe(200);
  });

  it('signed in, a personal page, or an answer that sets a cookie: private, no-store', async () => {
    const cases = [
      handleDataRequest(new Response('x'), navigation('http://loja.test/produtos.data', { cookie: 'clarear.session_token=abc' })),
      handleDataRequest(new Response('x'), navigation('http://loja.test/checkout.data')),
      handleDataRequest(new Response('x', { headers: { 'set-cookie': 'clarear_toast=; Max-Age=0' } }), navigation('http://loja.test/produtos.data')),
      handleDataRequest(new Response('x', { headers: { 'cache-control': 'public, max-age=60' } }), navigation('http://loja.test/area-cliente.data')),
      // A catalogue route that answered an error state with a 200 and said so.
      handleDataRequest(new Response('x', { headers: { 'cache-control': 'private, no-store' } }), navigation('http://loja.test/kits.data')),
    ];
    for (const answer of await Promise.all(cases)) {
      expect(answer.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
      expect(answer.headers.get('etag')).toBeNull();
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes every inline script (as CSP writes them) and skips external ones', () => {
    const html = '<script>a()</script><script type="module" async="">import "x"</script><script src="/assets/x.js"></script><script nonce="">a()</script>';
    // sha256("a()") and sha256('import "x"'), each once.
    expect(inlineScriptHashes(html)).toEqual(['sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=', 'sha256-NRn359Kz8db9/ND95zyCAS9z2QAJeDkX6IJWSSloAHw=']);
  });
});

describe('lowPriorityModulePreloads', () => {
  const head =
    '<head><meta charSet="utf-8"/><title>Água sanitária — Clarear</title><link rel="modulepreload" href="/assets/entry.client-A.js" nonce=""/>' +
    '<link rel="modulepreload" href="/assets/root-B.js" nonce=""/><link rel="stylesheet" href="/assets/root.css"/></head><body><p>Limpeza ção</p></body>';
  const expected = head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  it('marks every modulepreload of the page low priority and leaves the rest byte for byte', () => {
    const page = lowPriorityModulePreloads();
    const out = Buffer.concat([page.push(Buffer.from(head)), page.end()]).toString('utf8');
    expect(out).toBe(expected);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it('gives the same bytes however the stream cuts the page, through a tag or a UTF-8 character', () => {
    const bytes = Buffer.from(head);
    for (let size = 1; size <= 40; size++) {
      const page = lowPriorityModulePreloads();
      const out: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) out.push(page.push(bytes.subarray(at, at + size)));
      out.push(page.end());
      expect(Buffer.concat(out).toString('utf8'), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it('returns a page without modulepreloads unchanged; the beginning of a tag waits for the next chunk', () => {
    const page = lowPriorityModulePreloads();
    const first = page.push(Buffer.from('<p>texto</p><link rel="module'));
    expect(first.toString()).toBe('<p>texto</p>');
    expect(Buffer.concat([first, page.push(Buffer.from('x"/>')), page.end()]).toString()).toBe('<p>texto</p><link rel="modulex"/>');
  });
});
