// GET /uploads/* with STORAGE_DRIVER=s3: the images come from the bucket (a local S3 stand-in,
// tests/support/s3-stand-in.ts, for PutObject and GetObject:
// https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html,
// https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html), with the same headers as from
// the disk, and the public route never serves the private space.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createStaticHandler } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEnv } from '~/server/infra/env.server';
import { getStorage } from '~/server/storage/storage.server';
import { storeImage } from '~/server/catalog/images.server';
import { startS3StandIn, type S3StandIn } from '../../tests/support/s3-stand-in';
import { loader } from './uploads';

let stand: S3StandIn;
let url: string;

beforeAll(async () => {
  stand = await startS3StandIn();
  // getEnv() reads these once, on the first use below.
  Object.assign(process.env, stand.env);
  url = await storeImage(await readFile(path.resolve('tests/fixtures/produto.png')));
});
afterAll(async () => {
  for (const name of Object.keys(stand?.env ?? {})) delete process.env[name];
  await stand?.close();
});

const handler = createStaticHandler([{ id: 'uploads', path: '/uploads/*', loader: loader as never }]);
const get = async (pathname: string) => (await handler.queryRoute(new Request(`http://localhost${pathname}`))) as Response;

describe('GET /uploads/<name> from an S3 bucket', () => {
  it('stores every width in the bucket and nothing on the local disk', async () => {
    const hash = /\/uploads\/([0-9a-f]{20})-800\.webp$/.exec(url)?.[1];
    expect(hash).toBeDefined();
    expect(await (await getStorage()).list('public/')).toEqual([`public/${hash}-320.webp`, `public/${hash}-640.webp`, `public/${hash}-800.webp`]);
    expect(await readdir(getEnv().dataDir)).not.toContain('uploads');
  });

  it('serves them as WebP, cached for a year, never sniffed', async () => {
    for (const [name, width] of [[url, 800], [url.replace('-800.webp', '-320.webp'), 320]] as const) {
      const response = await get(name);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect((await sharp(body).metadata()).width).toBe(width);
    }
  });

  it('answers 404 for a name never uploaded, and for a private file even under an image name', async () => {
    expect((await get('/uploads/00000000000000000000-640.webp')).status).toBe(404);
    const storage = await getStorage();
    await storage.put('private/abcdefabcdefabcdefab-640.webp', await readFile(path.resolve('tests/fixtures/produto.png')));
    await storage.put('private/nfe/abcdefabcdefabcdefab-640.webp', new TextEncoder().encode('<nfe/>'));
    for (const name of ['abcdefabcdefabcdefab-640.webp', '..%2Fprivate%2Fabcdefabcdefabcdefab-640.webp', 'private%2Fnfe%2Fabcdefabcdefabcdefab-640.webp']) {
      const response = await get(`/uploads/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).toBe('Não encontrado');
    }
  });
});
