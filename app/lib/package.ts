// A size's or a kit's package for freight (issue 33): whether it is informed, and a kit's package
// computed from its contents when the admin has not informed one. Pure: the admin's product form
// (in the browser) and freight (server/shipping) compute the same box from the same contents.
import type { PackageData } from './freight';

/** The package's fields, in the order the form shows them. */
export const PACKAGE_FIELDS = ['weightGrams', 'lengthCm', 'widthCm', 'heightCm'] as const;
export type PackageField = (typeof PACKAGE_FIELDS)[number];

/** Not informed: every field null. */
export const NO_PACKAGE: PackageData = Object.freeze({ weightGrams: null, lengthCm: null, widthCm: null, heightCm: null });

/** Weight and all three dimensions informed (each a number above 0): freight can weigh it. */
export function hasPackage(p: PackageData): boolean {
  return PACKAGE_FIELDS.every((field) => {
    const value = p[field];
    return typeof value === 'number' && Number.isFinite(value) && value > 0;
  });
}

/** One kind of item in a kit: its package (the included product's size) and how many come in the kit. */
export type KitContent = { pkg: PackageData; quantity: number };

/** The smallest integer n ≥ 1 with n^power × factor ≥ volume (exact in integers; no floating-point edge). */
function smallestSide(volume: number, factor: number, power: 1 | 2 | 3): number {
  const root = power === 1 ? volume / factor : power === 2 ? Math.sqrt(volume / factor) : Math.cbrt(volume / factor);
  let n = Math.max(1, Math.ceil(root));
  while (n > 1 && (n - 1) ** power * factor >= volume) n--;
  while (n ** power * factor < volume) n++;
  return n;
}

/**
 * A kit's package computed from its contents: the sum of their weights, in a box that holds the sum
 * of their volumes. The box is as close to a cube as it can be while its length still takes the
 * longest side of any content (a 32 cm bottle does not fit in a 20 cm cube); the width and height
 * then share the rest of the volume as a square, each side rounded up to the centimetre
 * (length ≥ width ≥ height). Not computable (every field null) when the kit has no contents or any
 * content lacks its weight or a dimension. Contents with a quantity below 1 count for nothing.
 */
export function kitPackage(contents: readonly KitContent[]): PackageData {
  const counted = contents.filter((c) => Number.isInteger(c.quantity) && c.quantity > 0);
  if (counted.length === 0 || counted.some((c) => !hasPackage(c.pkg))) return { ...NO_PACKAGE };
  let weight = 0;
  let volume = 0;
  let longest = 0;
  for (const { pkg, quantity } of counted) {
    const [w, l, wd, h] = [pkg.weightGrams!, pkg.lengthCm!, pkg.widthCm!, pkg.heightCm!];
    weight += w * quantity;
    volume += l * wd * h * quantity;
    longest = Math.max(longest, l, wd, h);
  }
  const length = Math.max(Math.ceil(longest), smallestSide(volume, 1, 3));
  const width = smallestSide(volume, length, 2);
  const height = smallestSide(volume, length * width, 1);
  return { weightGrams: Math.ceil(weight), lengthCm: length, widthCm: width, heightCm: height };
}

const integerBR = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** '2.200 g · 25 × 15 × 14 cm' (weight, then length × width × height); null when not informed. */
export function formatPackage(p: PackageData): string | null {
  if (!hasPackage(p)) return null;
  return `${integerBR.format(p.weightGrams!)} g · ${p.lengthCm} × ${p.widthCm} × ${p.heightCm} cm`;
}
