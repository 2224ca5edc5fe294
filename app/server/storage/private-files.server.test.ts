// Private files (NF-e XML/PDF, exports) on both drivers: streamed to a request its route authorized,
// never cached, saved under their name; or a short-lived signed link where the storage signs (S3,
// through the local stand-in of tests/support/s3-stand-in.ts: GetObject and presigned URLs,
// https://docs.aws.amazon.com/AmazonS3/latest/userguide/ShareObjectPreSignedURL.html).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../tests/support/s3-stand-in';
import { DiskStorage } from './disk.server';
import type { FileStorage } from './file-storage.server';
import { privateFileResponse, SIGNED_URL_SECONDS, signedPrivateUrl } from './private-files.server';
import { S3Storage } from './s3.server';

let stand: S3StandIn;
let root: string;
const drivers: Record<'disk' | 's3', FileStorage> = {} as never;

beforeAll(async () => {
  stand = await startS3StandIn();
  root = await mkdtemp(path.join(tmpdir(), 'clarear-private-'));
  drivers.disk = new DiskStorage({ publicDir: path.join(root, 'uploads'), privateDir: path.join(root, 'private') });
  drivers.s3 = new S3Storage(stand.config);
});
afterAll(async () => {
  await stand?.close();
  await rm(root, { recursive: true, force: true });
});

const XML = '<?xml version="1.0"?><nfeProc versao="4.00"><NFe/></nfeProc>';

describe.each(['disk', 's3'] as const)('privateFileResponse on the %s', (driver) => {
  const storage = () => drivers[driver];

  it('streams the file to the authorized request, as a download no cache keeps', async () => {
    await storage().put('private/nfe/1234.xml', new TextEncoder().encode(XML));
    const response = await privateFileResponse('private/nfe/1234.xml', { downloadName: 'NF-e 1234.xml', storage: storage() });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(XML);
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'application/xml',
      'content-length': String(XML.length),
      'content-disposition': `attachment; filename="NF-e 1234.xml"; filename*=UTF-8''NF-e%201234.xml`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers a missing file with a pt-BR 404 that no cache keeps either', async () => {
    const response = await privateFileResponse('private/nfe/nunca-emitida.xml', { downloadName: 'x.xml', storage: storage() });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Arquivo não encontrado.');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('is for private keys only', async () => {
    await expect(privateFileResponse('public/fds/ficha.pdf', { downloadName: 'x.pdf', storage: storage() })).rejects.toThrow(/não é um arquivo privado/);
    await expect(signedPrivateUrl('public/fds/ficha.pdf', { storage: storage() })).rejects.toThrow(/não é um arquivo privado/);
    await expect(privateFileResponse('private/../uploads/x.webp', { downloadName: 'x', storage: storage() })).rejects.toThrow(/chave de arquivo inválida/);
  });
});

describe('signedPrivateUrl', () => {
  it('on S3: a link valid for 5 minutes by default that downloads the file without a session', async () => {
    await drivers.s3.put('private/exports/pedidos-2026-11.csv', new TextEncoder().encode('pedido;total\n1;10,00'));
    const link = await signedPrivateUrl('private/exports/pedidos-2026-11.csv', { downloadName: 'pedidos.csv', storage: drivers.s3 });
    expect(new URL(link!).searchParams.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
    expect(SIGNED_URL_SECONDS).toBe(300);
    const response = await fetch(link!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('pedido;total\n1;10,00');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="pedidos.csv"/);
  });

  it('on the disk: none (the route streams the file instead)', async () => {
    await drivers.disk.put('private/exports/pedidos-2026-11.csv', new TextEncoder().encode('x'));
    expect(await signedPrivateUrl('private/exports/pedidos-2026-11.csv', { storage: drivers.disk })).toBeNull();
  });
});
