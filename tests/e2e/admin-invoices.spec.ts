// The admin's NF-e views (issue 34): an order without a note reads "Sem nota" in /admin/orders and the
// NF-e filter finds it under "Sem nota", not under "Autorizada" (the filter kept in the URL with the
// search); "Notas fiscais" in the sidebar opens the current month; a month without notes says so and
// offers no ZIP (the ZIP's address answers a pt-BR 404); a malformed month is refused on the page.
// Axe on both pages, light and dark, desktop and phone. Notes themselves (listed, zipped) are covered
// by tests/integration/admin-invoices.test.ts; this spec writes no note, so it reads nothing others write.
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test } from '@playwright/test';
import { asAdmin, axeEverywhere, DETERGENT, gotoHydrated, signedInCustomer } from './fixtures';

test('the order list filters by NF-e and the Notas fiscais page shows a month', async ({ page, browser }) => {
  test.slow();
  const customer = await signedInCustomer(page, 'Olga Semnota', { orders: [{ items: [{ slug: DETERGENT }], taxId: formatCpf(generateCpf()) }] });
  const orderId = customer.orders[0]!;
  const number = orderId.slice(0, 8).toUpperCase();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await asAdmin(admin);
  await gotoHydrated(admin, `/admin/orders?q=${number}`);
  const row = admin.getByRole('row').filter({ hasText: number });
  await expect(row.getByTestId('order-nfe')).toHaveText('Sem nota');

  // The NF-e filter, with the search kept.
  await admin.getByLabel('NF-e', { exact: true }).selectOption('sem-nota');
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin).toHaveURL(/nfe=sem-nota/);
  await expect(admin).toHaveURL(new RegExp(`q=${number}`));
  await expect(admin.getByRole('row').filter({ hasText: number })).toHaveCount(1);
  await expect(admin.getByLabel('NF-e', { exact: true })).toHaveValue('sem-nota');
  await axeEverywhere(admin, 'lista com filtro de NF-e');
  await admin.getByLabel('NF-e', { exact: true }).selectOption('autorizada');
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin).toHaveURL(/nfe=autorizada/);
  await expect(admin.getByText('Nenhum pedido encontrado com esses filtros.')).toBeVisible();
  // An unknown value is dropped, as the list's other filters are.
  await gotoHydrated(admin, `/admin/orders?q=${number}&nfe=talvez`);
  await expect(admin.getByRole('row').filter({ hasText: number })).toHaveCount(1);

  // The sidebar leads to the current month's notes.
  await admin.getByRole('navigation').getByRole('link', { name: 'Notas fiscais' }).first().click();
  await expect(admin).toHaveURL(/\/admin\/notas-fiscais$/);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Notas fiscais');
  await expect(admin.getByRole('main').getByRole('heading', { level: 2 })).toContainText(/Notas de \p{L}+ de \d{4}/u);
  await expect(admin.getByTestId('nfe-summary')).toBeVisible();
  await axeEverywhere(admin, 'notas do mês');

  // A month long before the store: nothing, and no ZIP to download.
  await gotoHydrated(admin, '/admin/notas-fiscais?mes=2020-01');
  await expect(admin.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Notas de janeiro de 2020');
  await expect(admin.getByText('Nenhuma nota fiscal em janeiro de 2020.')).toBeVisible();
  await expect(admin.getByTestId('nfe-zip')).toHaveCount(0);
  await admin.getByRole('link', { name: 'Mês seguinte' }).click();
  await expect(admin).toHaveURL(/mes=2020-02/);
  await expect(admin.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Notas de fevereiro de 2020');
  const zip = await admin.request.get('/admin/notas-fiscais/2020-01.zip');
  expect(zip.status()).toBe(404);
  expect(await zip.text()).toContain('Nenhum XML de NF-e em janeiro de 2020');
  // The month picker.
  await admin.getByLabel('Mês', { exact: true }).fill('2020-03');
  await admin.getByRole('button', { name: 'Ver mês' }).click();
  await expect(admin).toHaveURL(/mes=2020-03/);
  await expect(admin.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Notas de março de 2020');

  // A malformed month: refused on the page, with the picker to choose another.
  const bad = await gotoHydrated(admin, '/admin/notas-fiscais?mes=2020-13');
  expect(bad?.status()).toBe(400);
  await expect(admin.getByRole('alert').filter({ hasText: 'Mês inválido' })).toBeVisible();
  await axeEverywhere(admin, 'mês inválido');
  await context.close();
});
