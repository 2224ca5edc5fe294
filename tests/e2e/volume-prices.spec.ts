// Issue 35: volume prices. The seeded 5 L Detergente Alcalino Industrial costs R$ 69,90, R$ 64,90
// from 6 units and R$ 59,90 from 24 (app/db/seed/content/price-tiers.ts). The product page lists
// them and marks the one the quantity reaches; 24 in the cart are charged at R$ 59,90 each by the
// server's quote, and one unit less shows the tier before it and what is missing.
import { expect, test } from '@playwright/test';
import { axeViolations, gotoHydrated, setTheme } from './fixtures';

const PRODUCT = '/produtos/detergente-alcalino-industrial';

test('the product page shows the tiers; 24 units are charged at the tier price in the cart and the checkout total', async ({ page }) => {
  test.slow();
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
