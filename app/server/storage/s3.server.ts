// The S3-compatible driver (AWS S3, Cloudflare R2, MinIO…) on the AWS SDK v3: one bucket, the key
// is the object's name (`public/…`, `private/…`), so a bucket policy or a CDN may open `public/`
// alone. Loaded only when STORAGE_DRIVER=s3 (storage.server.ts imports it on demand).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../infra/env.server';
import { assertSignedUrlLifetime, assertStorageKey, attachmentDisposition, contentTypeOf, isStorageKey, type FileStorage, type PutOptions, type SignedUrlOptions, type StoredFile } from './file-storage.server';

export type S3Config = Extract<StorageConfig, { driver: 's3' }>;

export class S3Storage implements FileStorage {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: R2, MinIO and older compatible services refuse the SDK's default CRC headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that does not answer fails the request (an image route's 500) instead of holding it open.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000, throwOnRequestTimeout: true },
    });
  }

  async put(key: string, data: Uint8Array, options: PutOptions = {}): Promise<void> {
    assertStorageKey(key);
    // A PUT replaces the object whole: readers get the old or the new one.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.byteLength, ContentType: contentTypeOf(key), CacheControl: options.cacheControl }),
    );
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body || object.ContentLength === undefined) throw new Error(`objeto sem corpo: ${key}`);
      return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength, contentType: contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  async signedUrl(key: string, { expiresInSeconds, downloadName }: SignedUrlOptions): Promise<string> {
    assertStorageKey(key);
    assertSignedUrlLifetime(expiresInSeconds);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: contentTypeOf(key),
      ResponseContentDisposition: downloadName ? attachmentDisposition(downloadName) : undefined,
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }
}

/** The SDK's answers for an object that is not there (GET: NoSuchKey; HEAD has no body: NotFound). */
function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}
