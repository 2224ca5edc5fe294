// The widths stored for each uploaded image and the storefront's srcset for them.
// Apart from image-upload.ts so the storefront bundle carries only these few lines.

/** Widths written for each upload; an image narrower than one of these stops at its own width (never upscaled). */
export const UPLOAD_WIDTHS = [320, 640, 1200] as const;
export const MAX_UPLOAD_WIDTH = 1200;

const UPLOAD_URL = /^\/uploads\/([0-9a-f]{20})-([1-9][0-9]{0,3})\.webp$/;

/** The widths written for an image `width` pixels wide: the standard ones below it, then its own (capped) width. */
export function widthsFor(width: number): number[] {
  const largest = Math.min(Math.max(1, Math.floor(width)), MAX_UPLOAD_WIDTH);
  return [...UPLOAD_WIDTHS.filter((w) => w < largest), largest];
}

/**
 * `srcset` for one of our uploads (the URL names its largest width), or undefined for
 * any other URL (seed SVGs), so React leaves the attribute out.
 */
export function uploadSrcSet(url: string | null | undefined): string | undefined {
  const match = url ? UPLOAD_URL.exec(url) : null;
  if (!match) return undefined;
  const largest = Number(match[2]);
  if (largest > MAX_UPLOAD_WIDTH) return undefined;
  return widthsFor(largest)
    .map((w) => `/uploads/${match[1]}-${w}.webp ${w}w`)
    .join(', ');
}
