// Admin image uploads (issue 6): read the posted file within a size limit, trust
// only its content (magic bytes, then a full decode by sharp), and store resized
// WebP copies in the file storage's public space (storage/: UPLOAD_DIR on the disk,
// `public/` in a bucket) named by a hash of the content, so a URL never changes
// meaning and can be cached for a year.
import { createHash } from 'node:crypto';
import {
  MAX_IMAGE_BYTES,
  SNIFF_BYTES,
  UPLOAD_MESSAGES,
  isUploadFileName,
  sniffImageType,
  uploadFileName,
  widthsFor,
  type ImageType,
} from '~/lib/image-upload';
import { BodyError, parseFormBytes, readBytes } from '../infra/http/body.server';
import { getStorage, type FileStorage, type StoredFile } from '../storage/storage.server';

/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_BODY_BYTES = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
/**
 * Decompression-bomb guard: a 5 MB PNG can declare 30 000 × 30 000 pixels. 40 megapixels
 * (e.g. 8000 × 5000) covers camera photos and bounds decoding memory to ~160 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** A stored image's name is its content's hash: it never changes, so browsers and fronts keep it a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The storage key of `/uploads/<name>`: public images sit at the root of the public space (on the
 * disk, UPLOAD_DIR itself, where they always were). Null for a name the store never generates.
 */
export function uploadKey(name: string): string | null {
  // The strict pattern (hex, width, .webp) also rules out '..', slashes and hidden temp files.
  return isUploadFileName(name) ? `public/${name}` : null;
}

export type UploadStatus = 400 | 413 | 415;

/** A refusal the admin sees: its pt-BR message and the HTTP status to answer with. */
export class UploadError extends Error {
  readonly status: UploadStatus;
  constructor(status: UploadStatus, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

const tooBig = () => new UploadError(413, UPLOAD_MESSAGES.tooBig);

/**
 * The bytes of the multipart field `file`. The declared Content-Length is checked before
 * anything is read, and the body is read with a cap, so a chunked upload cannot exceed it either.
 */
export async function readUploadedFile(request: Request): Promise<Uint8Array> {
  let form: FormData;
  try {
    form = await parseFormBytes(await readBytes(request, MAX_BODY_BYTES), request.headers.get('content-type'));
  } catch (error) {
    if (error instanceof BodyError) throw error.status === 413 ? tooBig() : new UploadError(400, UPLOAD_MESSAGES.missing);
    throw error;
  }
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) throw new UploadError(400, UPLOAD_MESSAGES.missing);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Checks, resizes and stores an image; returns the URL the database keeps
 * (`/uploads/<hash>-<largest width>.webp`). The same content always gives the same URL.
 */
export async function storeImage(bytes: Uint8Array, storage?: FileStorage): Promise<string> {
  if (bytes.byteLength === 0) throw new UploadError(400, UPLOAD_MESSAGES.missing);
  // Before any decoding: size, then the type from the content (never the name or MIME type).
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooBig();
  const type = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
  if (!type) throw new UploadError(415, UPLOAD_MESSAGES.unsupported);

  let outputs: { width: number; data: Buffer }[];
  try {
    outputs = await resize(bytes, type);
  } catch {
    throw new UploadError(400, UPLOAD_MESSAGES.unreadable);
  }

  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  const files = storage ?? (await getStorage());
  // The largest last: the URL the admin gets names it, so its srcset's smaller widths are there first.
  for (const { width, data } of outputs) {
    await files.put(uploadKey(uploadFileName(hash, width))!, data, { cacheControl: UPLOAD_CACHE_CONTROL });
  }
  return `/uploads/${uploadFileName(hash, outputs.at(-1)!.width)}`;
}

/**
 * sharp (libvips, its thread pool and cache) is loaded on the first upload, not at start: only the
 * admin uploads images, and loaded at start it cost every store process its native memory (issue 17, goal 8).
 */
const loadSharp = () => import('sharp').then((module) => module.default);

async function resize(bytes: Uint8Array, type: ImageType): Promise<{ width: number; data: Buffer }[]> {
  const sharp = await loadSharp();
  // failOn 'error': truncated or corrupt pixel data is refused; harmless decoder warnings are not.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await image.metadata();
  // sharp detects the format itself; it must agree with the magic bytes we accepted.
  if (meta.format !== type) throw new Error(`format ${meta.format} is not ${type}`);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new Error('too many pixels');
  const outputs = [];
  for (const width of widthsFor(meta.autoOrient.width)) {
    // rotate(): apply the EXIF orientation; the output keeps no metadata (sharp's default).
    const data = await image.clone().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    outputs.push({ width, data });
  }
  return outputs;
}

/** A stored upload to stream, or null when the name is not one we generate or the file is missing. */
export async function openUpload(name: string, storage?: FileStorage): Promise<StoredFile | null> {
  const key = uploadKey(name);
  if (!key) return null;
  return (storage ?? (await getStorage())).open(key);
}
