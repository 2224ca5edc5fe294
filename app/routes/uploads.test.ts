// GET /uploads/* through React Router's own matching (as the server routes a URL),
// against a temporary DATA_DIR.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaticHandler, isRouteErrorResponse } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '~/server/catalog/images.server';
import { loader } from './uploads';

let dataDir: string;
let uploadDir: string;
let url: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'clarear-uploads-route-'));
  // getEnv() reads these once, on the first request below; UPLOAD_DIR defaults to DATA_DIR/uploads.
  process.env.DATA_DIR = dataDir;
  delete process.env.UPLOAD_DIR;
  uploadDir = path.join(dataDir, 'uploads');
  // Stored through the store's own storage (the disk default, nothing configured): it lands in DATA_DIR/uploads.
  url = await storeImage(await readFile(path.resolve('tests/fixtures/produto.png')));
  // Things an attacker would like to read: a secret beside the uploads and one outside.
  await writeFile(path.join(dataDir, 'auth-secret'), 'segredo');
  await mkdir(path.join(uploadDir, 'sub'));
  await writeFile(path.join(uploadDir, 'sub', 'a1b2c3d4e5f60718293a-320.webp'), 'x');
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const handler = createStaticHandler([{ id: 'uploads', path: '/uploads/*', loader: loader as never }]);

/** What a client gets for a raw request path (no URL normalisation beyond what fetch itself does). */
async function get(rawPath: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  try {
    const response = (await handler.queryRoute(new Request(`http://localhost${rawPath}`))) as Response;
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  } catch (thrown) {
    // No route matched (e.g. '..' resolved away): React Router's own 404.
    if (isRouteErrorResponse(thrown)) return { status: thrown.status, headers: new Headers(), body: Buffer.from('') };
    throw thrown;
  }
}

describe('GET /uploads/<name>', () => {
  it('serves a stored upload as WebP, cached for a year, never sniffed', async () => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.body.equals(await readFile(path.join(uploadDir, path.basename(url))))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
    expect((await sharp(response.body).metadata()).format).toBe('webp');
  });

  it('serves the smaller widths of the same upload', async () => {
    const small = url.replace(/-\d+\.webp$/, '-320.webp');
    const response = await get(small);
    expect(response.status).toBe(200);
    expect((await sharp(response.body).metadata()).width).toBe(320);
  });

  it('answers 404 for path traversal and names with slashes', async () => {
    for (const raw of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/..%2Fauth-secret',
      '/uploads/%2E%2E%2Fauth-secret',
      '/uploads/../auth-secret',
      '/uploads/../x.webp',
      '/uploads/..%2Fx.webp',
      '/uploads/sub/a1b2c3d4e5f60718293a-320.webp',
      '/uploads/sub%2Fa1b2c3d4e5f60718293a-320.webp',
      `/uploads/%2F${path.basename(url)}`,
      `/uploads/${path.basename(url)}%00.png`,
      '/uploads/%2Fetc%2Fpasswd',
    ]) {
      const response = await get(raw);
      expect(response.status, raw).toBe(404);
      expect(response.body.toString(), raw).not.toContain('segredo');
      expect(response.body.toString(), raw).not.toContain('root:');
    }
  });

  it('answers 404 for names it never generates, even when such a file exists', async () => {
    await writeFile(path.join(uploadDir, 'pagina.html'), '<script>alert(1)</script>');
    await symlink('/etc/passwd', path.join(uploadDir, 'passwd.webp'));
    for (const name of ['pagina.html', 'passwd.webp', '', '.tmp-0123456789abcdef', 'uploads']) {
      expect((await get(`/uploads/${name}`)).status, name).toBe(404);
    }
  });

  it('answers 404 for a well-formed name that was never uploaded', async () => {
    expect((await get('/uploads/00000000000000000000-640.webp')).status).toBe(404);
  });

  it('checks the name itself when called with a traversal in the splat', async () => {
    for (const splat of ['../x.webp', '../../etc/passwd', '../auth-secret', `sub/../${path.basename(url)}`]) {
      const response = await loader({ request: new Request('http://localhost/uploads/x'), params: { '*': splat }, context: {} } as never);
      expect(response.status, splat).toBe(404);
    }
  });
});
