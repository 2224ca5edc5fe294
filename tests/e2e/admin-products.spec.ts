// The admin runs the catalogue from the browser (issue 6): create a product with
// two sizes and an image, see it on the storefront, edit it, delete it.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, expectNoAxeViolations, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

// A real 64×48 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SwQ0AQRCC7IBOfV79VwaZrAkFgDF8PU10AxZQfUV2od4lugELqL4iu1DvEt2ABVRfkV2od4luwAKqr8gu1LtEN2AB1VdkF+pdohuwgOorsgv1LtENWED1FdmFepfoBiyg+orsQr1LdAMWUH1FdqHeJboBjwf8JB9kppstfGUAAAAASUVORK5CYII=',
  'base64',
);

/** The product form's own fields, and one row of its sizes or kit contents. */
const fields = (page: Page) => ({
  product: page.getByRole('group', { name: 'Dados do produto' }),
  size: (n: number) => page.getByRole('group', { name: `Tamanho ${n}`, exact: true }),
  item: (n: number) => page.getByRole('group', { name: `Item ${n}`, exact: true }),
});


// @shared-state (playwright.config.ts): the products it creates change the catalogue's counts and pages while they exist.
test('the admin creates a product with two sizes and an image, edits it and deletes it; the storefront follows', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  const name = `Limpador Teste ${Date.now().toString(36)}`;
  const { product, size } = fields(page);
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { name: 'Novo produto' })).toBeVisible();
  // A new product starts empty: no name, price 0,00.
  await expect(page.getByLabel('Nome *')).toHaveValue('');
  await expect(product.getByLabel('Preço (R$)')).toHaveValue('0,00');
  await expect(page.getByLabel('pH (0 a 14)')).toHaveValue('7,0');
  await expect(page.getByLabel('Categoria')).toHaveValue('');
  await expect(page.getByLabel('É um kit')).not.toBeChecked();
  await expect(page.getByLabel('Produto em destaque')).not.toBeChecked();

  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Descrição').fill('Remove gordura sem esforço.');
  await page.getByLabel('Preço base (R$) *').fill('12,50');
  await page.getByLabel('Categoria').selectOption({ label: 'Cozinha' });
  await page.getByLabel('pH (0 a 14)').fill('9,5');
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  const imageValue = page.locator('input[type="hidden"][name="imageUrl"]');
  await expect(imageValue).toHaveValue(/^\/uploads\/.+\.webp$/);

  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await size(1).getByLabel('Tamanho', { exact: true }).fill('1 L');
  await size(1).getByLabel('Preço (R$)').fill('12,50');
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await size(2).getByLabel('Tamanho', { exact: true }).fill('5 L');
  await size(2).getByLabel('Preço (R$)').fill('49.90');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Editar produto: ${name}` })).toBeVisible();
  await expect(size(2).getByLabel('Preço (R$)')).toHaveValue('49,90');
  const imageUrl = await imageValue.inputValue();
  const editUrl = page.url();
  const productPath = await page.getByRole('link', { name: 'Ver na loja' }).getAttribute('href');

  // On the storefront at once: the list, the product page with both sizes and the uploaded image.
  await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('A partir de R$ 12,50')).toBeVisible();
  await page.goto(productPath!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('1 L')).toBeVisible();
  await expect(page.getByText('5 L')).toBeVisible();
  await expect(page.getByText('R$ 49,90').first()).toBeVisible();
  await expect(page.locator(`img[src="${imageUrl}"]`).first()).toBeVisible();
  const image = await page.request.get(imageUrl);
  expect(image.headers()['content-type']).toBe('image/webp');

  // Edit: a bad price keeps what was typed and says what is wrong; a good one saves.
  await gotoHydrated(page, editUrl);
  await page.getByLabel('Nome *').fill(`${name} Plus`);
  await page.getByLabel('Preço base (R$) *').fill('12,505');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Informe um valor como 12,50 (até 2 casas decimais).')).toBeVisible();
  await expect(page.getByLabel('Nome *')).toHaveValue(`${name} Plus`);
  await page.getByLabel('Preço base (R$) *').fill('11,90');
  await size(1).getByRole('button', { name: 'Remover' }).click();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(size(1).getByLabel('Tamanho', { exact: true })).toHaveValue('5 L');
  await expect(size(2)).toHaveCount(0);
  await page.goto(`/produtos?q=${encodeURIComponent(`${name} Plus`)}`);
  await expect(page.getByRole('heading', { name: `${name} Plus` })).toBeVisible();
  await expect(page.getByText('A partir de R$ 11,90')).toBeVisible();

  // Delete after the exact confirmation.
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(`${name} Plus`) });
  await row.getByRole('button', { name: /Excluir/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Tem certeza que deseja excluir este produto? Esta ação não pode ser desfeita.');
  await dialog.getByRole('button', { name: 'Sim, excluir produto' }).click();
  await expectToast(page, 'Produto excluído');
  await expect(page.getByRole('row', { name: new RegExp(`${name} Plus`) })).toHaveCount(0);
  await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { name: `${name} Plus` })).toHaveCount(0);
});

test('the list searches ignoring accents and paginates; an unknown product goes back to the list', async ({ page }) => {
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products');
  await expect(page.getByText('Página 1 de')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar produtos por nome' }).fill('agua sanitaria');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/q=agua\+sanitaria/);
  const names = page.getByRole('rowheader');
  await expect(names.first()).toContainText('Água Sanitária');
  for (const text of await names.allTextContents()) expect(text).toContain('Água Sanitária');

  await gotoHydrated(page, '/admin/products');
  await page.getByRole('link', { name: 'Próxima' }).click();
  await expect(page.getByText('Página 2 de')).toBeVisible();
  await page.goto('/admin/products/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expectToast(page, 'Erro ao buscar produto');
});

// @shared-state: the kit stays in /kits.
test('a kit gets its contents from the kit editor', { tag: '@shared-state' }, async ({ page }) => {
  const name = `Kit Teste ${Date.now().toString(36)}`;
  const { product, item } = fields(page);
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await page.getByLabel('Nome *').fill(name);
  await product.getByLabel('Preço (R$)').fill('89,90');
  await page.getByLabel('Preço base (R$) *').fill('89,90');
  await page.getByLabel('É um kit').check();
  await page.getByRole('button', { name: 'Adicionar item ao kit' }).click();
  await item(1).getByLabel('Produto').selectOption({ index: 1 });
  await item(1).getByLabel('Quantidade').fill('3');
  const included = await item(1).getByLabel('Produto').locator('option:checked').textContent();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(item(1).getByLabel('Quantidade')).toHaveValue('3');
  await page.goto('/kits');
  const kit = page.getByRole('article').filter({ hasText: name });
  await expect(kit).toBeVisible();
  await expect(kit).toContainText(`3× ${included!.trim()}`);
});

test('axe finds no violations on the admin product pages', async ({ browser }) => {
  // Several full axe runs: near the default 30 s on a busy machine.
  test.slow();
  const context = await browser.newContext();
  const page = await context.newPage();
  await asAdmin(page);
  for (const path of ['/admin/products', '/admin/products/new']) {
    await gotoHydrated(page, path);
    await expectNoAxeViolations(page);
  }
  await gotoHydrated(page, '/admin/products');
  await page.getByRole('link', { name: /^Editar/ }).first().click();
  await expect(page.getByRole('heading', { name: /Editar produto/ })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await expectNoAxeViolations(page);
  await context.close();
});

test('a customer who opens the admin product pages lands on the home page', async ({ page }) => {
  await signedInCustomer(page, 'Rita Moraes');
  for (const path of ['/admin/products', '/admin/products/new']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Produtos' })).toHaveCount(0);
  }
  const response = await page.request.post('/admin/products', { form: { intent: 'delete', id: '00000000-0000-4000-8000-000000000000' }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
});

test('on a tablet the sidebar starts as icons and a product row fits, actions included', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const page = await context.newPage();
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products');
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow.getByRole('link', { name: /^Editar/ })).toBeInViewport({ ratio: 1 });
  await expect(firstRow.getByRole('button', { name: /^Excluir/ })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
  await context.close();
});

// @shared-state: the product stays in the catalogue.
test('wrong size rows are flagged in pt-BR next to the row; a moved row does not take the wrong message', { tag: '@shared-state' }, async ({ page }) => {
  const name = `Produto Dois Tamanhos ${Date.now().toString(36)}`;
  const bad = 'Informe um valor como 12,50 (até 2 casas decimais).';
  const { product, size } = fields(page);
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await product.getByLabel('Nome *').fill(name);
  await product.getByLabel('Preço base (R$) *').fill('3,50');
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await size(1).getByLabel('Preço (R$)').fill('3,50');
  await size(1).getByLabel('Tamanho', { exact: true }).fill('1 L');
  await size(2).getByLabel('Tamanho', { exact: true }).fill('2 L');
  await size(2).getByLabel('Preço (R$)').fill('3,5,0');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(size(2).getByText(bad)).toBeVisible();
  await expect(size(1).getByText(bad)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(product.getByLabel('Nome *')).toHaveValue(name);
  // Typing in the row keeps its message.
  await size(2).getByLabel('Tamanho', { exact: true }).fill('2 Litros');
  await expect(size(2).getByText(bad)).toBeVisible();
  // Moving the wrong row up: the message must not stay on the position, now a correct row.
  await size(2).getByRole('button', { name: 'Mover para cima' }).click();
  await expect(size(1).getByLabel('Tamanho', { exact: true })).toHaveValue('2 Litros');
  await expect(size(2).getByText(bad)).toHaveCount(0);
  // Saving checks again and flags the row where it now is.
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(size(1).getByText(bad)).toBeVisible();
  await size(1).getByLabel('Preço (R$)').fill('5,90');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(size(1).getByLabel('Preço (R$)')).toHaveValue('3,50');
  await expect(size(2).getByLabel('Preço (R$)')).toHaveValue('5,90');
});
