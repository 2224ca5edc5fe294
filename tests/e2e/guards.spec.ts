import { expect, test } from '@playwright/test';
import { ADMIN, asAdmin, gotoHydrated, login, signedInCustomer } from './fixtures';

test('an anonymous visitor is sent from /area-cliente to /login, and back after signing in', async ({ page }) => {
  const account = await signedInCustomer(page, 'Lúcia Fernandes', { signIn: false });
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
  await signedInCustomer(page, 'Bruno Tavares');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Área do Cliente' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Painel Administrativo' })).toHaveCount(0);
});

test('the admin reaches the admin panel from the footer link', async ({ page }) => {
  await asAdmin(page);
  await gotoHydrated(page, '/area-cliente/perfil');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Área do Cliente' })).toHaveCount(0);
  await footer.getByRole('link', { name: 'Painel Administrativo' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The admin panel has its own frame: its sidebar, not the store's header and footer.
  const nav = page.getByRole('navigation', { name: 'Administração' });
  for (const name of ['Dashboard', 'Pedidos', 'Produtos', 'Assinaturas', 'Clientes', 'Relatórios', 'Mensagens', 'Newsletter', 'Configurações']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.locator('[aria-disabled="true"]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('the admin sidebar collapses to icons and remembers it; sign-out leaves the panel', async ({ page }) => {
  // A session of its own: signing out ends it, and the saved one (admin.setup.ts) is shared by the other specs.
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  await gotoHydrated(page, '/admin');
  const nav = page.getByRole('navigation', { name: 'Administração' });
  await page.getByRole('button', { name: 'Recolher menu' }).click();
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  // Labels stay for screen readers, the visible text is gone.
  await expect(nav.getByRole('link', { name: 'Produtos' })).toBeVisible();
  await expect(nav.getByText('Produtos', { exact: true })).toHaveClass(/sr-only/);
  await nav.getByRole('link', { name: 'Produtos' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await gotoHydrated(page, '/admin');
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect(nav.getByText('Produtos', { exact: true })).not.toHaveClass(/sr-only/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});
