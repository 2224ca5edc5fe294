import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from '../storage/disk.server';
import { MAX_BODY_BYTES, readUploadedFile, storeImage, UploadError } from './images.server';

const FIXTURES = path.resolve('tests/fixtures');
const TOO_BIG = 'A imagem deve ter no máximo 5 MB.';
const WRONG_TYPE = 'Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.';
const UNREADABLE = 'Não foi possível ler a imagem. Envie outro arquivo.';
const MISSING = 'Selecione uma imagem.';

let dir: string;
let storage: DiskStorage;
beforeEach(async () => {
  // A folder that does not exist yet: storeImage creates it, and a refusal must leave it absent.
  dir = path.join(await mkdtemp(path.join(tmpdir(), 'clarear-uploads-')), 'uploads');
  // The embedded default: public files in UPLOAD_DIR itself.
  storage = new DiskStorage({ publicDir: dir, privateDir: path.join(path.dirname(dir), 'private') });
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const stored = () => readdir(dir).catch(() => [] as string[]);
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 20);

/** The refusal storeImage/readUploadedFile throws, as { status, message }. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  const { status, message } = error as UploadError;
  return { status, message };
}

/** A multipart request as the browser's FormData sends it, with any name and declared type. */
function uploadRequest(bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], filename, { type }));
  return new Request('http://localhost/admin/uploads', { method: 'POST', body: form });
}

async function expectWebp(file: string, width: number) {
  const bytes = await readFile(path.join(dir, file));
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(width);
  return meta;
}

describe('storeImage: accepted images', () => {
  it('stores a real PNG as WebP at 320, 640 and its own width (800, not upscaled to 1200)', async () => {
    const png = await fixture('produto.png');
    const url = await storeImage(await readUploadedFile(uploadRequest(png, 'produto.png', 'image/png')), storage);
    const hash = hashOf(png);
    expect(url).toBe(`/uploads/${hash}-800.webp`);
    expect((await stored()).sort()).toEqual([`${hash}-320.webp`, `${hash}-640.webp`, `${hash}-800.webp`]);
    for (const width of [320, 640, 800]) {
      const meta = await expectWebp(`${hash}-${width}.webp`, width);
      expect(meta.height).toBe((width * 600) / 800);
    }
  });

  it('stores a JPEG upright (EXIF orientation applied) and without its metadata', async () => {
    // 300×200 stored sideways with orientation 6: it is really a 200×300 portrait.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0369a1' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const url = await storeImage(jpeg, storage);
    expect(url).toBe(`/uploads/${hashOf(jpeg)}-200.webp`);
    const meta = await expectWebp(`${hashOf(jpeg)}-200.webp`, 200);
    expect(meta.height).toBe(300);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('stores a large WebP at 320, 640 and 1200 only', async () => {
    const webp = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#f59e0b' } }).webp().toBuffer();
    const url = await storeImage(webp, storage);
    const hash = hashOf(webp);
    expect(url).toBe(`/uploads/${hash}-1200.webp`);
    expect((await stored()).sort()).toEqual([`${hash}-1200.webp`, `${hash}-320.webp`, `${hash}-640.webp`]);
    await expectWebp(`${hash}-1200.webp`, 1200);
  });

  it('gives the same URL for the same image twice, and leaves no temporary files', async () => {
    const png = await fixture('produto.png');
    const first = await storeImage(png, storage);
    const second = await storeImage(await readUploadedFile(uploadRequest(png, 'outro-nome.webp', 'image/webp')), storage);
    expect(second).toBe(first);
    expect(await stored()).toHaveLength(3);
  });
});

describe('storeImage: refused files, with nothing written', () => {
  it('a 6 MB file is too big (checked before decoding)', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await fixture('produto.png'));
    expect(await refusal(storeImage(big, storage))).toEqual({ status: 413, message: TOO_BIG });
    expect(await stored()).toEqual([]);
  });

  it('a .png (declared image/png) that is really HTML', async () => {
    const html = await fixture('pagina.png');
    const bytes = await readUploadedFile(uploadRequest(html, 'pagina.png', 'image/png'));
    expect(await refusal(storeImage(bytes, storage))).toEqual({ status: 415, message: WRONG_TYPE });
    expect(await stored()).toEqual([]);
  });

  it('an SVG with a script, even named and declared as PNG', async () => {
    const svg = await fixture('script.svg');
    expect(svg.toString()).toContain('<script>');
    expect(await refusal(storeImage(svg, storage))).toEqual({ status: 415, message: WRONG_TYPE });
    const renamed = await readUploadedFile(uploadRequest(svg, 'foto.png', 'image/png'));
    expect(await refusal(storeImage(renamed, storage))).toEqual({ status: 415, message: WRONG_TYPE });
    expect(await stored()).toEqual([]);
  });

  it('a GIF and a PDF', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(await refusal(storeImage(gif, storage))).toEqual({ status: 415, message: WRONG_TYPE });
    expect(await refusal(storeImage(Buffer.from('%PDF-1.7\n1 0 obj\n'), storage))).toEqual({ status: 415, message: WRONG_TYPE });
    expect(await stored()).toEqual([]);
  });

  it('a truncated PNG: right magic bytes, then garbage or nothing', async () => {
    const png = await fixture('produto.png');
    const garbage = Buffer.concat([png.subarray(0, 8), Buffer.from('isto não é uma imagem '.repeat(20))]);
    expect(await refusal(storeImage(garbage, storage))).toEqual({ status: 400, message: UNREADABLE });
    // A valid header and the start of the pixel data, cut off.
    const cut = png.subarray(0, Math.floor(png.length / 2));
    expect(await refusal(storeImage(cut, storage))).toEqual({ status: 400, message: UNREADABLE });
    expect(await stored()).toEqual([]);
  });

  it('a decompression bomb: a small PNG of 7000 × 7000 pixels', async () => {
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(storeImage(bomb, storage))).toEqual({ status: 400, message: UNREADABLE });
    expect(await stored()).toEqual([]);
  });

  it('an empty file', async () => {
    expect(await refusal(storeImage(new Uint8Array(), storage))).toEqual({ status: 400, message: MISSING });
  });
});

describe('readUploadedFile', () => {
  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    let pulled = false;
    // highWaterMark 0: the stream is pulled only when someone reads it.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request('http://localhost/admin/uploads', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_BODY_BYTES + 1) },
    } as RequestInit);
    expect(await refusal(readUploadedFile(request))).toEqual({ status: 413, message: TOO_BIG });
    expect(pulled).toBe(false);
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        // An endless upload: only the cap ends it.
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/admin/uploads', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    } as RequestInit);
    expect(await refusal(readUploadedFile(request))).toEqual({ status: 413, message: TOO_BIG });
    expect(sent).toBeLessThan(MAX_BODY_BYTES + 3 * chunk.length);
  });

  it('a 6 MB file in a real multipart body is refused as too big', async () => {
    const request = uploadRequest(new Uint8Array(6 * 1024 * 1024), 'grande.png', 'image/png');
    expect(await refusal(readUploadedFile(request))).toEqual({ status: 413, message: TOO_BIG });
  });

  it('asks for an image when the field is missing, empty, or the body is not a form', async () => {
    const other = new FormData();
    other.append('imagem', 'texto');
    const noFile = new Request('http://localhost/admin/uploads', { method: 'POST', body: other });
    expect(await refusal(readUploadedFile(noFile))).toEqual({ status: 400, message: MISSING });
    expect(await refusal(readUploadedFile(uploadRequest(new Uint8Array(), 'vazio.png', 'image/png')))).toEqual({ status: 400, message: MISSING });
    const json = new Request('http://localhost/admin/uploads', { method: 'POST', body: '{"file":"x"}', headers: { 'content-type': 'application/json' } });
    expect(await refusal(readUploadedFile(json))).toEqual({ status: 400, message: MISSING });
  });

  it('a file sent as a plain text field is not a file', async () => {
    const form = new FormData();
    form.append('file', '\x89PNG\r\n\x1a\n');
    const request = new Request('http://localhost/admin/uploads', { method: 'POST', body: form });
    expect(await refusal(readUploadedFile(request))).toEqual({ status: 400, message: MISSING });
  });
});
