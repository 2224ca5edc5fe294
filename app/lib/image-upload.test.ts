import { describe, expect, it } from 'vitest';
import {
  MAX_IMAGE_BYTES,
  UPLOAD_MESSAGES,
  isUploadFileName,
  precheckImage,
  sniffImageType,
  uploadFileName,
  uploadSrcSet,
  widthsFor,
} from './image-upload';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(JPEG)).toBe('jpeg');
    expect(sniffImageType(PNG)).toBe('png');
    expect(sniffImageType(WEBP)).toBe('webp');
  });

  it('refuses everything else, however it is named', () => {
    expect(sniffImageType(bytes('<!doctype html><html>'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('<?xml version="1.0"?><svg>'))).toBeNull();
    expect(sniffImageType(bytes('GIF89a', 1, 0, 1, 0, 0, 0))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7\n%âãÏÓ'))).toBeNull();
    // RIFF but not WebP (a WAV file).
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('needs the whole signature', () => {
    expect(sniffImageType(PNG.subarray(0, 7))).toBeNull();
    expect(sniffImageType(JPEG.subarray(0, 2))).toBeNull();
    expect(sniffImageType(WEBP.subarray(0, 11))).toBeNull();
  });
});

describe('precheckImage (browser quick check)', () => {
  it('lets a small image through to the server', () => {
    expect(precheckImage(1000, PNG)).toBeNull();
    expect(precheckImage(MAX_IMAGE_BYTES, JPEG)).toBeNull();
  });

  it('refuses more than 5 MB, a non-image and an empty file with the pt-BR messages', () => {
    expect(precheckImage(MAX_IMAGE_BYTES + 1, PNG)).toBe('A imagem deve ter no máximo 5 MB.');
    expect(precheckImage(6 * 1024 * 1024, PNG)).toBe(UPLOAD_MESSAGES.tooBig);
    expect(precheckImage(200, bytes('<html><body>'))).toBe('Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.');
    expect(precheckImage(0, new Uint8Array())).toBe('Selecione uma imagem.');
  });
});

describe('stored file names', () => {
  const hash = 'a1b2c3d4e5f60718293a';

  it('are the content hash and the width', () => {
    expect(uploadFileName(`${hash}ffffffff`, 640)).toBe(`${hash}-640.webp`);
    expect(isUploadFileName(`${hash}-640.webp`)).toBe(true);
    expect(isUploadFileName(`${hash}-1200.webp`)).toBe(true);
  });

  it('match nothing else: no traversal, slashes, other extensions or hidden files', () => {
    for (const name of [
      '../x.webp',
      `../${hash}-640.webp`,
      `${hash}-640.webp/..`,
      `sub/${hash}-640.webp`,
      `${hash}-640.webp\0.png`,
      `${hash}-640.webp\n`,
      `${hash}-640.png`,
      `${hash.toUpperCase()}-640.webp`,
      `${hash}-0640.webp`,
      `${hash}-2400.webp`,
      `${hash.slice(1)}-640.webp`,
      '.tmp-0123456789abcdef',
      '..%2F..%2Fetc%2Fpasswd',
      '',
    ]) {
      expect(isUploadFileName(name), name).toBe(false);
    }
  });
});

describe('widths', () => {
  it('are 320, 640 and 1200 for a large image', () => {
    expect(widthsFor(4000)).toEqual([320, 640, 1200]);
    expect(widthsFor(1200)).toEqual([320, 640, 1200]);
  });

  it('never upscale: a narrower image stops at its own width', () => {
    expect(widthsFor(800)).toEqual([320, 640, 800]);
    expect(widthsFor(640)).toEqual([320, 640]);
    expect(widthsFor(500)).toEqual([320, 500]);
    expect(widthsFor(100)).toEqual([100]);
  });
});

describe('uploadSrcSet', () => {
  it('lists every stored width of one of our uploads', () => {
    expect(uploadSrcSet('/uploads/a1b2c3d4e5f60718293a-1200.webp')).toBe(
      '/uploads/a1b2c3d4e5f60718293a-320.webp 320w, /uploads/a1b2c3d4e5f60718293a-640.webp 640w, /uploads/a1b2c3d4e5f60718293a-1200.webp 1200w',
    );
    expect(uploadSrcSet('/uploads/a1b2c3d4e5f60718293a-500.webp')).toBe(
      '/uploads/a1b2c3d4e5f60718293a-320.webp 320w, /uploads/a1b2c3d4e5f60718293a-500.webp 500w',
    );
  });

  it('leaves other images alone (seed SVGs, empty values, look-alikes)', () => {
    expect(uploadSrcSet('/images/products/detergente.svg')).toBeUndefined();
    expect(uploadSrcSet(null)).toBeUndefined();
    expect(uploadSrcSet('')).toBeUndefined();
    expect(uploadSrcSet('https://evil.example/uploads/a1b2c3d4e5f60718293a-640.webp')).toBeUndefined();
    expect(uploadSrcSet('/uploads/a1b2c3d4e5f60718293a-9999.webp')).toBeUndefined();
  });
});
