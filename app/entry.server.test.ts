// The one place a database outage becomes a 503: an error React Router reports for a request
// turns that request's page (document or client-side navigation) into the pt-BR 503.
import { RouterContextProvider, type EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { handleDataRequest, handleError } from './entry.server';
import { UNAVAILABLE_MESSAGE } from './lib/unavailable';
import { isDatabaseMarkedUnavailable, markDatabaseAvailable } from './server/unavailable.server';
import { logger } from '~/server/log.server';

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
    const original = new Response('turbo-stream', { status: 200 });
    expect(await handleDataRequest(original, args(context))).toBe(original);
  });
});
