// Issue 35: a company types its purchase-order number at checkout and finds it on the order and in
// Meus Pedidos; "Comprar novamente" puts the order's goods back in the cart.
import { expect, test } from '@playwright/test';
import { axeViolations, gotoHydrated, payNow, setTheme, signedInCustomer, addFirstSizeToCart } from './fixtures';

test('a CNPJ buyer’s purchase-order number is on the order; “Comprar novamente” fills the cart', async ({ page }) => {
  test.slow();
  await signedInCustomer(page, 'Distribuidora Limpa Tudo Ltda');
  await addFirstSizeToCart(page, 'detergente');
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  const po = page.getByLabel('Nº do pedido de compra (opcional)');
  await expect(po).toHaveCount(0);
  await page.getByLabel('CPF ou CNPJ').fill('11.222.333/0001-81');
  await page.getByRole('group', { name: 'Inscrição Estadual' }).getByRole('radio', { name: 'Não contribuinte' }).check();
  await po.fill('PC<2026>');
  await payNow(page);
  await expect(page.getByText('Use só letras, números, espaços e - / . _ no Nº do pedido de compra.')).toBeVisible();
  await expect(po).toHaveValue('PC<2026>');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `checkout (${theme})`).toEqual([]);
  }
  await po.fill('PC-2026/0042');
  await page.getByRole('button', { name: 'Pagar Agora' }).click();
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('purchase-order')).toHaveText('Nº do pedido de compra: PC-2026/0042');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `pedido (${theme})`).toEqual([]);
  }

  await gotoHydrated(page, '/area-cliente/meus-pedidos');
  await expect(page.getByRole('main')).toContainText('Pedido de compra: PC-2026/0042');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `meus pedidos (${theme})`).toEqual([]);
  }

  // The cart was emptied by the purchase; buying again puts the line back.
  await page.getByTestId('buy-again').first().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByText('Itens no carrinho').first()).toBeVisible();
});
