// The one interface every stored file goes through, and the rules of its keys; the drivers
// (disk.server.ts, s3.server.ts) implement it and storage.server.ts picks one from the environment.

/**
 * A key names a file in one of two spaces: `public/…` (what anyone may download: product images,
 * safety data sheets) and `private/…` (invoices, exports: only through an authorized route or a
 * short-lived signed URL). Segments are letters, digits, `.`, `_` and `-`, never starting with a dot,
 * so no key climbs out of its space (`..`) or names a hidden temporary file.
 */
const KEY = /^(public|private)(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){1,8}$/;

export type Visibility = 'public' | 'private';

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && key.length <= 512;
}

export function visibilityOf(key: string): Visibility {
  return key.startsWith('private/') ? 'private' : 'public';
}

/** The content type a key is served with, from its extension: the same answer on every driver. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  xml: 'application/xml',
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export type StoredFile = {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
};

export type PutOptions = {
  /** Kept with the object where the driver can (S3), for a CDN serving the bucket directly. */
  cacheControl?: string;
};

export type SignedUrlOptions = {
  expiresInSeconds: number;
  /** The name the browser saves the file as (Content-Disposition: attachment). */
  downloadName?: string;
};

export interface FileStorage {
  readonly driver: 'disk' | 's3';
  /** Writes the whole file; a reader sees the old one or the new one, never half of it. */
  put(key: string, data: Uint8Array, options?: PutOptions): Promise<void>;
  /** The file as a stream, or null when there is none (or the key is not a valid one). */
  open(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (`public/`, `private/nfe/`), sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * A URL the browser may fetch the file from for a short time, or null where the driver has no
   * signer (the disk: serve it through an authorized route, private-files.server.ts).
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
}

/** A signed URL lives at most this long: long enough to start a download, too short to be worth sharing. */
export const MAX_SIGNED_URL_SECONDS = 15 * 60;

export function assertSignedUrlLifetime(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
    throw new Error(`um link assinado vale de 1 a ${MAX_SIGNED_URL_SECONDS} segundos, não ${seconds}`);
  }
}

/** Refuses a key that is not one: a programming error, never a visitor's input (routes check theirs). */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`chave de arquivo inválida: ${JSON.stringify(key)}`);
}

/** Content-Disposition for a download: an ASCII fallback name and the exact one (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const fallback = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'arquivo';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
