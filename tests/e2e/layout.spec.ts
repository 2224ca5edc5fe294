import { expect, test } from '@playwright/test';
import { products } from '../../app/db/seed/content/products';
import { storeSettings } from '../../app/db/seed/content/site';
import { expectToast, gotoHydrated, login, signedInCustomer, uniqueEmail } from './fixtures';

test('the home page is in pt-BR with the seven header links and the footer', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const [name, href] of [
    ['Início', '/'], ['Produtos', '/produtos'], ['Assinatura', '/assinatura'], ['Kits Prontos', '/kits'],
    ['Sobre', '/sobre'], ['Blog', '/blog'], ['Contato', '/contato'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
  const footer = page.getByRole('contentinfo');
  for (const href of ['/politica-privacidade', '/termos-uso', '/trocas-devolucoes']) {
    await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
  }
  await expect(footer.getByText(/© \d{4} Clarear/)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Área do Cliente' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Painel Administrativo' })).toHaveCount(0);
});

test('every public page says who sells in its footer (razão social, CNPJ, IE, address); /contato and the legal pages in "Quem vende"', async ({ page }) => {
  // The seed's sample identity (Decreto 7.962/2013 art. 2 requires it on every page).
  const registration = `${storeSettings.legalName} · CNPJ 11.222.333/0001-81 · IE 110042490114`;
  const address = 'Rua de Exemplo, 100, Galpão 2 — Sé, São Paulo/SP, CEP 01001-000';
  for (const path of ['/', '/produtos', `/produtos/${products[0]!.slug}`, '/contato', '/termos-uso']) {
    await page.goto(path);
    const seller = page.getByRole('contentinfo').getByTestId('seller-identity');
    await expect(seller, path).toContainText(registration);
    await expect(seller, path).toContainText(address);
    await expect(seller, path).toContainText(`Atendimento: ${storeSettings.hours} · resposta em até 5 dias`);
    await expect(seller, path).toBeVisible();
    if (path === '/contato' || path === '/termos-uso') {
      const block = page.getByRole('main').getByRole('region', { name: 'Quem vende' });
      await expect(block, path).toContainText('11.222.333/0001-81');
      await expect(block, path).toContainText(address);
    }
  }
});

test('newsletter: confirmed, then "already subscribed" for the same e-mail in another case', async ({ page }) => {
  const email = uniqueEmail('news');
  await page.goto('/');
  const field = page.getByRole('contentinfo').getByLabel('Seu e-mail');
  await field.fill(email);
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expectToast(page, '✅ Inscrição Confirmada!', 'Obrigado por se inscrever na nossa newsletter!');
  await expect(field).toHaveValue('');

  await field.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expectToast(page, '📧 Você já está inscrito!', 'Seu e-mail já está em nossa lista. Fique de olho nas novidades!');
  // Only one toast on screen: the new one replaced the old.
  await expect(page.getByRole('region', { name: /Notificações/ }).getByRole('listitem')).toHaveCount(1);
});

test('newsletter action refuses a malformed e-mail', async ({ request }) => {
  const response = await request.post('/newsletter', { form: { email: 'nao-e-email' } });
  expect(response.status()).toBe(400);
});

test('header search: blank is ignored; a term goes to /produtos?q= and the bar closes and clears', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Buscar produtos' }).click();
  const input = page.getByRole('searchbox', { name: 'Buscar produtos', exact: true });
  await input.fill('   ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await input.fill('  água sanitária ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/produtos\?q=%C3%A1gua%20sanit%C3%A1ria$/);
  await expect(page.getByRole('searchbox', { name: 'Buscar produtos', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buscar produtos' }).click();
  await expect(page.getByRole('searchbox', { name: 'Buscar produtos', exact: true })).toHaveValue('');
});

test('the theme survives a reload, for a visitor and for a signed-in customer on a new browser', async ({ page, browser }) => {
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  // The switch applies at once; the cookie comes with the server's answer, so reload only after it.
  const themeSaved = () => page.waitForResponse((r) => r.url().includes('/preferencias/tema') && r.request().method() === 'POST');
  let saved = themeSaved();
  await page.getByRole('button', { name: 'Usar tema escuro' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Server-rendered: the HTML itself carries the class, so there is no flash.
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<html lang="pt-BR" class="dark"/);

  const account = await signedInCustomer(page, 'Tânia Moura');
  await gotoHydrated(page, '/area-cliente/perfil');
  // Signed in, the choice is saved on the account too: each time, wait for the server.
  saved = themeSaved();
  await page.getByRole('button', { name: 'Usar tema claro' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect((await saved).ok()).toBe(true);
  saved = themeSaved();
  await page.getByRole('button', { name: 'Usar tema escuro' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect((await saved).ok()).toBe(true);

  // Another browser, same account: the preference comes from the server.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await login(page2, account.email, account.password);
  await expect(page2).toHaveURL(/\/area-cliente\/perfil$/);
  await expect(page2.locator('html')).toHaveClass(/dark/);
  await other.close();
});

test('wishlist button: a visitor is asked to log in; a customer goes to the wishlist', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Lista de desejos' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Ação necessária', 'Faça login para adicionar à lista de desejos.');

  await signedInCustomer(page, 'Sérgio Nunes');
  await gotoHydrated(page, '/area-cliente/perfil');
  await page.getByRole('banner').getByRole('link', { name: 'Lista de desejos' }).click();
  await expect(page).toHaveURL(/\/area-cliente\/lista-de-desejos$/);
});

test('the cart badge shows the total quantity kept in localStorage', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await page.evaluate(() => {
    localStorage.setItem(
      'clarear_cart',
      JSON.stringify([
        { id: 'a', product_id: 'p1', name: 'Detergente', price: '9.90', quantity: 2 },
        { id: 'b', product_id: 'p2', name: 'Desinfetante', price: 12.5, quantity: 3 },
      ]),
    );
  });
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('5');
  await expect(page.getByRole('link', { name: 'Carrinho, 5 itens' })).toHaveAttribute('href', '/checkout');
});

test('the header turns opaque after 50 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 200);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('unknown pages answer 404 in pt-BR', async ({ page }) => {
  const response = await page.goto('/pagina-que-nao-existe/mesmo');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para a página inicial' })).toBeVisible();
});

test('toasts: F8 focuses the region and the close button dismisses', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Lista de desejos' }).click();
  await expectToast(page, 'Ação necessária');
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notificações/ }).locator('ol')).toBeFocused();
  await page.getByRole('button', { name: 'Fechar notificação' }).click();
  await expect(page.getByText('Ação necessária', { exact: true })).toHaveCount(0);
});
