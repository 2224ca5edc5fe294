// Issue 35: an owner registers the company on the Empresa tab and invites a buyer by e-mail; the buyer
// opens the e-mail's link, accepts and sees the company; the owner asks for invoiced payment and the
// admin approves it on Empresas with a limit and a term; the owner reads the decision. axe on every new
// page, light and dark.
import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeViolations, expectToast, gotoHydrated, latestMail, linkIn, setTheme, signedInCustomer } from './fixtures';

async function axeBothThemes(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `${label} (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');
}

test('an owner registers the company and invites a buyer who accepts; the admin approves invoiced payment', async ({ page, browser }, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL;
  const cnpj = formatCnpj(generateCnpj());
  const legalName = `Condomínio Jardim ${Date.now().toString(36)} Ltda`;

  // The owner.
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

  // The buyer has an account of their own, in another browser.
  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signedInCustomer(buyerPage, 'Bruno Comprador');

  await page.getByLabel('E-mail do comprador').fill(buyer.email);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expectToast(page, 'Convite enviado');
  await expect(page.getByRole('list', { name: 'Convites pendentes' })).toContainText(buyer.email);
  await axeBothThemes(page, 'empresa: responsável');

  const mail = await latestMail(buyer.email, 'Convite para comprar');
  const link = new URL(linkIn(mail));
  expect(link.pathname).toMatch(/^\/empresa\/convite\/[A-Za-z0-9_-]+$/);

  await gotoHydrated(buyerPage, link.pathname);
  await expect(buyerPage.getByRole('main')).toContainText(legalName);
  await axeBothThemes(buyerPage, 'convite');
  await buyerPage.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(buyerPage).toHaveURL(/\/area-cliente\/empresa$/);
  await expectToast(buyerPage, 'Convite aceito!');
  await expect(buyerPage.getByRole('main')).toContainText(legalName);
  await expect(buyerPage.getByRole('list', { name: 'Pessoas da empresa' })).toContainText('Bruno Comprador');
  await expect(buyerPage.getByRole('list', { name: 'Pessoas da empresa' })).toContainText('Comprador');
  await axeBothThemes(buyerPage, 'empresa: comprador');
  // The link works once.
  await gotoHydrated(buyerPage, link.pathname);
  await expect(buyerPage.getByRole('alert')).toContainText('Este convite já foi usado.');
  await buyerContext.close();

  // The owner asks for invoiced payment.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pessoas da empresa' })).toContainText('Bruno Comprador');
  await page.getByRole('button', { name: 'Pedir pagamento faturado' }).click();
  await expect(page.getByTestId('credit-status')).toHaveText('Pedido em análise: avisaremos por e-mail quando for decidido.');

  // The admin decides on Empresas.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await asAdmin(await adminContext.newPage());
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
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('credit-status')).toHaveText('Aprovado com limite de R$ 5.000,00 e prazo de 28 dias.');
  const decision = await latestMail(owner.email, 'Pagamento faturado aprovado');
  expect(decision.text).toContain('28 dias');
});
