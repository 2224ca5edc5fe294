// Image uploads (admin): limits, type sniffing and the names of the stored
// files, shared by the browser (quick pre-check) and the server (which decides).
// The storefront's srcset helper lives in upload-srcset.ts, to keep its bundle small.
import { MAX_UPLOAD_WIDTH } from './upload-srcset';

export { MAX_UPLOAD_WIDTH, UPLOAD_WIDTHS, uploadSrcSet, widthsFor } from './upload-srcset';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

export const UPLOAD_MESSAGES = {
  tooBig: 'A imagem deve ter no máximo 5 MB.',
  unsupported: 'Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.',
  unreadable: 'Não foi possível ler a imagem. Envie outro arquivo.',
  missing: 'Selecione uma imagem.',
} as const;

export type ImageType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes sniffImageType needs to see. */
export const SNIFF_BYTES = 12;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  [...text].every((ch, i) => bytes[start + i] === ch.charCodeAt(0));

/** The type from the file's first bytes; its name and declared MIME type are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  return null;
}

/** The message for a file the browser can already refuse, or null to let the server decide. */
export function precheckImage(size: number, head: Uint8Array): string | null {
  if (size === 0) return UPLOAD_MESSAGES.missing;
  if (size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.tooBig;
  if (!sniffImageType(head)) return UPLOAD_MESSAGES.unsupported;
  return null;
}

/** Stored files: `<first 20 hex of the content's sha256>-<width>.webp`; nothing else is ever served. */
const FILE_NAME = /^([0-9a-f]{20})-([1-9][0-9]{0,3})\.webp$/;

export function uploadFileName(hash: string, width: number): string {
  return `${hash.slice(0, 20)}-${width}.webp`;
}

export function isUploadFileName(name: string): boolean {
  const match = FILE_NAME.exec(name);
  return !!match && Number(match[2]) <= MAX_UPLOAD_WIDTH;
}
