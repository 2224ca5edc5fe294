// POST /admin/uploads and GET /uploads/* against the production server: who may
// upload, what is refused (with the pt-BR message), and how stored images are served.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { asAdmin, expectNoAxeViolations, gotoHydrated, signedInCustomer } from './fixtures';

const UPLOAD_DIR = path.resolve('data-e2e', 'uploads');
const FIXTURES = path.resolve('tests', 'fixtures');
const WRONG_TYPE = 'Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.';

const stored = async () => (await readdir(UPLOAD_DIR).catch(() => [] as string[])).sort();
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 20);

/** The fixture PNG made unique (bytes after IEND are ignored by decoders), so its hash is new to this run. */
async function uniquePng(): Promise<Buffer> {
  const png = await readFile(path.join(FIXTURES, 'produto.png'));
  return Buffer.concat([png, Buffer.from(`${Date.now()}-${Math.random()}`)]);
}

function upload(request: APIRequestContext, buffer: Buffer, name: string, mimeType: string) {
  return request.post('/admin/uploads', { multipart: { file: { name, mimeType, buffer } }, maxRedirects: 0 });
}

test.describe('admin image uploads', () => {
  test('the admin uploads a PNG and gets a cached WebP URL; fake and scripted images are refused', async ({ page }) => {
    await asAdmin(page);

    const png = await uniquePng();
    const response = await upload(page.request, png, 'produto.png', 'image/png');
    expect(response.status()).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toBe(`/uploads/${hashOf(png)}-800.webp`);

    const image = await page.request.get(url);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // server.mjs sets nosniff on every response and the route sets it again: browsers read the first value.
    expect(image.headers()['x-content-type-options']?.split(',')[0]?.trim()).toBe('nosniff');
    const body = await image.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The smaller width for the storefront's srcset exists too.
    expect((await page.request.get(url.replace('-800.webp', '-320.webp'))).status()).toBe(200);

    const before = await stored();
    const html = await upload(page.request, await readFile(path.join(FIXTURES, 'pagina.png')), 'pagina.png', 'image/png');
    expect([400, 415]).toContain(html.status());
    expect(await html.json()).toEqual({ error: WRONG_TYPE });

    const svg = await upload(page.request, await readFile(path.join(FIXTURES, 'script.svg')), 'foto.png', 'image/png');
    expect([400, 415]).toContain(svg.status());
    expect(await svg.json()).toEqual({ error: WRONG_TYPE });
    expect(await stored()).toEqual(before);

    // 6 MB: refused from its Content-Length, before the body is read.
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)]);
    const tooBig = await upload(page.request, big, 'grande.png', 'image/png');
    expect(tooBig.status()).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'A imagem deve ter no máximo 5 MB.' });
    expect(await stored()).toEqual(before);
  });

  test('a signed-in customer gets 403 and nothing is stored', async ({ page }) => {
    await signedInCustomer(page, 'Carla Menezes');

    const before = await stored();
    const png = await uniquePng();
    const response = await upload(page.request, png, 'produto.png', 'image/png');
    expect(response.status()).toBe(403);
    expect(await response.text()).not.toContain('/uploads/');
    expect(await stored()).toEqual(before);
    expect((await page.request.get(`/uploads/${hashOf(png)}-800.webp`)).status()).toBe(404);
  });

  test('an anonymous upload is sent to /login and nothing is stored', async ({ request }) => {
    const before = await stored();
    const png = await uniquePng();
    const response = await upload(request, png, 'produto.png', 'image/png');
    expect(response.status()).not.toBe(200);
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^\/login/);
    expect(await stored()).toEqual(before);
    expect((await request.get(`/uploads/${hashOf(png)}-800.webp`)).status()).toBe(404);
  });

  test('names that are not uploads are 404, whatever they try to reach', async ({ request }) => {
    const secret = (await readFile(path.resolve('data-e2e', 'auth-secret'), 'utf8')).trim();
    for (const raw of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/..%2Fauth-secret', '/uploads/%2E%2E%2Fauth-secret', '/uploads/x.webp']) {
      const response = await request.get(raw, { maxRedirects: 0 });
      expect(response.status(), raw).toBe(404);
      const text = await response.text();
      expect(text, raw).not.toContain('root:');
      expect(text, raw).not.toContain(secret);
    }
  });

  // The field as the product form shows it (the form itself is covered by the product tests).
  test('the image field uploads a chosen PNG, shows it, and refuses a fake one in pt-BR', async ({ page }) => {
    await asAdmin(page);
    await gotoHydrated(page, '/admin/products/new');
    const field = page.getByRole('group', { name: 'Imagem do produto' });
    const hidden = field.locator('input[type="hidden"]');

    const png = await uniquePng();
    await page.getByLabel('Imagem do produto').setInputFiles({ name: 'produto.png', mimeType: 'image/png', buffer: png });
    const url = `/uploads/${hashOf(png)}-800.webp`;
    await expect(hidden).toHaveValue(url);
    const preview = field.getByRole('img', { name: 'Imagem atual: Imagem do produto' });
    await expect(preview).toHaveAttribute('src', url);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(field.getByRole('alert')).toHaveCount(0);

    // A fake PNG: the browser's pre-check refuses it, the stored URL stays.
    await page.getByLabel('Imagem do produto').setInputFiles(path.join(FIXTURES, 'pagina.png'));
    await expect(field.getByRole('alert')).toHaveText(WRONG_TYPE);
    await expect(hidden).toHaveValue(url);
    // A broken PNG passes the browser's check; the server's refusal is shown.
    await page.getByLabel('Imagem do produto').setInputFiles({ name: 'quebrada.png', mimeType: 'image/png', buffer: png.subarray(0, 600) });
    await expect(field.getByRole('alert')).toHaveText('Não foi possível ler a imagem. Envie outro arquivo.');
    await expect(hidden).toHaveValue(url);
    await expectNoAxeViolations(page, { include: 'main fieldset:has(input[type="file"])' });

    await field.getByRole('button', { name: 'Remover imagem' }).click();
    await expect(hidden).toHaveValue('');
    await expect(preview).toHaveCount(0);
  });
});
