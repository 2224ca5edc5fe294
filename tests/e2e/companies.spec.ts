// Issue 35: an owner registers the company on the Empresa tab and invites a buyer by e-mail; the buyer
// opens the e-mail's link signed out, signs in from it, accepts and sees the company; the owner asks for
// invoiced payment and the admin approves it on Empresas with a limit and a term; the owner reads the
// decision. One browser context, its session changed between the three people. axe on every new page,
// light and dark.
import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeViolations, expectToast, gotoHydrated, latestMail, linkIn, login, setTheme, signedInCustomer } from './fixtures';

async function axeBothThemes(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `${label} (${theme})`).toEqual([]);
  }
  await setTheme(page, 'light');
}

test('an owner registers the company and invites a buyer who accepts; the admin approves invoiced payment', async ({ page }) => {
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
});
