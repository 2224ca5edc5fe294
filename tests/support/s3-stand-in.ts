// A local stand-in for S3 (the machine is offline): s3rver, in the test's own process on a free
// port, with one empty bucket, its objects in a temporary folder. It answers the AWS S3 API calls
// the store's S3 driver makes (app/server/storage/s3.server.ts) as S3 does:
//   PutObject       https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html
//   GetObject       https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html
//   HeadObject      https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadObject.html
//   DeleteObject    https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObject.html
//   ListObjectsV2   https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html
//   Presigned URLs  https://docs.aws.amazon.com/AmazonS3/latest/userguide/ShareObjectPreSignedURL.html
//                   (query-string SigV4: https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html)
// What it does not do: verify a SigV4 signature (it checks the access key id, the link's expiry and
// its parameters, not the signature itself) or refuse anonymous reads, so tests assert those parts
// on the URL the driver signs, not on the stand-in's answer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: the only key pair it accepts. */
export const STAND_IN_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3StandIn = {
  endpoint: string;
  bucket: string;
  region: string;
  /** The app's variables that point STORAGE_DRIVER=s3 at this stand-in. */
  env: Record<string, string>;
  /** The driver's configuration (app/server/infra/env.server.ts StorageConfig). */
  config: { driver: 's3'; bucket: string; region: string; endpoint: string; forcePathStyle: true; credentials: { accessKeyId: string; secretAccessKey: string } };
  close(): Promise<void>;
};

export async function startS3StandIn({ bucket = 'clarear-teste' }: { bucket?: string } = {}): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'clarear-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: STAND_IN_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: STAND_IN_CREDENTIALS.secretAccessKey,
    },
    config: { driver: 's3', bucket, region, endpoint, forcePathStyle: true, credentials: { ...STAND_IN_CREDENTIALS } },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
