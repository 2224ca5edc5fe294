// Issue 35: volume prices. The seeded 5 L Detergente Alcalino Industrial costs R$ 69,90, R$ 64,90
// from 6 units and R$ 59,90 from 24 (app/db/seed/content/price-tiers.ts). The product page lists
// them and marks the one the quantity reaches; 24 in the cart are charged at R$ 59,90 each by the
// server's quote, and one unit less shows the tier before it and what is missing.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeViolations, expectToast, gotoHydrated, setTheme } from './fixtures';

const PRODUCT = '/produtos/detergente-alcalino-industrial';

test('the product page shows the tiers; 24 units are charged at the tier price in the cart and the checkout total', async ({ page }) => {
  test.slow();
  // The product modal of the catalogue shows them too.
  await gotoHydrated(page, '/produtos?q=alcalino');
  const card = page.getByRole('article').filter({ hasText: 'Detergente Alcalino Industrial' });
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Detergente Alcalino Industrial' });
  await expect(dialog.getByTestId('volume-prices')).toContainText('a partir de 24 un.: R$ 59,90');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await gotoHydrated(page, PRODUCT);
  const main = page.getByRole('main');
  // Before a size is chosen: each size with tiers, and the rule of the one 10 %.
  const before = main.getByTestId('volume-prices');
  await expect(before).toHaveCount(1);
  await expect(before).toContainText('Preços por quantidade (5 L)');
  await expect(before).toContainText('a partir de 6 un.: R$ 64,90');
  await expect(before).toContainText('a partir de 24 un.: R$ 59,90');
  await expect(before).toContainText('nunca os dois juntos');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `produto (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');

  await main.locator('label').filter({ hasText: '5 L' }).click();
  const quantity = main.getByLabel('Quantidade');
  await quantity.fill('24');
  const tiers = main.getByTestId('volume-prices');
  await expect(tiers.getByRole('listitem').filter({ hasText: 'a partir de 24 un.' })).toContainText('(aplicado)');
  await expect(tiers.getByTestId('next-tier')).toHaveCount(0);
  await quantity.fill('4');
  await expect(tiers.getByTestId('next-tier')).toHaveText('Faltam 2 un. para R$ 64,90 cada');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `produto com tamanho escolhido (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');
  await quantity.fill('24');
  await main.getByRole('button', { name: 'Adicionar ao carrinho' }).click();

  await gotoHydrated(page, '/checkout');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-unit-price')).toHaveText('R$ 59,90 cada');
  await expect(line.getByTestId('applied-tier')).toHaveText('Preço por quantidade (a partir de 24 un.)');
  await expect(page.getByTestId('volume-rule')).toContainText('nunca os dois juntos');
  // Signed out and without a CEP: no discount, no freight yet; the server's total is 24 × R$ 59,90.
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 1.437,60');

  // One unit less: the 6-unit tier, and how many units reach the 24 one.
  await page.getByRole('button', { name: /Diminuir quantidade de/ }).click();
  await expect(line.getByTestId('cart-unit-price')).toHaveText('R$ 64,90 cada');
  await expect(line.getByTestId('next-tier')).toHaveText('Falta 1 un. para R$ 59,90 cada');
  await expect(page.getByTestId('checkout-total')).toHaveText('R$ 1.492,70');
  // No "price changed" notice: reaching or leaving a tier is not a change of the size's price.
  await expect(page.getByText('Atualizamos seu carrinho com os preços atuais:')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `carrinho (${theme})`).toEqual([]);
  }
});

const size = (page: Page, n: number) => page.getByRole('group', { name: `Tamanho ${n}`, exact: true });

// @shared-state (playwright.config.ts): the product it creates stays in the catalogue.
test('the admin edits a size’s tiers: bad rows refused in pt-BR beside their fields, what was typed kept', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  const name = `Galão Faixas ${Date.now().toString(36)}`;
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Preço base (R$) *').fill('50,00');
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  const gallon = size(page, 1);
  await gallon.getByLabel('Tamanho', { exact: true }).fill('5 L');
  await gallon.getByLabel('Preço (R$)', { exact: true }).fill('50,00');
  await gallon.getByRole('button', { name: 'Adicionar faixa de preço' }).click();
  await gallon.getByRole('button', { name: 'Adicionar faixa de preço' }).click();
  await gallon.getByLabel('Faixa 1: a partir de (un.)').fill('6');
  await gallon.getByLabel('Faixa 1: preço por unidade (R$)').fill('55,00');
  await gallon.getByLabel('Faixa 2: a partir de (un.)').fill('6');
  await gallon.getByLabel('Faixa 2: preço por unidade (R$)').fill('40,00');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(gallon.getByText('O preço da faixa deve ser menor que o preço do tamanho (1 unidade).')).toBeVisible();
  await expect(gallon.getByText('Esta quantidade já está em outra faixa.')).toBeVisible();
  await expect(gallon.getByLabel('Faixa 2: a partir de (un.)')).toHaveAttribute('aria-invalid', 'true');
  await expect(gallon.getByLabel('Faixa 1: preço por unidade (R$)')).toHaveValue('55,00');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `formulário com faixas (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');

  await gallon.getByLabel('Faixa 1: preço por unidade (R$)').fill('45,00');
  await gallon.getByLabel('Faixa 2: a partir de (un.)').fill('24');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(gallon.getByLabel('Faixa 1: preço por unidade (R$)')).toHaveValue('45,00');
  await expect(gallon.getByLabel('Faixa 2: a partir de (un.)')).toHaveValue('24');

  // Removing a row and saving drops that tier.
  await gallon.getByRole('button', { name: 'Remover faixa 2' }).click();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(gallon.getByLabel('Faixa 2: a partir de (un.)')).toHaveCount(0);
  await expect(gallon.getByLabel('Faixa 1: a partir de (un.)')).toHaveValue('6');
});
