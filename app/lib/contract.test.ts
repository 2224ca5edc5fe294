import { describe, expect, it } from 'vitest';
import { legalVersionPath, termsAcceptanceRequired, termsProblem } from './contract';

describe('the Termos de Uso acceptance', () => {
  it('is asked on a first purchase and when the Termos changed since the last one, never otherwise', () => {
    expect(termsAcceptanceRequired(1, null)).toBe(true);
    expect(termsAcceptanceRequired(3, 2)).toBe(true);
    expect(termsAcceptanceRequired(3, 3)).toBe(false);
    // A store without Termos de Uso has nothing to accept.
    expect(termsAcceptanceRequired(null, null)).toBe(false);
  });

  it('refuses a missing tick, a tick left from before a change, and a tick of a version edited meanwhile', () => {
    expect(termsProblem(1, null, null)).toBe('missing');
    expect(termsProblem(4, 3, null)).toBe('changed');
    expect(termsProblem(4, 3, 3)).toBe('stale');
    expect(termsProblem(4, null, 3)).toBe('stale');
    expect(termsProblem(4, 3, 4)).toBeNull();
    expect(termsProblem(1, null, 1)).toBeNull();
  });

  it('accepts without a tick when the current version was accepted before, whatever the page sent', () => {
    expect(termsProblem(3, 3, null)).toBeNull();
    expect(termsProblem(3, 3, 2)).toBeNull();
    expect(termsProblem(null, null, null)).toBeNull();
  });

  it('links a past version by slug and number', () => {
    expect(legalVersionPath('termos-uso', 3)).toBe('/termos-uso/versao/3');
  });
});
