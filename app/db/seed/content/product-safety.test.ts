// The seed's safety examples: one per seeded product, each valid for the table's CHECKs, marked as fictitious,
// and the dangerous goods the issue names classified as such.
import { describe, expect, it } from 'vitest';
import { ANVISA_NUMBER_PATTERN, HAZARD_CLASSES, UN_NUMBER_PATTERN } from '../../../lib/product-safety';
import { productSafety } from './product-safety';
import { products } from './products';

describe('seeded product safety', () => {
  it('every seeded product has an entry, and every entry a seeded product', () => {
    expect(Object.keys(productSafety).sort()).toEqual(products.map((p) => p.slug).sort());
  });

  it('every entry passes the table’s checks, with clearly fictitious ANVISA numbers', () => {
    for (const [slug, s] of Object.entries(productSafety)) {
      expect(s.anvisaNumber, slug).toMatch(new RegExp(ANVISA_NUMBER_PATTERN));
      expect(s.anvisaNumber, slug).toMatch(/^25351\.9\d{5}\/2026-\d{2}$/);
      expect(s.anvisaKind, slug).toBe(s.riskClass === 2 ? 'registrado' : 'notificado');
      expect(s.safetyWarnings, slug).toContain('Antes de usar, leia as instruções do rótulo.');
      expect(s.firstAid, slug).toMatch(/Olhos:[\s\S]*Pele:[\s\S]*Ingestão:/);
      expect(s.unNumber === null, slug).toBe(s.hazardClass === null);
      if (s.unNumber) expect(s.unNumber, slug).toMatch(new RegExp(UN_NUMBER_PATTERN));
      if (s.hazardClass) expect(HAZARD_CLASSES, slug).toContain(s.hazardClass);
    }
    expect(new Set(Object.values(productSafety).map((s) => s.anvisaNumber)).size).toBe(Object.keys(productSafety).length);
  });

  it('70 % alcohol is UN 1170 class 3, sodium hypochlorite UN 1791 class 8; the rest is not a dangerous good', () => {
    expect(productSafety['alcool-70']).toMatchObject({ unNumber: '1170', hazardClass: '3' });
    expect(productSafety['hipoclorito-de-sodio-10']).toMatchObject({ unNumber: '1791', hazardClass: '8' });
    expect(productSafety['agua-sanitaria-2-5']).toMatchObject({ unNumber: '1791', hazardClass: '8' });
    const dangerous = Object.entries(productSafety).filter(([, s]) => s.unNumber).map(([slug]) => slug);
    expect(dangerous.sort()).toEqual(['agua-sanitaria-2-5', 'alcool-70', 'alcool-em-gel-70', 'hipoclorito-de-sodio-10']);
  });
});
