// The customer's LGPD rights in Meus Dados: a customer signs up, downloads their data (a JSON file
// with their e-mail), is refused with a wrong password, erases the account with the password and
// EXCLUIR, is signed out, and the old password opens nothing. axe on the page with both sections.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { axeEverywhere, expectToast, gotoHydrated, login, signedInCustomer } from './fixtures';

test('a customer downloads their data and erases their account', async ({ page }) => {
  test.slow();
  const account = await signedInCustomer(page, 'Helena Apagável Rocha');
  await gotoHydrated(page, '/area-cliente/perfil');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Seus dados', level: 2 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Excluir minha conta', level: 2 })).toBeVisible();
  await axeEverywhere(page, 'Meus Dados');

  // Baixar meus dados: a JSON attachment named after today, with the account's own e-mail.
  const download = page.waitForEvent('download');
  await main.getByRole('link', { name: 'Baixar meus dados' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^clarear-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as { perfil: { email: string; name: string }; pedidos: unknown[] };
  expect(exported.perfil).toMatchObject({ email: account.email, name: account.name });
  expect(exported.pedidos).toEqual([]);

  // Nothing typed: the page says what is missing and no dialog opens.
  const erase = main.getByRole('button', { name: 'Excluir minha conta' });
  await erase.click();
  await expect(main.getByText('Informe sua senha.')).toBeVisible();
  await expect(main.getByText('Digite EXCLUIR para confirmar.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // A wrong password: refused after the confirmation, in pt-BR; still signed in.
  await main.getByLabel('Sua senha').fill('senha-errada-999');
  await main.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR');
  await erase.click();
  const dialog = page.getByRole('alertdialog', { name: 'Excluir sua conta?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'Senha incorreta.' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await axeEverywhere(page, 'Meus Dados com erro');

  // The right password: erased, signed out, home with the toast.
  await main.getByLabel('Sua senha').fill(account.password);
  await erase.click();
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Conta excluída');
  await page.goto('/area-cliente/perfil');
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  // The old password opens nothing.
  await login(page, account.email, account.password);
  await expectToast(page, 'Sign in Failed', 'E-mail ou senha incorretos.');
  await expect(page).toHaveURL(/\/login/);
});
