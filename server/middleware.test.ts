import { describe, expect, it } from 'vitest';
import { parseTrustProxy, requestIdFor } from './middleware.mjs';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told, so a client cannot pick its own address', () => {
    for (const value of [undefined, '', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
  });
  it('true is one hop (the proxy in front), a number that many, anything else a list of proxies', () => {
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });
});

describe('request ids', () => {
  const req = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } });
  it('keep a trusted proxy’s id and replace a client’s', () => {
    expect(requestIdFor(req('abc-12345678'), true)).toBe('abc-12345678');
    expect(requestIdFor(req('abc-12345678'), false)).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('never echo an id that could forge a log line or a header', () => {
    for (const bad of ['x', 'a\nb{"level":60}', 'a'.repeat(500), '<script>']) expect(requestIdFor(req(bad), true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
