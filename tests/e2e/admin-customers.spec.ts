// The admin's customers: a customer signs up and buys; the admin finds them by CPF (typed with its
// mask or without), opens the customer (CPF masked, "mostrar" shows it and is recorded), and
// follows the order to its admin page. axe on both pages, light and dark, desktop and phone.
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test } from '@playwright/test';
import { asAdmin, axeEverywhere, DETERGENT, expectToast, gotoHydrated, login, signedInCustomer } from './fixtures';

test('the admin finds a customer by CPF, sees the CPF masked until "mostrar", and opens their order', async ({ page }) => {
  test.slow();
  const cpf = formatCpf(generateCpf());
  const digits = cpf.replace(/\D/g, '');
  // A Pix order with the CPF typed masked, placed through the checkout flow (the checkout page has its own specs).
  const account = await signedInCustomer(page, 'Otávio Comprador', { signIn: false, orders: [{ items: [{ slug: DETERGENT }], taxId: cpf, recipientName: 'Otávio Comprador' }] });
  const orderId = account.orders[0]!;

  await asAdmin(page);
  await gotoHydrated(page, '/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  // Digits only here; the masked CPF is typed below.
  await page.getByLabel('Buscar por nome, e-mail ou CPF/CNPJ').fill(digits);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const rows = page.getByTestId('customer-row');
  await expect(rows).toHaveCount(1);
  await gotoHydrated(page, `/admin/customers?q=${encodeURIComponent(cpf)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Otávio Comprador');
  await expect(rows).toContainText(account.email);
  await expect(rows).toContainText('Sim');
  await axeEverywhere(page, 'clientes');

  await rows.getByRole('link', { name: 'Otávio Comprador' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Otávio Comprador' })).toBeVisible();
  await expect(page.getByTestId('tax-id')).toHaveText(`***.${cpf.slice(4, 7)}.${cpf.slice(8, 11)}-**`);
  await page.getByRole('button', { name: 'mostrar o CPF/CNPJ completo' }).click();
  await expectToast(page, 'CPF/CNPJ exibido');
  await expect(page.getByTestId('tax-id')).toHaveText(cpf);
  await expect(page.getByTestId('customer-audit')).toContainText('Viu o CPF/CNPJ completo');
  await expect(page.getByTestId('customer-order')).toHaveCount(1);
  await axeEverywhere(page, 'cliente');

  await page.getByTestId('customer-order').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${orderId.slice(0, 8).toUpperCase()}` })).toBeVisible();
});

test('blocking a customer ends their session and sign-in answers in pt-BR; unblocking lets them in', async ({ page, browser }) => {
  test.slow();
  const customer = await browser.newPage();
  const account = await signedInCustomer(customer, 'Bruna Bloqueada');
  await customer.goto('/area-cliente/perfil');
  await expect(customer).toHaveURL(/\/area-cliente\/perfil$/);

  await asAdmin(page);
  await gotoHydrated(page, `/admin/customers?q=${encodeURIComponent(account.email)}`);
  await page.getByTestId('customer-row').getByRole('link', { name: 'Bruna Bloqueada' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bruna Bloqueada' })).toBeVisible();
  await page.getByRole('button', { name: 'Bloquear acesso' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Bloquear acesso' }).click();
  await expectToast(page, 'Acesso bloqueado');
  await expect(page.getByTestId('customer-audit')).toContainText('Bloqueou o acesso');

  await customer.goto('/area-cliente/perfil');
  await expect(customer).toHaveURL(/\/login\?redirectTo=/);
  await login(customer, account.email, account.password);
  await expectToast(customer, 'Sign in Failed', 'Esta conta está suspensa. Fale com o atendimento.');

  await page.getByRole('button', { name: 'Desbloquear acesso' }).click();
  await expectToast(page, 'Acesso desbloqueado');
  await login(customer, account.email, account.password);
  await expect(customer).toHaveURL(/\/area-cliente\/perfil$/);
});
