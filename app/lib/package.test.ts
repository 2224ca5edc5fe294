import { describe, expect, it } from 'vitest';
import type { PackageData } from './freight';
import { formatPackage, hasPackage, kitPackage, NO_PACKAGE } from './package';

const bottle: PackageData = { weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 25 };
const cube10: PackageData = { weightGrams: 200, lengthCm: 10, widthCm: 10, heightCm: 10 };

describe('hasPackage', () => {
  it('is true only with the weight and all three dimensions above 0', () => {
    expect(hasPackage(bottle)).toBe(true);
    expect(hasPackage(NO_PACKAGE)).toBe(false);
    expect(hasPackage({ ...bottle, heightCm: null })).toBe(false);
    expect(hasPackage({ ...bottle, weightGrams: null })).toBe(false);
    expect(hasPackage({ ...bottle, widthCm: 0 })).toBe(false);
    expect(hasPackage({ ...bottle, lengthCm: -3 })).toBe(false);
    expect(hasPackage({ ...bottle, weightGrams: Number.NaN })).toBe(false);
  });
});

describe('kitPackage', () => {
  it('sums the weights and boxes the summed volume as a cube when no content is longer', () => {
    // 8 cubes of 10 cm: 8,000 cm³, a 20 cm cube.
    expect(kitPackage([{ pkg: cube10, quantity: 8 }])).toEqual({ weightGrams: 1600, lengthCm: 20, widthCm: 20, heightCm: 20 });
    // One content alone in its own size: its volume exactly.
    expect(kitPackage([{ pkg: cube10, quantity: 1 }])).toEqual(cube10);
  });

  it('rounds each side up to the centimetre so the box always holds the volume', () => {
    // 3 × 1,000 cm³ = 3,000: 14³ = 2,744 is short, 15³ = 3,375 holds it.
    expect(kitPackage([{ pkg: cube10, quantity: 3 }])).toEqual({ weightGrams: 600, lengthCm: 15, widthCm: 15, heightCm: 14 });
    for (const quantity of [1, 2, 3, 5, 7, 11, 27, 64, 99]) {
      const box = kitPackage([{ pkg: bottle, quantity }, { pkg: cube10, quantity: 2 }]);
      const volume = quantity * 2500 + 2 * 1000;
      expect(box.lengthCm! * box.widthCm! * box.heightCm!).toBeGreaterThanOrEqual(volume);
      expect(box.lengthCm).toBeGreaterThanOrEqual(box.widthCm!);
      expect(box.widthCm).toBeGreaterThanOrEqual(box.heightCm!);
      for (const side of [box.lengthCm, box.widthCm, box.heightCm]) expect(Number.isInteger(side)).toBe(true);
    }
  });

  it('keeps the length at least the longest side of any content', () => {
    // 2 bottles of 10 × 10 × 25: 5,000 cm³ would be an 18 cm cube, but a bottle is 25 cm long.
    expect(kitPackage([{ pkg: bottle, quantity: 2 }])).toEqual({ weightGrams: 2200, lengthCm: 25, widthCm: 15, heightCm: 14 });
    const tall: PackageData = { weightGrams: 5300, lengthCm: 20, widthCm: 15, heightCm: 32 };
    expect(kitPackage([{ pkg: tall, quantity: 1 }, { pkg: cube10, quantity: 1 }])).toMatchObject({ weightGrams: 5500, lengthCm: 32 });
  });

  it('adds contents of different sizes by quantity', () => {
    expect(kitPackage([{ pkg: bottle, quantity: 2 }, { pkg: cube10, quantity: 3 }])).toEqual({
      weightGrams: 2 * 1100 + 3 * 200,
      // 2 × 2,500 + 3 × 1,000 = 8,000 cm³: length 25 (the bottle), 25 × 18² = 8,100.
      lengthCm: 25,
      widthCm: 18,
      heightCm: 18,
    });
  });

  it('is not computable (all null) without contents or when any content lacks data', () => {
    expect(kitPackage([])).toEqual(NO_PACKAGE);
    expect(kitPackage([{ pkg: bottle, quantity: 2 }, { pkg: { ...cube10, heightCm: null }, quantity: 1 }])).toEqual(NO_PACKAGE);
    expect(kitPackage([{ pkg: NO_PACKAGE, quantity: 1 }])).toEqual(NO_PACKAGE);
    // A quantity below 1 counts for nothing.
    expect(kitPackage([{ pkg: bottle, quantity: 0 }])).toEqual(NO_PACKAGE);
    // The box lies its longest side as its length: the bottle's 25 cm.
    expect(kitPackage([{ pkg: bottle, quantity: 1 }, { pkg: cube10, quantity: 0 }])).toEqual({ weightGrams: 1100, lengthCm: 25, widthCm: 10, heightCm: 10 });
  });

  it('returns a fresh object each time', () => {
    const a = kitPackage([]);
    a.weightGrams = 5;
    expect(kitPackage([])).toEqual(NO_PACKAGE);
  });
});

describe('formatPackage', () => {
  it('shows the weight in pt-BR and the three sides; null when not informed', () => {
    expect(formatPackage({ weightGrams: 2200, lengthCm: 25, widthCm: 15, heightCm: 14 })).toBe('2.200 g · 25 × 15 × 14 cm');
    expect(formatPackage(cube10)).toBe('200 g · 10 × 10 × 10 cm');
    expect(formatPackage(NO_PACKAGE)).toBeNull();
  });
});
