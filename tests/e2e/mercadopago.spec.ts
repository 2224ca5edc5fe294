// A Pix purchase through Mercado Pago, in Chromium: the second e2e store talks to the local
// stand-in of Mercado Pago's API; the customer pays (the stand-in approves the payment and sends
// its signed webhook) and the order page, left open, turns to "Pagamento aprovado" by itself.
import path from 'node:path';
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test } from '@playwright/test';
import { MP_E2E } from '../../playwright.config';
import { axeEverywhere, createCustomer, login, payNow } from './fixtures';

test.use({ baseURL: `http://localhost:${MP_E2E.port}` });

test('Pix through Mercado Pago: its code on the order page, confirmed by its webhook, the page turns to "Pagamento aprovado"', async ({ page, request }) => {
  test.slow();
  const account = await createCustomer(page, 'Paula Pix Mercado', path.join(MP_E2E.dataDir, 'outbox'));
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);

  await page.goto('/produtos?q=detergente');
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/checkout');
  await page.getByLabel('Quem vai receber').fill('Paula Pix Mercado');
  await page.getByLabel('CPF ou CNPJ').fill(formatCpf(generateCpf()));
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1)!;

  // Mercado Pago's own copia e cola (its QR is drawn from it), with the deadline.
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(/^000201.*mercadopago\.com/);
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  await expect(page.getByTestId('payment-deadline')).toBeVisible();
  await expect(page.getByTestId('payment-approved')).toHaveCount(0);

  // The customer pays in their bank app: Mercado Pago approves it and notifies the store.
  const paid = await request.post(`http://127.0.0.1:${MP_E2E.controlPort}/__test/pay/${encodeURIComponent(`pedido:${orderId}:1`)}`);
  expect(paid.ok()).toBe(true);
  expect((await paid.json()).webhook).toBe(200);

  await expect(page.getByTestId('payment-approved')).toHaveText('Pagamento aprovado', { timeout: 15_000 });
  await expect(page.getByLabel('Pix copia e cola')).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toContainText('Pedido confirmado');
  await axeEverywhere(page, 'pedido pago pelo Mercado Pago');
});

test('the checkout offers Mercado Pago’s secure card fields (never our own card number input)', async ({ page }) => {
  await page.goto('/produtos?q=detergente');
  await page.getByRole('article').first().getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await page.goto('/checkout');
  // A production store with a gateway: every method, real charges, no test-mode notice.
  await expect(page.getByRole('group', { name: 'Forma de pagamento' }).getByRole('radio')).toHaveCount(3);
  await expect(page.getByText('Modo de teste')).toHaveCount(0);
  await page.getByLabel(/Cartão de crédito/).check();
  await expect(page.getByRole('group', { name: 'Dados do cartão' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Número do cartão' })).toBeVisible();
  // Offline here, their script cannot load: the customer is told, and nothing asks for the number in our page.
  await expect(page.getByRole('alert').filter({ hasText: 'formulário seguro do cartão' })).toBeVisible();
  await expect(page.locator('input[autocomplete="cc-number"], input[name*="card" i][name*="number" i]')).toHaveCount(0);
  const csp = (await page.request.get('/checkout')).headers()['content-security-policy']!;
  expect(csp).toContain('https://sdk.mercadopago.com');
  expect((await page.request.get('/')).headers()['content-security-policy']).not.toContain('mercadopago');
  await axeEverywhere(page, 'checkout com cartão do Mercado Pago');
});
