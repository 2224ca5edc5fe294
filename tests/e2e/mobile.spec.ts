import { expect, test } from '@playwright/test';
import { gotoHydrated, signedInCustomer } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

for (const path of ['/', '/login']) {
  test(`${path} fits 360 px without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    // On a phone, content wider than the screen makes the browser widen the layout viewport; both must stay 360.
    const size = await page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));
    expect(size).toEqual({ inner: 360, scroll: 360 });
  });
}

test('on a phone the menu button opens the navigation and the account link reads "Entrar / Criar Conta"', async ({ page }) => {
  await gotoHydrated(page, '/');
  await expect(page.getByRole('link', { name: 'Entrar / Criar Conta' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Kits Prontos' })).toBeVisible();
  await menu.getByRole('link', { name: 'Sobre' }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
});

test('signed in with a long first name, the header still fits 360 px: the name is cut short, the icons keep 40 px', async ({ page }) => {
  await signedInCustomer(page, 'Maximiliano Albuquerque');
  await page.goto('/');
  await expect(page.getByTestId('account-menu')).toHaveText(/Maximiliano/);
  for (const name of ['Abrir menu', 'Buscar produtos']) {
    expect(await page.getByRole('button', { name }).boundingBox()).toMatchObject({ width: 40, height: 40 });
  }
  for (const name of ['Lista de desejos', 'Carrinho']) {
    expect(await page.getByRole('link', { name, exact: true }).boundingBox()).toMatchObject({ width: 40, height: 40 });
  }
  const size = await page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));
  expect(size).toEqual({ inner: 360, scroll: 360 });
});
