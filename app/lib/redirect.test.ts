import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/area-cliente/pedidos?x=1', '/')).toBe('/area-cliente/pedidos?x=1');
  });
  it('refuses other sites and protocol-relative tricks', () => {
    expect(safeRedirectPath('https://evil.example', '/area-cliente')).toBe('/area-cliente');
    expect(safeRedirectPath('//evil.example', '/area-cliente')).toBe('/area-cliente');
    expect(safeRedirectPath('/\\evil.example', '/area-cliente')).toBe('/area-cliente');
    expect(safeRedirectPath(null, '/')).toBe('/');
  });
});
