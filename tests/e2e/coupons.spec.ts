// Coupons (issue 36) end to end: the admin creates a coupon at /admin/cupons (a refused save explains
// itself in pt-BR); a new customer types it at the cart — an unknown code is refused, the coupon beats
// the welcome 10% and its line names the code, a reload keeps it — and pays by card; the order page,
// the e-mail, the admin's list (uses, discount given) and Relatórios (per coupon) show it. A coupon
// smaller than the welcome offer is not applied and the page says why. Axe on the admin pages and
// the checkout with a coupon's answer, light and dark, desktop and phone.
import { expect, test, type Page } from '@playwright/test';
import { generateCpf, formatCpf } from '@brazilian-utils/brazilian-utils';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated, latestMail, payNow, signedInCustomer, addFirstSizeToCart } from './fixtures';

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

/** The admin's new coupon, through the form. */
async function createCoupon(page: Page, code: string, percent: string, maxUses: string) {
  await gotoHydrated(page, '/admin/cupons/novo');
  await page.getByLabel('Código *').fill(code.toLowerCase());
  await page.getByLabel('Percentual (%)').fill(percent);
  await page.getByLabel('Total de usos').fill(maxUses);
  await page.getByRole('button', { name: 'Salvar cupom' }).click();
  await expectToast(page, 'Cupom salvo!', `O cupom ${code} foi salvo.`);
  await expect(page.getByRole('heading', { level: 1, name: `Cupom ${code}` })).toBeVisible();
}

async function applyCoupon(page: Page, code: string) {
  const field = page.getByRole('region', { name: 'Cupom de desconto' });
  await field.getByLabel('Código do cupom').fill(code);
  await field.getByRole('button', { name: 'Aplicar' }).click();
  return field;
}

test('the admin creates a coupon; a customer applies it, pays, and the order, e-mail, list and Relatórios show it', async ({ page, browser }) => {
  test.slow();
  await asAdmin(page);
  // From the sidebar; the list and the form pass axe.
  await gotoHydrated(page, '/admin');
  await page.getByRole('link', { name: 'Cupons' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cupons' })).toBeVisible();
  await axeEverywhere(page, 'cupons');
  await page.getByRole('link', { name: 'Novo cupom' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo cupom' })).toBeVisible();
  // A refused save says why, beside each field.
  await page.getByLabel('Código *').fill('com espaço');
  await page.getByLabel('Percentual (%)').fill('0');
  await page.getByRole('button', { name: 'Salvar cupom' }).click();
  await expect(page.getByText('Use de 3 a 30 letras, números, "-" ou "_", sem espaços.')).toBeVisible();
  await expect(page.getByText('Informe um percentual inteiro de 1 a 100.')).toBeVisible();
  await axeEverywhere(page, 'novo cupom com erros');

  const code = uniqueCode('E2E');
  await createCoupon(page, code, '25', '50');

  // The customer: a first purchase (the welcome 10%), a 25% coupon is larger.
  const context = await browser.newContext();
  const customer = await context.newPage();
  const account = await signedInCustomer(customer, 'Helena Cupom');
  await addFirstSizeToCart(customer, 'detergente');
  await gotoHydrated(customer, '/checkout');
  await expect(customer.getByTestId('discount-line')).toContainText('Desconto de boas-vindas');
  const field = await applyCoupon(customer, 'NAOEXISTE1');
  await expect(field.getByTestId('coupon-message')).toHaveText('Cupom NAOEXISTE1 não encontrado. Confira o código.');
  await field.getByRole('button', { name: 'Remover cupom NAOEXISTE1' }).click();
  await applyCoupon(customer, ` ${code.toLowerCase()} `);
  await expect(field.getByTestId('coupon-message')).toContainText(`Cupom ${code} aplicado`);
  await expect(customer.getByTestId('discount-line')).toContainText(`Cupom ${code}`);
  const total = (await customer.getByTestId('checkout-total').textContent())!;
  // A reload keeps the code.
  await gotoHydrated(customer, '/checkout');
  await expect(customer.getByTestId('discount-line')).toContainText(`Cupom ${code}`);
  await expect(customer.getByTestId('checkout-total')).toHaveText(total);

  await customer.getByLabel('CPF ou CNPJ').fill(formatCpf(generateCpf()));
  await customer.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await payNow(customer);
  await expect(customer).toHaveURL(/\/pedido\/[0-9a-f-]{36}/);
  const orderId = /\/pedido\/([0-9a-f-]{36})/.exec(customer.url())![1]!;
  await expect(customer.getByTestId('discount-line')).toContainText(`Cupom ${code}`);
  await expect(customer.getByTestId('order-total')).toHaveText(total);
  const number = (await customer.getByRole('heading', { level: 1, name: /^Pedido / }).textContent())!.replace('Pedido ', '').trim();
  const mail = await latestMail(account.email, `Clarear: pedido ${number} confirmado`);
  expect(mail.text).toContain(`Cupom ${code}: -R$`);
  await context.close();

  // The admin's list counts the use; Relatórios show the coupon today.
  await gotoHydrated(page, '/admin/cupons');
  const row = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(row.getByTestId('coupon-uses')).toHaveText('1 de 50');
  await expect(row.getByTestId('coupon-given')).not.toHaveText('R$\u00a00,00');
  // The admin's order page names the coupon too.
  await gotoHydrated(page, `/admin/orders/${orderId}`);
  await expect(page.getByTestId('discount-line')).toContainText(`Cupom ${code}`);
  await gotoHydrated(page, '/admin/reports?periodo=hoje');
  const coupons = page.getByTestId('table-cupons');
  await expect(coupons.getByTestId('report-row').filter({ hasText: code })).toContainText('1');
});

test('a coupon smaller than the welcome offer is not applied, and the page says why', async ({ page, browser }) => {
  await asAdmin(page);
  const code = uniqueCode('MENOS');
  await createCoupon(page, code, '5', '10');
  const context = await browser.newContext();
  const customer = await context.newPage();
  await signedInCustomer(customer, 'Otávio Cupom');
  await addFirstSizeToCart(customer, 'detergente');
  await gotoHydrated(customer, '/checkout');
  const field = await applyCoupon(customer, code);
  await expect(field.getByTestId('coupon-message')).toHaveText(`Cupom ${code} não aplicado: o desconto de boas-vindas é maior ou igual (um desconto por pedido).`);
  await expect(customer.getByTestId('discount-line')).toContainText('Desconto de boas-vindas');
  await axeEverywhere(customer, 'checkout com cupom');
  await context.close();
});
