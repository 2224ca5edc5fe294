// Admin image uploads (issue 6): read the posted file within a size limit, trust
// only its content (magic bytes, then a full decode by sharp), and store resized
// WebP copies under UPLOAD_DIR named by a hash of the content, so a URL never
// changes meaning and can be cached for a year.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
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
import { getEnv } from './env.server';
import { BodyError, parseFormBytes, readBytes } from './http/body.server';

/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_BODY_BYTES = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
/**
 * Decompression-bomb guard: a 5 MB PNG can declare 30 000 × 30 000 pixels. 40 megapixels
 * (e.g. 8000 × 5000) covers camera photos and bounds decoding memory to ~160 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

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
export async function storeImage(bytes: Uint8Array, dir: string = getEnv().uploadDir): Promise<string> {
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
  await mkdir(dir, { recursive: true });
  for (const { width, data } of outputs) {
    await writeAtomically(path.join(dir, uploadFileName(hash, width)), data);
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

/** Readers never see a half-written file: write beside it, then rename over. */
async function writeAtomically(file: string, data: Buffer) {
  const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** A stored upload to stream, or null when the name is not one we generate or the file is missing. */
export async function openUpload(name: string, dir: string = getEnv().uploadDir): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
  // The strict pattern (hex, width, .webp) also rules out '..', slashes and hidden temp files.
  if (!isUploadFileName(name)) return null;
  let handle;
  try {
    handle = await open(path.join(dir, name), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return null;
  }
  const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
  return { body, size: info.size };
}
