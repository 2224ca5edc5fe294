import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath, sameOriginPath } from './redirect';

const STORE = 'https://loja.clarear.com.br';
/** Where a browser on the login page goes when it receives `Location: location`. */
const browserTarget = (location: string) => new URL(location, `${STORE}/login?redirectTo=x`);

describe('safeRedirectPath', () => {
  it('keeps same-site paths, with their query and fragment', () => {
    expect(safeRedirectPath('/area-cliente/pedidos?x=1#y', '/')).toBe('/area-cliente/pedidos?x=1#y');
    expect(safeRedirectPath('/checkout', '/')).toBe('/checkout');
    expect(safeRedirectPath('/produtos?q=%C3%A1gua&categoria=cozinha', '/')).toBe('/produtos?q=%C3%A1gua&categoria=cozinha');
  });

  it('accepts an absolute URL only on the store\'s own origin', () => {
    expect(safeRedirectPath(`${STORE}/area-cliente`, '/x', STORE)).toBe('/area-cliente');
    expect(safeRedirectPath('https://evil.com/area-cliente', '/x', STORE)).toBe('/x');
    expect(safeRedirectPath('http://loja.clarear.com.br/area-cliente', '/x', STORE)).toBe('/x');
    expect(safeRedirectPath('https://user:pw@loja.clarear.com.br/', '/x', STORE)).toBe('/x');
  });

  // Each of these, sent as Location by the old prefix check, took a browser to evil.com.
  const ATTACKS = [
    'https://evil.com',
    'http://evil.com/area-cliente',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\t/evil.com', // /%09/evil.com once the query string is decoded
    '/\n/evil.com',
    '/\r/evil.com',
    '/\r\n/evil.com',
    '\t//evil.com',
    ' //evil.com',
    '/\u0000/evil.com'.replace('\u0000', '\t'),
    '/./\\evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/x/..//evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https:evil.com',
    'https:/evil.com',
  ];

  it.each(ATTACKS)('refuses %j', (attack) => {
    expect(safeRedirectPath(attack, '/area-cliente')).toBe('/area-cliente');
  });

  it('refuses the issue\'s /%09/evil.com as the login page reads it (decoded from the query)', () => {
    const redirectTo = new URL(`${STORE}/login?redirectTo=/%09/evil.com`).searchParams.get('redirectTo');
    expect(redirectTo).toBe('/\t/evil.com');
    expect(safeRedirectPath(redirectTo, '/area-cliente')).toBe('/area-cliente');
    // The old check (starts with '/', not '//' nor '/\') let it through, and a browser then left the store:
    expect(browserTarget(redirectTo!).host).toBe('evil.com');
  });

  it('keeps still-encoded forms as harmless same-site paths (a browser never decodes them into a host)', () => {
    for (const encoded of ['/%09/evil.com', '/%5Cevil.com', '/%2F%2Fevil.com', '/%2f/evil.com', '/%0d%0a/evil.com']) {
      const out = safeRedirectPath(encoded, '/area-cliente');
      expect(out, encoded).toBe(encoded);
      expect(browserTarget(out).origin, encoded).toBe(STORE);
    }
  });

  it('returns a normalised path: no tab, newline or backslash reaches the Location header', () => {
    expect(safeRedirectPath('/area-\tcliente', '/')).toBe('/area-cliente');
    expect(safeRedirectPath('/area-cliente\\pedidos', '/')).toBe('/area-cliente/pedidos');
    expect(safeRedirectPath('/a b', '/')).toBe('/a%20b');
    expect(safeRedirectPath('/área', '/')).toBe('/%C3%A1rea');
  });

  it('refuses what is not a usable string', () => {
    expect(safeRedirectPath(null, '/')).toBe('/');
    expect(safeRedirectPath(undefined, '/')).toBe('/');
    expect(safeRedirectPath('', '/')).toBe('/');
    expect(safeRedirectPath(['/area-cliente'], '/')).toBe('/');
    expect(safeRedirectPath(`/${'a'.repeat(5000)}`, '/')).toBe('/');
    expect(sameOriginPath('/x', 'not an origin')).toBeNull();
  });

  it('whatever it is given, a browser following the answer stays on the store (property)', () => {
    const pieces = fc.constantFrom('/', '\\', '//', '\t', '\n', '\r', ' ', '.', '..', '%09', '%2F', '%5C', ':', '@', 'evil.com', 'https:', 'javascript:', '?', '#', 'a');
    const hostile = fc.oneof(fc.string(), fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')), fc.webUrl());
    fc.assert(
      fc.property(hostile, (value) => {
        const out = safeRedirectPath(value, '/area-cliente');
        expect(out.startsWith('/')).toBe(true);
        expect(browserTarget(out).origin).toBe(STORE);
        expect(out).not.toMatch(/[\t\r\n]/);
        expect(out.split(/[?#]/)[0]).not.toContain('\\');
      }),
      { numRuns: 2000 },
    );
  });
});
