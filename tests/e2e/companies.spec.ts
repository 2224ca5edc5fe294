// Issue 35: an owner registers the company on the Empresa tab and invites a buyer by e-mail; the buyer
// opens the e-mail's link signed out, signs in from it, accepts and sees the company; the owner asks for
// invoiced payment and the admin approves it on Empresas with a limit and a term; the owner reads the
// decision. The buyer then orders 24 units at the volume price with a purchase-order number on "Boleto
// faturado", and the admin confirms the fatura's payment in Contas a receber. One browser context, its
// session changed between the three people. axe on every new page, light and dark.
import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeViolations, expectToast, gotoHydrated, latestMail, linkIn, login, payNow, setTheme, signedInCustomer } from './fixtures';

async function axeBothThemes(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `${label} (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');
}

test('an owner registers the company and invites a buyer; the admin approves invoiced payment; the buyer orders 24 at the tier price with a PO on Boleto faturado, the admin confirms it', async ({ page }) => {
  // Three people, seven pages checked by axe in two themes: longer than a one-page spec.
  test.setTimeout(240_000);
  const cnpj = formatCnpj(generateCnpj());
  const legalName = `Condomínio Jardim ${Date.now().toString(36)} Ltda`;

  // The buyer has an account of their own (not signed in here); the owner signs in.
  const buyer = await signedInCustomer(page, 'Bruno Comprador', { signIn: false });
  const owner = await signedInCustomer(page, 'Sílvia Síndica');
  await gotoHydrated(page, '/area-cliente');
  await page.getByRole('navigation', { name: 'Área do cliente' }).getByRole('link', { name: 'Empresa' }).click();
  await expect(page).toHaveURL(/\/area-cliente\/empresa$/);
  await expect(page.getByRole('heading', { name: 'Cadastrar empresa' })).toBeVisible();
  await axeBothThemes(page, 'empresa: cadastro');

  await page.getByLabel('CNPJ', { exact: true }).fill(cnpj);
  await page.getByLabel('Razão social').fill(legalName);
  await page.getByLabel('Nome fantasia (opcional)').fill('Jardim');
  await page.getByRole('radio', { name: /Não contribuinte/ }).check();
  await page.getByRole('button', { name: 'Cadastrar empresa' }).click();
  await expectToast(page, 'Empresa cadastrada!');
  await expect(page.getByTestId('company-cnpj')).toHaveText(cnpj);

  await page.getByLabel('E-mail do comprador').fill(buyer.email);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expectToast(page, 'Convite enviado');
  await expect(page.getByRole('list', { name: 'Convites pendentes' })).toContainText(buyer.email);
  await axeBothThemes(page, 'empresa: responsável');
  // The owner's edit form, opened and checked too.
  await page.getByRole('link', { name: 'Editar dados da empresa' }).click();
  await expect(page.getByRole('button', { name: 'Salvar dados da empresa' })).toBeVisible();
  await axeBothThemes(page, 'empresa: editar');
  await page.getByLabel('Nome fantasia (opcional)').fill('Jardim das Flores');
  await page.getByRole('button', { name: 'Salvar dados da empresa' }).click();
  await expectToast(page, 'Dados da empresa salvos');
  await expect(page.getByRole('heading', { name: 'Jardim das Flores' })).toBeVisible();

  const mail = await latestMail(buyer.email, 'Convite para comprar');
  const link = new URL(linkIn(mail));
  expect(link.pathname).toMatch(/^\/empresa\/convite\/[A-Za-z0-9_-]+$/);

  // The owner asks for invoiced payment.
  await page.getByRole('button', { name: 'Pedir pagamento faturado' }).click();
  await expect(page.getByTestId('credit-status')).toHaveText('Pedido em análise: avisaremos por e-mail quando for decidido.');

  // The buyer opens the link signed out, signs in from it and comes back to accept.
  await page.context().clearCookies();
  await gotoHydrated(page, link.pathname);
  await expect(page.getByRole('main')).toContainText(legalName);
  await expect(page.getByRole('main')).toContainText(buyer.email);
  await axeBothThemes(page, 'convite (sem login)');
  await page.getByRole('link', { name: 'Entrar para aceitar' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  // The login form of this page (it keeps redirectTo), not the helper's fresh /login.
  const form = page.getByRole('main');
  await form.getByLabel('E-mail').fill(buyer.email);
  await form.getByLabel('Senha', { exact: true }).fill(buyer.password);
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${link.pathname}$`));
  await expect(page.getByRole('button', { name: 'Aceitar convite' })).toBeVisible();
  await axeBothThemes(page, 'convite');
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page).toHaveURL(/\/area-cliente\/empresa$/);
  await expectToast(page, 'Convite aceito!');
  await expect(page.getByRole('main')).toContainText(legalName);
  const people = page.getByRole('list', { name: 'Pessoas da empresa' });
  await expect(people).toContainText('Bruno Comprador');
  await expect(people).toContainText('Sílvia Síndica');
  await expect(page.getByRole('button', { name: 'Enviar convite' })).toHaveCount(0);
  await axeBothThemes(page, 'empresa: comprador');
  // The link works once.
  await gotoHydrated(page, link.pathname);
  await expect(page.getByRole('alert')).toContainText('Este convite já foi usado.');

  // At checkout the buyer buys for the company: its CNPJ fixed.
  await page.goto(`/produtos?q=${encodeURIComponent('detergente')}`);
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByText(`Comprando para: ${legalName} (${cnpj})`)).toBeVisible();
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cnpj);
  await expect(page.getByLabel('CPF ou CNPJ')).not.toBeEditable();
  await axeBothThemes(page, 'checkout da empresa');

  // The admin decides on Empresas.
  await page.context().clearCookies();
  const adminPage = await asAdmin(page);
  await gotoHydrated(adminPage, '/admin');
  await adminPage.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Empresas' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/empresas$/);
  await adminPage.getByLabel('Buscar por razão social ou CNPJ').fill(cnpj);
  await adminPage.getByRole('button', { name: 'Buscar' }).click();
  await expect(adminPage.getByTestId('company-row')).toHaveCount(1);
  await expect(adminPage.getByTestId('company-row')).toContainText('Em análise');
  await axeBothThemes(adminPage, 'admin: empresas');

  await adminPage.getByRole('link', { name: legalName }).click();
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(legalName);
  await expect(adminPage.getByRole('main')).toContainText('Bruno Comprador');
  await axeBothThemes(adminPage, 'admin: empresa');
  await adminPage.getByLabel('Limite de crédito (R$)').fill('5.000,00');
  await adminPage.getByLabel('Prazo do boleto').selectOption('28');
  await adminPage.getByRole('button', { name: 'Aprovar pagamento faturado' }).click();
  await expectToast(adminPage, 'Pagamento faturado aprovado');
  await expect(adminPage.getByTestId('admin-credit-status')).toContainText('Aprovado');
  await expect(adminPage.getByTestId('admin-credit-status')).toContainText('28 dias');

  await page.context().clearCookies();
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/area-cliente/);
  await gotoHydrated(page, '/area-cliente/empresa');
  await expect(page.getByTestId('credit-status')).toHaveText('Aprovado com limite de R$ 5.000,00 e prazo de 28 dias.');
  const decision = await latestMail(owner.email, 'Pagamento faturado aprovado');
  expect(decision.text).toContain('28 dias');

  // The buyer orders 24 × 5 L of Detergente Alcalino Industrial at the tier price (R$ 59,90 from 24,
  // seeded), with the company's purchase-order number, on Boleto faturado.
  await page.context().clearCookies();
  await login(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/area-cliente/);
  // The cart follows the account (issue 36): the detergent added above is still in it, so the buyer
  // empties it first, and waits for that to reach the server's copy.
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const emptied = page.waitForResponse((r) => r.url().endsWith('/carrinho/sync') && (r.request().postData() ?? '').includes('mode=put'));
  await page.getByRole('button', { name: 'Esvaziar carrinho' }).click();
  await emptied;
  await gotoHydrated(page, '/produtos/detergente-alcalino-industrial');
  const product = page.getByRole('main');
  await product.locator('label').filter({ hasText: '5 L' }).click();
  await product.getByLabel('Quantidade').fill('24');
  await product.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-unit-price')).toHaveText('R$ 59,90 cada');
  await expect(page.getByTestId('invoiced-cart-note')).toContainText('pedido mínimo para faturamento');
  await page.getByLabel('Nº do pedido de compra (opcional)').fill('PC-2026/0077');
  const invoiced = page.getByRole('radio', { name: /Boleto faturado em 28 dias/ });
  await expect(invoiced).toBeEnabled();
  await invoiced.check();
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}(\?novo=1)?$/);
  const orderId = /\/pedido\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByTestId('fatura')).toContainText(/Boleto faturado — vence em \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByTestId('purchase-order')).toHaveText('Nº do pedido de compra: PC-2026/0077');
  await expect(page.getByRole('main')).toContainText('R$ 59,90');
  await expect(page.getByRole('main')).toContainText(legalName);

  // The admin finds it in Contas a receber and confirms the payment.
  await page.context().clearCookies();
  const finance = await asAdmin(page);
  await gotoHydrated(finance, '/admin/contas-a-receber');
  const row = finance.getByRole('row', { name: new RegExp(legalName) });
  await expect(row).toContainText(orderId.slice(0, 8).toUpperCase());
  await expect(row).toContainText('Aberta');
  await row.getByRole('button', { name: /Confirmar pagamento/ }).click();
  await row.getByLabel('Referência do pagamento').fill('TED PC-2026/0077');
  await row.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expectToast(finance, 'Pagamento confirmado');
  // The company's page shows nothing open any more.
  await gotoHydrated(finance, '/admin/empresas');
  await finance.getByLabel('Buscar por razão social ou CNPJ').fill(cnpj);
  await finance.getByRole('button', { name: 'Buscar' }).click();
  await finance.getByRole('link', { name: legalName }).click();
  await expect(finance.getByTestId('company-receivables')).toContainText('Nenhuma fatura em aberto.');
  await expect(finance.getByTestId('company-receivables')).toContainText('disponível R$\u00a05.000,00');
});
