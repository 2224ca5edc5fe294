// Both drivers of the file storage against the same contract: the local disk, and S3 through a
// local stand-in (s3rver, tests/support/s3-stand-in.ts, started here on a free port) in place of
// these AWS S3 API calls:
//   PutObject      https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html
//   GetObject      https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html
//   HeadObject     https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadObject.html
//   DeleteObject   https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObject.html
//   ListObjectsV2  https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html
//   presigned URLs https://docs.aws.amazon.com/AmazonS3/latest/userguide/ShareObjectPreSignedURL.html
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../tests/support/s3-stand-in';
import { DiskStorage } from './disk.server';
import { MAX_SIGNED_URL_SECONDS, type FileStorage } from './file-storage.server';
import { S3Storage } from './s3.server';

let stand: S3StandIn;
let root: string;
let disk: DiskStorage;
let s3: S3Storage;

beforeAll(async () => {
  stand = await startS3StandIn();
  root = await mkdtemp(path.join(tmpdir(), 'clarear-storage-'));
  disk = new DiskStorage({ publicDir: path.join(root, 'uploads'), privateDir: path.join(root, 'private') });
  s3 = new S3Storage(stand.config);
});
afterAll(async () => {
  await stand?.close();
  await rm(root, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
async function read(storage: FileStorage, key: string) {
  const file = await storage.open(key);
  if (!file) return null;
  return { text: await new Response(file.body).text(), size: file.size, contentType: file.contentType };
}

describe.each([
  ['disk', () => disk],
  ['s3', () => s3],
] as const)('%s driver', (name, storage) => {
  const key = (rest: string) => `${rest.split('/')[0]}/${name}-${rest.split('/').slice(1).join('/')}`;

  it('gives back what was put, with its size and the type its extension names', async () => {
    await storage().put(key('public/a1b2-640.webp'), bytes('RIFF....WEBP'));
    await storage().put(key('private/nfe/2026/nota.xml'), bytes('<nfeProc/>'));
    await storage().put(key('public/fds/ficha.pdf'), bytes('%PDF-1.7'));
    expect(await read(storage(), key('public/a1b2-640.webp'))).toEqual({ text: 'RIFF....WEBP', size: 12, contentType: 'image/webp' });
    expect(await read(storage(), key('private/nfe/2026/nota.xml'))).toEqual({ text: '<nfeProc/>', size: 10, contentType: 'application/xml' });
    expect((await read(storage(), key('public/fds/ficha.pdf')))?.contentType).toBe('application/pdf');
  });

  it('keeps the public and the private space apart under the same name', async () => {
    await storage().put(key('public/relatorio.csv'), bytes('público'));
    await storage().put(key('private/relatorio.csv'), bytes('privado'));
    expect((await read(storage(), key('public/relatorio.csv')))?.text).toBe('público');
    expect((await read(storage(), key('private/relatorio.csv')))?.text).toBe('privado');
    await storage().delete(key('private/relatorio.csv'));
    expect(await storage().exists(key('private/relatorio.csv'))).toBe(false);
    expect(await storage().exists(key('public/relatorio.csv'))).toBe(true);
  });

  it('replaces a file whole on a second put', async () => {
    await storage().put(key('public/texto.txt'), bytes('uma versão bem mais longa'));
    await storage().put(key('public/texto.txt'), bytes('curta'));
    expect(await read(storage(), key('public/texto.txt'))).toEqual({ text: 'curta', size: 5, contentType: 'text/plain; charset=utf-8' });
  });

  it('says what exists, deletes, and deleting a missing file is no error', async () => {
    await storage().put(key('private/export.csv'), bytes('a;b'));
    expect(await storage().exists(key('private/export.csv'))).toBe(true);
    await storage().delete(key('private/export.csv'));
    expect(await storage().exists(key('private/export.csv'))).toBe(false);
    expect(await storage().open(key('private/export.csv'))).toBeNull();
    await expect(storage().delete(key('private/export.csv'))).resolves.toBeUndefined();
  });

  it('answers null for a missing file and for names that are not keys, and refuses to write them', async () => {
    expect(await storage().open(key('public/nunca-enviado.webp'))).toBeNull();
    for (const bad of ['public/../private/x.xml', 'public/./x', 'private/.tmp-0123', 'uploads/x.webp', '/etc/passwd', 'public/', 'public//x', 'public/a\\b', '']) {
      expect(await storage().open(bad), bad).toBeNull();
      expect(await storage().exists(bad), bad).toBe(false);
      await expect(storage().put(bad, bytes('x')), bad).rejects.toThrow(/chave de arquivo inválida/);
    }
  });

  it('lists the keys under a prefix, sorted, each space on its own', async () => {
    await storage().put(key('private/nfe/2026/b.xml'), bytes('b'));
    await storage().put(key('private/nfe/2026/a.pdf'), bytes('a'));
    await storage().put(key('private/exports/pedidos.csv'), bytes('c'));
    expect(await storage().list(key('private/nfe/'))).toEqual([key('private/nfe/2026/a.pdf'), key('private/nfe/2026/b.xml'), key('private/nfe/2026/nota.xml')]);
    const everything = await storage().list('public/');
    expect(everything).toContain(key('public/a1b2-640.webp'));
    expect(everything.every((k) => k.startsWith('public/'))).toBe(true);
    expect(everything).toEqual([...everything].sort());
  });

  it('refuses a signed link that would live longer than 15 minutes (or not at all)', async () => {
    await storage().put(key('private/curto.xml'), bytes('x'));
    for (const seconds of [0, -1, 1.5, MAX_SIGNED_URL_SECONDS + 1, 24 * 3600]) {
      await expect(storage().signedUrl(key('private/curto.xml'), { expiresInSeconds: seconds }), String(seconds)).rejects.toThrow(/link assinado/);
    }
  });
});

describe('disk driver: the embedded default', () => {
  it('keeps public files in UPLOAD_DIR itself, so an image uploaded before the storage existed is still found', async () => {
    const legacy = path.join(root, 'uploads', '0123456789abcdef0123-320.webp');
    await mkdir(path.dirname(legacy), { recursive: true });
    await writeFile(legacy, 'antigo');
    expect((await read(disk, 'public/0123456789abcdef0123-320.webp'))?.text).toBe('antigo');
    await disk.put('public/fedcba98765432100123-640.webp', bytes('novo'));
    expect(await readFile(path.join(root, 'uploads', 'fedcba98765432100123-640.webp'), 'utf8')).toBe('novo');
  });

  it('keeps private files outside UPLOAD_DIR, readable by the store alone (0600), with no temporary file left', async () => {
    await disk.put('private/nfe/chave.xml', bytes('<nfe/>'));
    const file = path.join(root, 'private', 'nfe', 'chave.xml');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.join(root, 'private', 'nfe'))).toEqual(['chave.xml']);
    expect(await readdir(path.join(root, 'uploads'))).not.toContain('nfe');
  });

  it('does not follow a symbolic link planted among the files, nor list it', async () => {
    await symlink('/etc/passwd', path.join(root, 'uploads', 'passwd.txt'));
    expect((await lstat(path.join(root, 'uploads', 'passwd.txt'))).isSymbolicLink()).toBe(true);
    expect(await disk.open('public/passwd.txt')).toBeNull();
    expect(await disk.exists('public/passwd.txt')).toBe(false);
    expect(await disk.list('public/')).not.toContain('public/passwd.txt');
  });

  it('has no signer: private files go out through an authorized route', async () => {
    await disk.put('private/so-pela-rota.xml', bytes('x'));
    expect(await disk.signedUrl('private/so-pela-rota.xml', { expiresInSeconds: 60 })).toBeNull();
  });
});

describe('s3 driver: one bucket, keys as object names', () => {
  const raw = () => new S3Client({ region: stand.region, endpoint: stand.endpoint, forcePathStyle: true, credentials: stand.config.credentials });

  it('names each object by its key and keeps the type and the cache rule a CDN in front of the bucket would use', async () => {
    await s3.put('public/abcdef0123456789abcd-320.webp', bytes('img'), { cacheControl: 'public, max-age=31536000, immutable' });
    const head = await raw().send(new HeadObjectCommand({ Bucket: stand.bucket, Key: 'public/abcdef0123456789abcd-320.webp' }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(head.ContentLength).toBe(3);
  });

  it('signs a GET link for a private file that downloads it under its name until it expires', async () => {
    await s3.put('private/nfe/35260112345678000199550010000012341000012345.xml', bytes('<nfeProc versao="4.00"/>'));
    // The stand-in knows the key id alone (it checks no SigV4 signature), so a secret of our own shows it never leaves.
    const secret = 'segredo-da-loja-que-nao-vaza-0123456789';
    const signer = new S3Storage({ ...stand.config, credentials: { accessKeyId: stand.config.credentials.accessKeyId, secretAccessKey: secret } });
    const url = new URL(await signer.signedUrl('private/nfe/35260112345678000199550010000012341000012345.xml', { expiresInSeconds: 300, downloadName: 'NF-e 1234 — São Paulo.xml' }));
    expect(url.origin).toBe(stand.endpoint);
    expect(url.pathname).toBe(`/${stand.bucket}/private/nfe/35260112345678000199550010000012341000012345.xml`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The key id travels in the link (as S3 requires); the secret never does.
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.href).not.toContain(secret);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<nfeProc versao="4.00"/>');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="NF-e 1234  Sao Paulo.xml"; filename*=UTF-8''${encodeURIComponent('NF-e 1234 — São Paulo.xml')}`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a signed link stops working once its minutes are over', async () => {
    await s3.put('private/exports/clientes.csv', bytes('nome;email'));
    // Signed 10 minutes ago for 5 minutes: expired 5 minutes ago.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 10 * 60_000 });
    let url: string;
    try {
      url = await s3.signedUrl('private/exports/clientes.csv', { expiresInSeconds: 300 });
    } finally {
      vi.useRealTimers();
    }
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it('fails loudly on credentials the bucket does not know (nothing is written)', async () => {
    const stranger = new S3Storage({ ...stand.config, credentials: { accessKeyId: 'DESCONHECIDA', secretAccessKey: 'x'.repeat(20) } });
    await expect(stranger.put('public/intruso.txt', bytes('x'))).rejects.toThrow(/Access Key Id/i);
    expect(await s3.exists('public/intruso.txt')).toBe(false);
  });

  it('fails loudly on a bucket that does not exist instead of answering "missing"', async () => {
    const elsewhere = new S3Storage({ ...stand.config, bucket: 'nao-existe' });
    await expect(elsewhere.open('public/qualquer.webp')).rejects.toThrow(/bucket/i);
  });
});
