import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

const TABS = [
  ['Meus Dados', '/area-cliente/perfil'],
  ['Meus Endereços', '/area-cliente/enderecos'],
  ['Meus Pedidos', '/area-cliente/meus-pedidos'],
  ['Empresa', '/area-cliente/empresa'],
  ['Assinaturas', '/area-cliente/assinaturas'],
  ['Lista de Desejos', '/area-cliente/lista-de-desejos'],
  ['Meus Kits Salvos', '/area-cliente/kits-salvos'],
  ['Métodos de Pagamento', '/area-cliente/pagamentos'],
  ['Notificações', '/area-cliente/notificacoes'],
  ['Preferências', '/area-cliente/preferencias'],
] as const;

test('the sidebar greets by first name, shows the e-mail, the ten tabs and signs out', async ({ page }) => {
  test.slow();
  const account = await signedInCustomer(page, 'Marcela Duarte Pinto');
  await page.goto('/area-cliente');
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  const aside = page.locator('aside');
  await expect(aside.getByText('Olá, Marcela!')).toBeVisible();
  await expect(aside.getByText(account.email)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Área do cliente' }).last();
  for (const [label, href] of TABS) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  await nav.getByRole('link', { name: 'Meus Pedidos', exact: true }).click();
  await expect(page).toHaveURL(/\/area-cliente\/meus-pedidos$/);
  await expect(page.getByRole('heading', { name: 'Histórico de Pedidos' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Meus Pedidos', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
  await nav.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Até logo!', 'Você saiu da sua conta com sucesso.');
  await page.goto('/area-cliente/perfil');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Farea-cliente%2Fperfil$/);
});

test('every tab sends visitors to log in, and an unknown tab is a 404', async ({ request, page }) => {
  for (const [, href] of TABS) {
    const response = await request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(302);
    expect(response.headers().location).toMatch(/^\/login\?redirectTo=/);
  }
  const missing = await page.goto('/area-cliente/nao-existe');
  expect(missing?.status()).toBe(404);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the tabs fold into a menu', async ({ page }) => {
    test.slow();
    await signedInCustomer(page, 'Caio Nogueira');
    await gotoHydrated(page, '/area-cliente/perfil');
    await expect(page.getByRole('navigation', { name: 'Área do cliente' }).last()).toBeHidden();
    await page.getByText(/Menu da conta/).click();
    await page.getByRole('navigation', { name: 'Área do cliente' }).first().getByRole('link', { name: 'Assinaturas' }).click();
    await expect(page).toHaveURL(/\/area-cliente\/assinaturas$/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
