// Issue 35, orçamentos: a customer asks for a quote from the cart (60 units), the admin answers with
// a unit price and the freight, the customer accepts and pays by Pix → an order at exactly the
// quoted prices. axe light and dark on every new page.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeViolations, fillNewAddress, gotoHydrated, setTheme, signedInCustomer } from './fixtures';

async function axeBoth(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `${label} (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');
}

test('a quote asked from the cart, answered by the admin, accepted and paid becomes an order at the quoted price', async ({ page, browser }) => {
  test.slow();
  await signedInCustomer(page, 'Condomínio Jardim das Flores');
  // One size of a detergent, 60 units (from the store's minimum of 50, any customer may ask).
  await page.goto('/produtos?q=detergente');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);
  await page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('clarear_cart') ?? '[]') as { quantity: number }[];
    cart[0]!.quantity = 60;
    localStorage.setItem('clarear_cart', JSON.stringify(cart));
  });

  await gotoHydrated(page, '/checkout');
  const ask = page.getByTestId('quote-request');
  await expect(ask.getByRole('button', { name: 'Solicitar orçamento' })).toBeVisible();
  await axeBoth(page, 'carrinho com orçamento');
  await ask.getByLabel('Observações para o orçamento').fill('Compra mensal para o condomínio, entrega às segundas.');
  await ask.getByRole('button', { name: 'Solicitar orçamento' }).click();
  await expect(page).toHaveURL(/\/area-cliente\/orcamentos\/[0-9a-f-]{36}$/);
  const quoteUrl = new URL(page.url()).pathname;
  const quoteId = quoteUrl.split('/').pop()!;
  // The goods went into the quote: the cart is empty, nothing bought twice.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('clarear_cart') ?? '[]') as unknown[])).toEqual([]);
  await expect(page.getByTestId('quote-status')).toHaveText('Novo');
  await expect(page.getByTestId('quote-thread')).toContainText('Compra mensal para o condomínio');
  await axeBoth(page, 'orçamento do cliente (novo)');
  await gotoHydrated(page, '/area-cliente/orcamentos');
  await expect(page.getByTestId('customer-quotes')).toContainText('Novo');
  await axeBoth(page, 'lista de orçamentos do cliente');

  // The admin answers: R$ 5,00 a unit, R$ 10,00 of freight, with a message.
  const adminContext = await browser.newContext();
  const admin = await asAdmin(await adminContext.newPage());
  await gotoHydrated(admin, '/admin/orcamentos?status=novo');
  await expect(admin.getByRole('link', { name: quoteId.slice(0, 8).toUpperCase() })).toBeVisible();
  await axeBoth(admin, 'admin orçamentos');
  await admin.getByRole('link', { name: quoteId.slice(0, 8).toUpperCase() }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orcamentos/${quoteId}$`));
  await admin.waitForFunction(() => Object.keys(document.querySelector('main')!).some((k) => k.startsWith('__reactProps$')));
  await axeBoth(admin, 'admin orçamento');
  await admin.getByRole('textbox', { name: /^Preço unitário de / }).fill('5,00');
  await admin.getByLabel('Frete em R$ (opcional)').fill('10,00');
  await admin.getByLabel('Mensagem ao cliente (opcional)').fill('Preço especial para 60 unidades.');
  await admin.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(admin.getByTestId('quote-status')).toHaveText('Respondido');
  await adminContext.close();

  // The customer sees the answer and accepts it.
  await gotoHydrated(page, quoteUrl);
  await expect(page.getByTestId('quote-status')).toHaveText('Respondido');
  await expect(page.getByTestId('quote-total')).toHaveText('R$ 310,00');
  await expect(page.getByTestId('quote-thread')).toContainText('Preço especial para 60 unidades.');
  await axeBoth(page, 'orçamento do cliente (respondido)');
  await page.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page).toHaveURL(new RegExp(`/orcamento/${quoteId}/pagar\\?versao=1$`));
  await page.waitForFunction(() => Object.keys(document.querySelector('main')!).some((k) => k.startsWith('__reactProps$')));

  await fillNewAddress(page);
  await page.getByLabel('CPF ou CNPJ').fill(generateCpf());
  await expect(page.getByTestId('quote-checkout-total')).toHaveText('R$ 310,00');
  await axeBoth(page, 'pagar orçamento');
  const terms = page.getByRole('checkbox', { name: 'Li e aceito os Termos de Uso' });
  if ((await terms.count()) > 0) await terms.check();
  await page.getByRole('button', { name: 'Pagar Agora' }).click();
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('order-total')).toHaveText('R$ 310,00');

  // The quote is now aceito and names its order.
  await gotoHydrated(page, quoteUrl);
  await expect(page.getByTestId('quote-status')).toHaveText('Aceito');
  await expect(page.getByText('Pedido gerado:')).toBeVisible();
});
