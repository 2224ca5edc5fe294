import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectToast, signedInCustomer } from './fixtures';

test('home: featured kits, benefits, testimonials, figures and the welcome offer', async ({ page }) => {
  await page.goto('/');
  const kits = page.getByRole('region', { name: 'Kits em destaque' }).getByRole('article');
  await expect(kits).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Por que a Clarear?' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Quem usa, recomenda' }).getByRole('listitem').first()).toBeVisible();
  for (const text of ['50k+', '98%', '24h', '100+']) await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByText(/10% de desconto na sua primeira compra/)).toBeVisible();
  await expect(page.getByText('10% OFF na assinatura')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conheça a Assinatura' })).toHaveAttribute('href', '/assinatura');
  await expect(page.getByRole('link', { name: 'Ver Produtos' })).toHaveAttribute('href', '/produtos');
  // The home page carries Organization JSON-LD.
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((s) => s.includes('"Organization"'))).toBe(true);
});

test('a kit card opens the modal with what comes in the kit, and the kit goes to the cart', async ({ page }) => {
  await page.goto('/');
  const firstKit = page.getByRole('region', { name: 'Kits em destaque' }).getByRole('article').first();
  const kitName = (await firstKit.getByRole('heading').textContent())!.trim();
  await firstKit.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name: kitName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'O que vem no kit' })).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toContainText('×');
  await expect(dialog.getByRole('link', { name: /Assine e economize/ })).toBeVisible();
  await expectNoAxeViolations(page, { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expectToast(page, '✅ Produto Adicionado!');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test('/produtos: count, accent-insensitive search in the URL, category filter, list view, back and forward', async ({ page }) => {
  await page.goto('/produtos');
  const status = page.getByRole('status').filter({ hasText: 'produtos encontrados' });
  await expect(status).toHaveText(/^\d+ produtos encontrados$/);
  const total = Number((await status.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(40);
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^Kit / })).toHaveCount(0);

  await page.getByLabel('Buscar produtos por nome').fill('agua sanitaria');
  await page.getByLabel('Buscar produtos por nome').press('Enter');
  await expect(page).toHaveURL(/\/produtos\?q=agua\+sanitaria/);
  // The URL changes before the search's data arrives (and the unfiltered page lists Água Sanitária too):
  // wait for the count to change rather than reading the old page's.
  const searchCount = async () => Number((await page.getByRole('status').filter({ hasText: 'encontrado' }).textContent())!.split(' ')[0]);
  await expect.poll(searchCount).toBeLessThan(total);
  await expect.poll(searchCount).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 2, name: /Água Sanitária/ }).first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/produtos$/);
  await expect(page.getByLabel('Buscar produtos por nome')).toHaveValue('');
  await page.goForward();
  await expect(page.getByLabel('Buscar produtos por nome')).toHaveValue('agua sanitaria');

  await page.goto('/produtos');
  await page.getByLabel('Categoria').selectOption({ label: 'Cozinha' });
  await expect(page).toHaveURL(/categoria=cozinha/);
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible();
  for (const label of await cards.locator('p.uppercase').allTextContents()) expect(label).toBe('Cozinha');
  await expect(page.getByLabel('Categoria').locator('option', { hasText: 'Kits Prontos' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Ver em lista' }).click();
  await expect(page).toHaveURL(/visualizacao=lista/);
  await expect(page).toHaveURL(/categoria=cozinha/);
  await expect(page.getByRole('link', { name: 'Ver em lista' })).toHaveAttribute('aria-current', 'true');
});

test('/produtos a page at a time: 24 cards, the exact count, links keep the search and the view, a page past the end shows the last', async ({ page }) => {
  await page.goto('/produtos');
  const status = page.getByRole('status').filter({ hasText: 'produtos encontrados' });
  const total = Number((await status.textContent())!.split(' ')[0]);
  const pages = Math.ceil(total / 24);
  expect(pages).toBeGreaterThanOrEqual(2);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(24);
  const nav = page.getByRole('navigation', { name: 'Páginas de produtos' });
  await expect(nav).toContainText(`Página 1 de ${pages}`);
  await expect(nav.getByRole('link', { name: 'Anterior' })).toHaveCount(0);
  const firstOnPage1 = await cards.first().getByRole('heading').textContent();

  await page.getByRole('link', { name: 'Ver em lista' }).click();
  await expect(page).toHaveURL(/\/produtos\?visualizacao=lista$/);
  await nav.getByRole('link', { name: 'Próxima' }).click();
  await expect(page).toHaveURL(/visualizacao=lista&pagina=2$/);
  await expect(nav).toContainText(`Página 2 de ${pages}`);
  await expect(status).toHaveText(`${total} produtos encontrados`);
  await expect(cards.first().getByRole('heading')).not.toHaveText(firstOnPage1!);
  await expect(page).toHaveTitle(/página 2/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/produtos\?pagina=2$/);
  await expect(page.getByRole('link', { name: 'Ver em lista' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('link', { name: 'Ver em grade' })).toHaveAttribute('href', '/produtos?pagina=2');
  await nav.getByRole('link', { name: 'Anterior' }).click();
  await expect(page).toHaveURL(/\/produtos\?visualizacao=lista$/); // page 1 is never ?pagina=1
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/produtos$/);

  // A new search starts at its first page; a page past the end shows the last one.
  await page.goto(`/produtos?pagina=${pages}`);
  await page.getByLabel('Buscar produtos por nome').fill('detergente');
  await page.getByLabel('Buscar produtos por nome').press('Enter');
  await expect(page).toHaveURL(/\/produtos\?q=detergente/);
  expect(page.url()).not.toContain('pagina');
  await page.goto('/produtos?pagina=999');
  await expect(nav).toContainText(`Página ${pages} de ${pages}`);
  await expect(cards).toHaveCount(total - 24 * (pages - 1));
  await expect(nav.getByRole('link', { name: 'Próxima' })).toHaveCount(0);

  // The first page's data carries its cards only, not those of the last page.
  const lastName = (await cards.last().getByRole('heading').textContent())!.trim();
  const data = await page.request.get('/produtos.data');
  expect(data.status()).toBe(200);
  expect(await data.text()).not.toContain(lastName);
  expect(await (await page.request.get(`/produtos.data?pagina=${pages}`)).text()).toContain(lastName);
});

test('?q= pre-fills the search, and nothing found offers to clear it', async ({ page }) => {
  await page.goto('/produtos?q=xyzzy-inexistente');
  await expect(page.getByLabel('Buscar produtos por nome')).toHaveValue('xyzzy-inexistente');
  await expect(page.getByText('0 produtos encontrados')).toBeVisible();
  await page.getByRole('link', { name: 'Limpar busca' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});

test('odd query strings get a normal page, never a 500', async ({ request }) => {
  for (const query of [
    `q=${'a'.repeat(10_000)}`,
    'q=%25',
    'q=_',
    "q=' OR 1=1 --",
    'q=%E0%A4%A',
    'q=%00',
    'categoria=nao-existe',
    'visualizacao=<script>',
  ]) {
    const response = await request.get(`/produtos?${query}`);
    expect(response.status(), query).toBe(200);
  }
  expect((await request.get('/produtos/%E0%A4%A')).status()).toBeLessThan(500);
  expect((await request.get('/produtos/nao-existe')).status()).toBe(404);
});

test('product modal: a size is required, then the product goes to the cart', async ({ page }) => {
  await page.goto('/produtos?q=detergente');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('meter', { name: 'pH' })).toHaveAttribute('aria-valuetext', /pH \d+,\d · (Ácido|Neutro|Alcalino)/);
  const sizes = dialog.getByRole('radio');
  await expect(sizes.first()).toBeAttached();
  expect(await sizes.count()).toBeGreaterThanOrEqual(2);

  // Without a size the button is aria-disabled (announced as unavailable) but still answers a click with guidance.
  const add = dialog.getByRole('button', { name: 'Adicionar ao carrinho' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await add.click({ force: true });
  await expectToast(page, 'Selecione um tamanho', 'Por favor, escolha uma opção de embalagem.');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  await dialog.locator('label').filter({ hasText: /R\$/ }).nth(1).click();
  await expect(sizes.nth(1)).toBeChecked();
  await expect(add).toHaveAttribute('aria-disabled', 'false');
  await add.click();
  await expectToast(page, '✅ Produto Adicionado!');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(dialog).toHaveCount(0);
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('clarear_cart') ?? '[]'));
  expect(cart).toHaveLength(1);
  expect(cart[0]).toMatchObject({ name, quantity: 1 });
  expect(cart[0].size).toBeTruthy();

  // The same size again increments the line.
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  await page.getByRole('dialog').locator('label').filter({ hasText: /R\$/ }).nth(1).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
});

test('the modal closes with Escape and hands focus back to the card', async ({ page }) => {
  await page.goto('/produtos');
  const button = page.getByRole('article').first().getByRole('button', { name: /Ver detalhes/ });
  await button.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, { include: '[role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('wishlist heart: visitors are sent to log in; customers add and remove', async ({ page }) => {
  await page.goto('/produtos?q=desinfetante');
  await page.getByRole('article').first().getByRole('button', { name: /Ver detalhes/ }).click();
  await page.getByRole('button', { name: 'Adicionar à lista de desejos' }).click();
  await expectToast(page, 'Ação necessária', 'Faça login para adicionar à lista de desejos.');
  await expect(page).toHaveURL(/\/login$/);

  await signedInCustomer(page, 'Helena Prado');
  await page.goto('/produtos?q=desinfetante');
  const open = () => page.getByRole('article').first().getByRole('button', { name: /Ver detalhes/ }).click();
  await open();
  await page.getByRole('button', { name: 'Adicionar à lista de desejos' }).click();
  await expectToast(page, 'Adicionado à lista de desejos');
  await expect(page.getByRole('button', { name: 'Remover da lista de desejos' })).toHaveAttribute('aria-pressed', 'true');

  // Remembered on the server: a fresh page shows it as a favourite.
  await page.reload();
  await open();
  const remove = page.getByRole('button', { name: 'Remover da lista de desejos' });
  await expect(remove).toBeVisible();
  await remove.click();
  await expectToast(page, 'Removido da lista de desejos');
  await expect(page.getByRole('button', { name: 'Adicionar à lista de desejos' })).toHaveAttribute('aria-pressed', 'false');
});

test('the favourites action refuses visitors and bad ids', async ({ request }) => {
  const anonymous = await request.post('/favoritos', { form: { intent: 'add', productId: '00000000-0000-4000-8000-000000000000' } });
  expect(anonymous.status()).toBe(401);
});

test('every product has its own server-rendered page with Product JSON-LD in BRL', async ({ page, request }) => {
  await page.goto('/produtos?q=detergente');
  const href = await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/produtos\/[a-z0-9-]+$/);
  const html = await (await request.get(href!)).text();
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain('"priceCurrency":"BRL"');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/produtos\//);
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeAttached();
  await expectNoAxeViolations(page);
  const missing = await page.goto('/produtos/produto-que-nao-existe');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Produto não encontrado.' })).toBeVisible();
});

test('/kits lists every kit with an expandable list of its items', async ({ page }) => {
  await page.goto('/kits');
  const kits = page.getByRole('article');
  expect(await kits.count()).toBeGreaterThanOrEqual(6);
  const summary = kits.first().getByText(/O que vem no kit/);
  const items = kits.first().locator('details li');
  await expect(items.first()).toBeHidden();
  await summary.click();
  await expect(items.first()).toBeVisible();
  await expect(items.first()).toContainText('×');
});

for (const path of ['/produtos', '/kits', '/produtos?visualizacao=lista']) {
  test(`axe finds no violations on ${path}`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
