// Stock from the admin's form to the shop: a size set to 0 shows "Esgotado" and cannot be
// chosen (another size still can), a size with 2 left shows "Últimas unidades"; a bad value
// is refused at the field; the listing card says "Últimas unidades", then "Esgotado" (still
// listed, cannot be added) when every size is out. Uses Limpa Pedras, which no kit contains and no other e2e test buys. Axe on the product form with its stock fields, light and dark, desktop and phone.
import { expect, test } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated } from './fixtures';

// @shared-state (playwright.config.ts): the catalogue and the kit builder list Limpa Pedras as it is being sold out.
test('a size set to 0 is Esgotado and cannot be bought; 2 left is Últimas unidades', { tag: '@shared-state' }, async ({ page, browser }) => {
  test.slow();
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products?q=Limpa%20Pedras');
  await page.getByRole('link', { name: 'Editar Limpa Pedras' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Limpa Pedras');
  const stock = page.getByLabel('Estoque (unidades)');
  await expect(stock).toHaveCount(2);
  await axeEverywhere(page);

  await stock.nth(0).fill('dois');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Informe um número inteiro de 0 a 1.000.000, ou deixe em branco para não controlar o estoque.')).toBeVisible();
  await expect(stock.nth(0)).toHaveValue('dois');

  await stock.nth(0).fill('2');
  await stock.nth(1).fill('0');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(stock.nth(1)).toHaveValue('0');
  await gotoHydrated(page, '/admin/products?estoque=esgotado');
  await expect(page.getByRole('row').filter({ hasText: 'Limpa Pedras' })).toContainText('Tamanho esgotado');

  const shopper = await (await browser.newContext()).newPage();
  await gotoHydrated(shopper, '/produtos/limpa-pedras');
  const sizes = shopper.getByRole('group', { name: 'Tamanho' });
  await expect(sizes.getByRole('radio', { name: /5 L/ })).toBeDisabled();
  await expect(sizes.locator('label').filter({ hasText: '5 L' })).toContainText('Esgotado');
  await expect(sizes.locator('label').filter({ hasText: '1 L' })).toContainText('Últimas unidades');
  await sizes.locator('label').filter({ hasText: '1 L' }).click();
  await shopper.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expectToast(shopper, '✅ Produto Adicionado!');
  const card = shopper.getByRole('article').filter({ has: shopper.getByRole('heading', { name: 'Limpa Pedras' }) });
  await gotoHydrated(shopper, '/produtos?q=Limpa%20Pedras');
  await expect(card).toContainText('Últimas unidades');

  // Every size out: the card stays listed, says "Esgotado", and the product cannot be added.
  await gotoHydrated(page, '/admin/products?q=Limpa%20Pedras');
  await page.getByRole('link', { name: 'Editar Limpa Pedras' }).click();
  await page.getByLabel('Estoque (unidades)').nth(0).fill('0');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await gotoHydrated(shopper, '/produtos?q=Limpa%20Pedras');
  await expect(card).toContainText('Esgotado');
  await card.getByRole('button', { name: 'Ver detalhes de Limpa Pedras' }).click();
  await expect(shopper.getByRole('dialog').getByRole('button', { name: 'Esgotado' })).toBeDisabled();
  // Nor can it go into a kit of the customer's own.
  await gotoHydrated(shopper, '/kits/monte-seu-kit?q=Limpa%20Pedras');
  const row = shopper.getByRole('article', { name: 'Limpa Pedras' });
  await expect(row).toContainText('Esgotado');
  await expect(row.getByLabel('Tamanho de Limpa Pedras')).toHaveCount(0);
  await shopper.context().close();

  // Back to untracked, so nothing else depends on this run.
  await gotoHydrated(page, '/admin/products?q=Limpa%20Pedras');
  await page.getByRole('link', { name: 'Editar Limpa Pedras' }).click();
  await page.getByLabel('Estoque (unidades)').nth(0).fill('');
  await page.getByLabel('Estoque (unidades)').nth(1).fill('');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
});
