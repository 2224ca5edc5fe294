import { expect, test } from '@playwright/test';
import { confirmEmail, expectToast, latestMail, linkIn, login, register, signedInCustomer, uniqueEmail } from './fixtures';

test('register, confirm by e-mail, log in, see the first name, log out', async ({ page }) => {
  const account = { name: 'Joana Ribeiro Lima', email: uniqueEmail(), password: 'minha-senha-123' };
  await register(page, account);
  await expectToast(page, 'Cadastro realizado!', 'Verifique seu e-mail e clique no link de confirmação para ativar sua conta.');

  await confirmEmail(page, account.email);
  await expectToast(page, 'E-mail confirmado');

  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  await expectToast(page, 'Login realizado');
  const menu = page.getByTestId('account-menu');
  await expect(menu).toHaveText(/Joana/);
  await expect(menu).not.toHaveText(/Ribeiro/);

  await menu.click();
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Até logo!', 'Você saiu da sua conta com sucesso.');
  await expect(page.getByRole('link', { name: /Entrar/ })).toBeVisible();
});

test('an unconfirmed account cannot log in and gets a new link', async ({ page }) => {
  const account = { name: 'Pedro Alves', email: uniqueEmail(), password: 'senha-segura-1' };
  await register(page, account);
  await login(page, account.email, account.password);
  await expectToast(page, 'Sign in Failed', 'Confirme seu e-mail antes de entrar. Enviamos um novo link de confirmação.');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('main').getByLabel('E-mail')).toHaveValue(account.email);
});

test('registration errors are shown in pt-BR and typed values are kept', async ({ page }) => {
  await page.goto('/login?modo=cadastro');
  await page.getByRole('main').getByLabel('Nome completo').fill('Carla Dias');
  await page.getByRole('main').getByLabel('E-mail').fill('carla@exemplo.com.br');
  await page.getByRole('main').getByLabel('Senha', { exact: true }).fill('senha-12345');
  await page.getByRole('main').getByLabel('Confirmar senha').fill('senha-diferente');
  await page.getByRole('main').locator('form').getByRole('button', { name: 'Criar Conta', exact: true }).click();
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
  await expect(page.getByText('Você deve aceitar os termos de uso.')).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Nome completo')).toHaveValue('Carla Dias');
  await expect(page.getByRole('main').getByLabel('E-mail')).toHaveValue('carla@exemplo.com.br');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos-uso');
  await expect(main.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/politica-privacidade');
  // Nothing was created: the page is still the registration form.
  await expect(page).toHaveURL(/modo=cadastro/);
});

test('a wrong password fails with a pt-BR message and keeps the e-mail', async ({ page }) => {
  await login(page, 'admin@clarear.com.br', 'senha-errada');
  await expectToast(page, 'Sign in Failed', 'E-mail ou senha incorretos.');
  await expect(page.getByRole('main').getByLabel('E-mail')).toHaveValue('admin@clarear.com.br');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
});

test('forgotten password: reset link by e-mail, new password works, old one does not', async ({ page }) => {
  // A reset and three sign-ins: near the default 30 s on a busy machine.
  test.slow();
  // A confirmed account from the seeding entry: the sign-up and its e-mail are the first test's subject.
  const account = await signedInCustomer(page, 'Rafael Costa', { signIn: false });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/esqueci-senha$/);
  await page.getByRole('main').getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText('Se houver uma conta com este e-mail');

  const mail = await latestMail(account.email, 'redefinição de senha');
  await page.goto(linkIn(mail));
  await page.getByRole('main').getByLabel('Nova senha', { exact: true }).fill('nova-senha-456');
  await page.getByRole('main').getByLabel('Confirmar nova senha').fill('nova-senha-456');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Senha alterada');

  await login(page, account.email, account.password);
  await expectToast(page, 'Sign in Failed', 'E-mail ou senha incorretos.');
  await login(page, account.email, 'nova-senha-456');
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(linkIn(mail));
  await page.getByRole('main').getByLabel('Nova senha', { exact: true }).fill('outra-senha-789');
  await page.getByRole('main').getByLabel('Confirmar nova senha').fill('outra-senha-789');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alert')).toContainText('Link inválido ou expirado');
});

test('asking a reset for an unknown e-mail reveals nothing', async ({ page }) => {
  await page.goto('/esqueci-senha');
  await page.getByRole('main').getByLabel('E-mail').fill(uniqueEmail('ninguem'));
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText('Se houver uma conta com este e-mail');
});

test('signing up with an e-mail that has an account looks like a new sign-up; only the owner is told, by e-mail', async ({ page }) => {
  test.slow(); // two sign-ups and two logins through the UI
  const owner = await signedInCustomer(page, 'Lívia Andrade', { signIn: false });
  const toasts = page.getByRole('region', { name: /Notificações/ });
  const pageAfter = async (account: { name: string; email: string; password: string }) => {
    await register(page, account);
    await expectToast(page, 'Cadastro realizado!', 'Verifique seu e-mail e clique no link de confirmação para ativar sua conta.');
    return { url: page.url(), toast: await toasts.innerText(), main: await page.getByRole('main').innerText() };
  };

  const afterNew = await pageAfter({ name: 'Marcos Teixeira', email: uniqueEmail('novo'), password: 'outra-senha-456' });
  const afterDuplicate = await pageAfter({ name: 'Marcos Teixeira', email: owner.email, password: 'outra-senha-456' });
  expect(afterDuplicate).toEqual(afterNew);

  const mail = await latestMail(owner.email, 'tentativa de cadastro');
  expect(mail.subject).toBe('Clarear: tentativa de cadastro com seu e-mail');
  expect(mail.text).toMatch(/^Olá, Lívia Andrade!/);
  expect(mail.text).not.toContain('outra-senha-456');
  const [signIn, reset, ...rest] = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(rest).toEqual([]);

  // The sign-in link opens the login page; the password typed in the attempt does not work there, the owner's does.
  await page.goto(signIn!);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
  await login(page, owner.email, 'outra-senha-456');
  await expectToast(page, 'Sign in Failed', 'E-mail ou senha incorretos.');
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);

  // The reset link opens the forgotten-password page.
  await page.context().clearCookies();
  await page.goto(reset!);
  await expect(page).toHaveURL(/\/esqueci-senha$/);
  await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible();
});
