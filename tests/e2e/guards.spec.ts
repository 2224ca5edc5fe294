import { expect, test } from '@playwright/test';
import { ADMIN, createCustomer, login } from './fixtures';

test('an anonymous visitor is sent from /area-cliente to /login, and back after signing in', async ({ page }) => {
  const account = await createCustomer(page, 'Lúcia Fernandes');
  await page.context().clearCookies();
  await page.goto('/area-cliente/meus-pedidos');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Farea-cliente%2Fmeus-pedidos$/);
  await page.getByRole('main').getByLabel('E-mail').fill(account.email);
  await page.getByRole('main').getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/area-cliente\/meus-pedidos$/);
});

test('an anonymous request for /admin gets a redirect, never the page', async ({ request }) => {
  const response = await request.get('/admin', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/login/);
  const data = await request.get('/admin.data', { maxRedirects: 0 });
  expect(await data.text()).not.toContain('Painel Administrativo');
});

test('a customer who opens /admin lands on the home page', async ({ page }) => {
  const account = await createCustomer(page, 'Bruno Tavares');
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Área do Cliente' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Painel Administrativo' })).toHaveCount(0);
});

test('the admin reaches /admin and sees the admin link in the footer', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Painel Administrativo' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Área do Cliente' })).toHaveCount(0);
});
