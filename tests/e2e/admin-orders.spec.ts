// From checkout to the customer's door: a customer buys with Pix to a new address; the admin
// finds it in /admin/orders, confirms the payment, separates, ships with a Correios code (a
// wrong one first), delivers; the customer sees each step and the tracking link, and the
// e-mails are in the outbox. A stale page is told to reload. The CSV opens with its accents,
// the packing slip has no site chrome. Axe on the new admin pages, light and dark, desktop and phone.
import { readFile } from 'node:fs/promises';
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { asAdmin, axeEverywhere, DETERGENT, expectToast, gotoHydrated, latestMail, signedInCustomer } from './fixtures';

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asAdmin(page);
  return { context, page };
}

/** Clicks an action and its confirmation; waits for the toast that says it was done. */
async function act(page: Page, action: string, done: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('alertdialog', { name: action }).getByRole('button', { name: `Sim, ${action.toLowerCase()}` }).click();
  await expectToast(page, done);
}

test('a Pix order goes from the admin list to Entregue, the customer informed at each step', async ({ page, browser }) => {
  test.slow();
  // The customer's Pix order to a new address, placed through the checkout flow (checkout.spec.ts buys through the page).
  const cpf = formatCpf(generateCpf());
  const customer = await signedInCustomer(page, 'Márcia Conceição', { orders: [{ items: [{ slug: DETERGENT }], taxId: cpf }] });
  const orderId = customer.orders[0]!;
  const number = orderId.slice(0, 8).toUpperCase();
  await page.goto(`/pedido/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');

  const { context, page: admin } = await adminPage(browser);
  // The dashboard counts what there is to send, and the sidebar leads to the orders.
  await gotoHydrated(admin, '/admin');
  await admin.getByRole('navigation').getByRole('link', { name: 'Pedidos' }).first().click();
  await expect(admin).toHaveURL(/\/admin\/orders$/);
  await admin.getByLabel('Buscar').fill(number);
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  const row = admin.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Márcia Conceição');
  await expect(row).toContainText('Aguardando pagamento');
  // Searching by CPF and by accent-free name finds it too.
  await admin.goto(`/admin/orders?q=${encodeURIComponent(cpf)}`);
  await expect(admin.getByRole('row').filter({ hasText: number })).toHaveCount(1);
  await admin.goto(`/admin/orders?q=${encodeURIComponent('marcia conceicao')}`);
  await expect(admin.getByRole('row').filter({ hasText: number })).toHaveCount(1);
  await axeEverywhere(admin, 'lista');

  await gotoHydrated(admin, `/admin/orders/${orderId}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${number}`);
  await expect(admin.getByTestId('order-address')).toContainText('Avenida Paulista, 1000 — apto 42');
  await axeEverywhere(admin, 'detalhe');

  // A second admin tab opened now goes stale once the first acts.
  const stale = await context.newPage();
  await gotoHydrated(stale, `/admin/orders/${orderId}`);

  await act(admin, 'Confirmar pagamento', 'Pagamento confirmado');
  await expect(admin.getByText('Pago', { exact: true }).first()).toBeVisible();
  await latestMail(customer.email, `pagamento do pedido ${number} confirmado`);

  await stale.getByLabel(/Motivo do cancelamento/).fill('Teste de página antiga');
  await stale.getByRole('button', { name: 'Cancelar pedido', exact: true }).click();
  await stale.getByRole('alertdialog', { name: 'Cancelar pedido' }).getByRole('button', { name: 'Sim, cancelar pedido' }).click();
  await expectToast(stale, 'Não foi possível concluir', 'O pedido mudou desde que você abriu esta página. Recarregue a página e confira antes de tentar de novo.');
  await stale.close();

  await act(admin, 'Iniciar separação', 'Separação iniciada');
  // A Correios code with a wrong check digit is refused at the field.
  await admin.getByLabel('Transportadora').selectOption('correios');
  await admin.getByLabel('Código de rastreio').fill('RA123456789BR');
  await admin.getByRole('button', { name: 'Marcar como enviado', exact: true }).click();
  await admin.getByRole('alertdialog', { name: 'Marcar como enviado' }).getByRole('button', { name: 'Sim, marcar como enviado' }).click();
  await expect(admin.getByText('Código dos Correios inválido. Use o formato AA123456789BR.').first()).toBeVisible();
  await expect(admin.getByLabel('Código de rastreio')).toHaveValue('RA123456789BR');
  await admin.getByLabel('Código de rastreio').fill('RA123456785BR');
  await act(admin, 'Marcar como enviado', 'Pedido marcado como enviado');
  const shipped = await latestMail(customer.email, `pedido ${number} enviado`);
  expect(shipped.text).toContain('RA123456785BR');
  expect(shipped.text).toContain('https://rastreamento.correios.com.br/app/index.php?objetos=RA123456785BR');

  // The customer sees it on the way, with the carrier's tracking link.
  await page.goto(`/pedido/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Enviado');
  const tracking = page.getByTestId('order-tracking').getByRole('link');
  await expect(tracking).toHaveAttribute('href', 'https://rastreamento.correios.com.br/app/index.php?objetos=RA123456785BR');
  await expect(tracking).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('order-timeline')).toContainText('Em separação');

  await act(admin, 'Marcar como entregue', 'Pedido marcado como entregue');
  await latestMail(customer.email, `pedido ${number} entregue`);
  await expect(admin.getByRole('button', { name: 'Cancelar pedido', exact: true })).toHaveCount(0);
  // The admin's history says who did each step; the customer's never does.
  await expect(admin.getByTestId('order-timeline')).toContainText('Administrador');
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Entregue');
  await expect(page.getByTestId('order-timeline')).not.toContainText('Administrador');

  // The packing slip: address and items, no site or panel chrome.
  await admin.goto(`/admin/orders/${orderId}/etiqueta`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${number}`);
  await expect(admin.getByTestId('order-address')).toContainText('CEP 01310-100');
  await expect(admin.getByTestId('sender')).toContainText('CNPJ 11.222.333/0001-81');
  await expect(admin.getByRole('link', { name: 'Pedidos' })).toHaveCount(0);
  await expect(admin.getByRole('contentinfo')).toHaveCount(0);
  await axeEverywhere(admin, 'etiqueta');

  // The CSV of the filtered list: BOM, ';', accents intact, amounts with a comma.
  await admin.goto(`/admin/orders?q=${number}`);
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes.toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ Pedido: number, Status: 'Entregue', Cliente: 'Márcia Conceição', 'CPF/CNPJ': cpf, Pagamento: 'Pix', Cidade: 'São Paulo', UF: 'SP', Transportadora: 'Correios', Rastreio: 'RA123456785BR' });
  expect(rows[0]!['Total (R$)']).toMatch(/^\d+,\d{2}$/);
  await context.close();
});

test('a customer cannot open the admin orders, their detail or the CSV', async ({ page }) => {
  await signedInCustomer(page, 'Curioso Pereira');
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/$/);
  const csv = await page.request.get('/admin/orders/export.csv');
  expect(csv.status()).toBe(403);
  expect(await csv.text()).not.toContain(';');
});
