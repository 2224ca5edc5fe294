import { describe, expect, it } from 'vitest';
import { isCorreiosCode, normalizeTrackingCode, trackingUrl } from './tracking';

describe('tracking codes', () => {
  it('accepts a Correios code with its S10 check digit and refuses a wrong digit or format', () => {
    // 1·8+2·6+3·4+4·2+5·3+6·5+7·9+8·7 = 204; 11 − 204 mod 11 = 5.
    expect(isCorreiosCode('RA123456785BR')).toBe(true);
    expect(isCorreiosCode('RA123456789BR')).toBe(false);
    expect(isCorreiosCode('RA12345678BR')).toBe(false);
    expect(isCorreiosCode('R1123456785BR')).toBe(false);
    expect(isCorreiosCode('ra123456785br')).toBe(false);
  });

  it('uses 0 for a remainder of 10 and 5 for 11, as the S10 rule says', () => {
    // 0·8+0·6+0·4+0·2+0·3+0·5+0·9+0·7 = 0 → 11 − 0 = 11 → 5
    expect(isCorreiosCode('AA000000005BR')).toBe(true);
    // 1·8 = 8 → 11 − 8 = 3
    expect(isCorreiosCode('AA100000003BR')).toBe(true);
    // 0,0,0,0,0,0,0,1·7 = 7 → 11 − 7 = 4; 2·6 = 12 → 11 − 1 = 10 → 0
    expect(isCorreiosCode('AA020000000BR')).toBe(true);
  });

  it('normalises what the admin typed', () => {
    expect(normalizeTrackingCode(' ra 123456785 br ')).toBe('RA123456785BR');
  });

  it('links to the carrier, with the code encoded; none for a carrier without a public page', () => {
    expect(trackingUrl('correios', 'RA123456785BR')).toBe('https://rastreamento.correios.com.br/app/index.php?objetos=RA123456785BR');
    expect(trackingUrl('loggi', 'a/b?c')).toBe('https://www.loggi.com/rastreador/a%2Fb%3Fc');
    expect(trackingUrl('propria', 'X1')).toBeNull();
  });
});
