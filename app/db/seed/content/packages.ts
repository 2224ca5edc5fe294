// The seeded sizes' packages for freight (issue 33): the bottle or bag in its shipping box, by size
// as the catalogue names it. Examples a merchant replaces with the real ones in the product form.
import type { PackageData } from '~/lib/freight';

export const SEEDED_PACKAGES: Record<string, Required<{ [K in keyof PackageData]: number }>> = {
  '500 ml': { weightGrams: 560, lengthCm: 8, widthCm: 8, heightCm: 20 },
  '1 L': { weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 25 },
  '2 L': { weightGrams: 2150, lengthCm: 12, widthCm: 12, heightCm: 30 },
  '5 L': { weightGrams: 5300, lengthCm: 20, widthCm: 15, heightCm: 32 },
  '500 g': { weightGrams: 550, lengthCm: 12, widthCm: 8, heightCm: 18 },
  '1 kg': { weightGrams: 1080, lengthCm: 15, widthCm: 10, heightCm: 22 },
  '5 kg': { weightGrams: 5200, lengthCm: 30, widthCm: 20, heightCm: 25 },
};
