// Issue 35: a buyer of a company approved for invoiced payment sees the minimum in the cart, checks
// out with "Boleto faturado em 28 dias" (confirmed at once, never "Pago"), finds the fatura under
// Faturas; the admin sees it in Contas a receber and confirms its payment. axe light and dark.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeViolations, expectToast, gotoHydrated, payNow, setTheme, signedInCustomer } from './fixtures';

/** Puts the first size of the first product found by `term` in the cart, then makes it `quantity` units. */
async function cartOf(page: Page, term: string, quantity: number) {
  await page.goto(`/produtos?q=${encodeURIComponent(term)}`);
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);
  await page.evaluate((q) => {
    const cart = JSON.parse(localStorage.getItem('clarear_cart') ?? '[]') as { quantity: number }[];
    localStorage.setItem('clarear_cart', JSON.stringify(cart.map((l) => ({ ...l, quantity: q }))));
  }, quantity);
}

async function axeBoth(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `${label} (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');
}

// @shared-state: the admin saves the store's invoiced minimum and instructions first.
test('a company buyer checks out with Boleto faturado; the admin confirms its payment in Contas a receber', { tag: '@shared-state' }, async ({ page, browser }) => {
  test.slow();
  const context = await browser.newContext();
  const admin = await asAdmin(await context.newPage());
  await gotoHydrated(admin, '/admin/settings');
  const settings = admin.getByRole('group', { name: 'Boleto faturado (empresas)' });
  await settings.getByLabel('Pedido mínimo para faturamento (R$)').fill('300,00');
  const instructions = `Pix para a chave financeiro@clarear.com.br — ${Date.now()}`;
  await settings.getByLabel('Instruções de pagamento da fatura').fill(instructions);
  await settings.getByRole('button', { name: 'Salvar faturamento' }).click();
  await expectToast(admin, 'Faturamento salvo!');
  await expect(admin.getByLabel('Instruções de pagamento da fatura')).toHaveValue(instructions);

  const legalName = `Metalúrgica Faturada ${Date.now()} Ltda`;
  await signedInCustomer(page, 'Compras Metalúrgica', { company: { legalName, creditLimit: '5000.00', termDays: 28 } });
  // 60 × R$ 5,90 = R$ 354,00: above the R$ 300,00 minimum.
  await cartOf(page, 'detergente', 60);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('invoiced-cart-note')).toContainText('pedido mínimo para faturamento R$\u00a0300,00');
  // A member buys for the company: its CNPJ, fixed (the server uses it whatever is posted).
  await expect(page.getByText(`Comprando para: ${legalName}`)).toBeVisible();
  await expect(page.getByLabel('CPF ou CNPJ')).not.toBeEditable();
  const invoiced = page.getByRole('radio', { name: /Boleto faturado em 28 dias/ });
  await expect(invoiced).toBeEnabled();
  await expect(page.getByTestId('invoiced-hint')).toContainText('Limite disponível: R$\u00a05.000,00');
  await invoiced.check();
  await axeBoth(page, 'checkout');
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}(\?novo=1)?$/);
  const orderId = /\/pedido\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByTestId('fatura')).toContainText(/Boleto faturado — vence em \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('main')).not.toContainText('Pagamento aprovado');
  await expect(page.getByRole('main')).toContainText('Faturado');
  await expect(page.getByTestId('fatura')).toContainText(instructions);
  await axeBoth(page, 'pedido');

  await gotoHydrated(page, '/area-cliente/faturas');
  await expect(page.getByTestId('faturas-table')).toContainText('Aberta');
  await expect(page.getByTestId('available-limit')).not.toHaveText('R$\u00a05.000,00');
  await axeBoth(page, 'faturas');

  // The admin: Contas a receber lists it, confirms the payment with a reference.
  await gotoHydrated(admin, '/admin/contas-a-receber');
  const row = admin.getByRole('row', { name: new RegExp(legalName) });
  await expect(row).toContainText(orderId.slice(0, 8).toUpperCase());
  await expect(row).toContainText('Aberta');
  await axeBoth(admin, 'contas a receber');
  await row.getByRole('button', { name: /Confirmar pagamento/ }).click();
  await row.getByLabel('Referência do pagamento').fill('TED 15/12 Banco X');
  await axeBoth(admin, 'contas a receber, confirmando');
  await row.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expectToast(admin, 'Pagamento confirmado');
  await gotoHydrated(admin, '/admin/contas-a-receber?status=paid');
  await expect(admin.getByRole('row', { name: new RegExp(legalName) })).toContainText('TED 15/12 Banco X');
  await context.close();

  await page.reload();
  await expect(page.getByTestId('faturas-table')).toContainText('Paga');
});
