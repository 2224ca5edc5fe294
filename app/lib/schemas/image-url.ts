// An image the store shows: one uploaded through the admin (/uploads/…) or one
// shipped with the store (/images/…). Never an outside address: pages load no
// external URLs, and a javascript:/data: URL can't slip in.
import { z } from 'zod';
import './zod-pt-br';

export const IMAGE_URL_MAX = 500;
export const IMAGE_URL_MESSAGE = 'Envie a imagem pelo campo de upload.';

const OWN_IMAGE = /^\/(uploads|images)\/[A-Za-z0-9._\-/]+$/;

export function isOwnImageUrl(value: string): boolean {
  return OWN_IMAGE.test(value) && !value.includes('..') && !value.includes('//');
}

/** Optional: empty means no image (null). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX, 'Endereço de imagem longo demais.')
  .refine((v) => v === '' || isOwnImageUrl(v), IMAGE_URL_MESSAGE)
  .optional()
  .transform((v) => (v ? v : null));
