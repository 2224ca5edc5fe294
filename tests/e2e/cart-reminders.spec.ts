// Issue 36, "Carts that are not lost": a signed-in customer's cart follows them to another browser
// (merged with what that browser had as a visitor); "Lembretes de carrinho" is a switch in
// Preferências and an unticked opt-in at sign-up; the restore link's page. axe on the changed pages.
import { expect, test, type Page } from '@playwright/test';
import { axeEverywhere, gotoHydrated, login, signedInCustomer, addFirstSizeToCart } from './fixtures';

const synced = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/carrinho/sync') && r.request().method() === 'POST' && r.ok());

test('the cart of one browser appears in another after sign-in, joined with what that one had', async ({ page, browser }) => {
  test.slow();
  const customer = await signedInCustomer(page, 'Carla Dois Aparelhos');
  // The sign-in's first sync (nothing yet), then the line added is saved.
  await gotoHydrated(page, '/');
  const saved = synced(page);
  const detergent = await addFirstSizeToCart(page, 'detergente');
  await saved;

  // Another browser: a visitor's line first, then the sign-in joins both carts.
  const other = await browser.newContext();
  const phone = await other.newPage();
  const disinfectant = await addFirstSizeToCart(phone, 'desinfetante');
  const joined = synced(phone);
  await login(phone, customer.email, customer.password);
  await joined;
  await gotoHydrated(phone, '/checkout');
  await expect(phone.getByTestId('cart-line')).toHaveCount(2);
  await expect(phone.getByRole('main')).toContainText(detergent);
  await expect(phone.getByRole('main')).toContainText(disinfectant);

  // Back on the first browser, the next page load brings the joined cart (at checkout: joined, never pulled over).
  const pulled = synced(page);
  await gotoHydrated(page, '/checkout');
  await pulled;
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await other.close();
});

test('"Lembretes de carrinho": off until turned on in Preferências, an unticked opt-in at sign-up; axe clean', async ({ page }) => {
  await signedInCustomer(page, 'Davi Preferências');
  await gotoHydrated(page, '/area-cliente/preferencias');
  const reminders = page.getByRole('switch', { name: 'Lembretes de carrinho' });
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  await reminders.click();
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
  await gotoHydrated(page, '/area-cliente/preferencias');
  await expect(page.getByRole('switch', { name: 'Lembretes de carrinho' })).toHaveAttribute('aria-checked', 'true');
  await axeEverywhere(page, 'preferências');

  await page.context().clearCookies();
  await gotoHydrated(page, '/login?modo=cadastro');
  await expect(page.getByRole('checkbox', { name: /Lembretes de carrinho/ })).not.toBeChecked();
  await axeEverywhere(page, 'cadastro');

  // A restore link that is not (or no longer) valid says so.
  const response = await gotoHydrated(page, '/carrinho/recuperar/link-que-nao-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  await axeEverywhere(page, 'recuperar');
});
