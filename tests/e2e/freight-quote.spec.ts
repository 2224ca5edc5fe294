import { expect, test } from '@playwright/test';
import { axeEverywhere, expectNoAxeViolations } from './fixtures';

// "Calcular frete" on a product (issue 33): the seeded store delivers anywhere with Entrega Clarear, free,
// by a promised date. The form loads only when asked for; the CEP typed is remembered for the next product.
const OPTION = /^Entrega Clarear — Grátis — chega até \d{2}\/\d{2}$/;

test('a product page quotes the chosen size to a CEP: Entrega Clarear, Grátis, chega até dd/mm', async ({ page }) => {
  await page.goto('/produtos/detergente-neutro-concentrado');
  await page.locator('label').filter({ hasText: /^1 L/ }).click();
  await expect(page.getByRole('radio', { name: /^1 L/ })).toBeChecked();

  await page.getByRole('button', { name: 'Calcular frete' }).click();
  const freight = page.getByTestId('freight-quote');
  const cep = freight.getByLabel('CEP', { exact: true });
  // The opener is gone: the CEP field has the focus.
  await expect(cep).toBeFocused();
  await expect(freight.getByRole('link', { name: /Não sei meu CEP/ })).toHaveAttribute('href', 'https://buscacepinternet.correios.com.br');
  await expect(freight.getByRole('link', { name: /Não sei meu CEP/ })).toHaveAttribute('target', '_blank');
  await expect(freight.getByRole('link', { name: /Não sei meu CEP/ })).toHaveAttribute('rel', 'noopener');

  // A CEP that is not one is refused before anything is posted.
  await cep.fill('0100');
  await freight.getByRole('button', { name: 'Calcular frete' }).click();
  await expect(freight.getByRole('alert')).toHaveText('Informe um CEP válido.');
  await expect(cep).toHaveAttribute('aria-invalid', 'true');

  await cep.fill('01001000');
  await expect(cep).toHaveValue('01001-000');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/frete/cotacao') && r.request().method() === 'POST');
  await freight.getByRole('button', { name: 'Calcular frete' }).click();
  const response = await answered;
  expect(response.headers()['cache-control']).toBe('private, no-store');
  await expect(freight.getByRole('alert')).toHaveCount(0);
  await expect(freight.getByText('Detergente Neutro Concentrado (1 L) para o CEP 01001-000:')).toBeVisible();
  await expect(freight.getByTestId('freight-quote-options').getByRole('listitem')).toHaveText([OPTION]);
  expect(await page.evaluate(() => localStorage.getItem('clarear_cep'))).toBe('01001000');

  // Another size is quoted by itself for the same CEP.
  await page.locator('label').filter({ hasText: /^5 L/ }).click();
  await expect(freight.getByText('Detergente Neutro Concentrado (5 L) para o CEP 01001-000:')).toBeVisible();
  await expect(freight.getByTestId('freight-quote-options').getByRole('listitem')).toHaveText([OPTION]);

  await axeEverywhere(page, 'produto com o frete');
});

test('the product modal quotes a kit, starting from the CEP remembered in this browser', async ({ page }) => {
  await page.goto('/kits');
  await page.evaluate(() => localStorage.setItem('clarear_cep', '69005000'));
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').first().textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Calcular frete' }).click();
  const freight = dialog.getByTestId('freight-quote');
  await expect(freight.getByLabel('CEP', { exact: true })).toHaveValue('69005-000');
  // Quoted at once, for the kit itself (no size to choose).
  await expect(freight.getByText(`${name} para o CEP 69005-000:`)).toBeVisible();
  await expect(freight.getByTestId('freight-quote-options').getByRole('listitem')).toHaveText([OPTION]);
  await expectNoAxeViolations(page, { include: '[role="dialog"]' });
});
