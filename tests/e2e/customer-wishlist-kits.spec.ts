import { expect, test, type Locator } from '@playwright/test';
import { formatBRL } from '../../app/lib/money';
import { expectNoAxeViolations, expectToast, signedInCustomer } from './fixtures';

/** 'R$ 12,90' somewhere in the text → 1290. */
function centsIn(text: string): number {
  const match = /R\$\s?([\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`sem preço em: ${text}`);
  return Number(match[1]!.replaceAll('.', '')) * 100 + Number(match[2]);
}

/** Picks the size at `sizeIndex` and a quantity in a builder row; returns the line's cents and what it shows. */
async function chooseLine(row: Locator, sizeIndex: number, quantity: number) {
  const name = (await row.getByRole('heading').textContent())!.trim();
  const size = row.getByLabel(/^Tamanho/);
  await size.selectOption({ index: sizeIndex });
  const option = (await size.locator('option:checked').textContent())!;
  await row.getByLabel(/^Quantidade/).fill(String(quantity));
  return { name, size: option.split(' · ')[0]!.trim(), cents: centsIn(option) * quantity, quantity };
}

test('wishlist: favourite from the product modal, open it again from the tab, remove it', async ({ page }) => {
  await signedInCustomer(page, 'Lúcia Ferreira');

  await page.goto('/area-cliente/lista-de-desejos');
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de Desejos' })).toBeVisible();
  await expect(page.getByText('Sua lista de desejos está vazia.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');

  await page.goto('/produtos');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Adicionar à lista de desejos' }).click();
  await expectToast(page, 'Adicionado à lista de desejos');
  await expect(dialog.getByRole('button', { name: 'Remover da lista de desejos' })).toBeVisible();

  await page.goto('/area-cliente/lista-de-desejos');
  const favourite = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(favourite).toHaveCount(1);
  await expect(favourite).toContainText(/A partir de|Consulte|R\$/);
  await expectNoAxeViolations(page);

  await favourite.getByRole('button', { name: /Ver detalhes/ }).click();
  const again = page.getByRole('dialog', { name });
  await expect(again).toBeVisible();
  await expect(again.getByRole('button', { name: 'Remover da lista de desejos' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  await favourite.getByRole('button', { name: /^Remover/ }).click();
  await expectToast(page, 'Removido da lista de desejos');
  await expect(favourite).toHaveCount(0);
  await expect(page.getByText('Sua lista de desejos está vazia.')).toBeVisible();
});

test('kit builder → kits-salvos: running total, save, items and total, cart, delete; other users get 404', async ({ page, browser }) => {
  await signedInCustomer(page, 'Paulo Henrique Dias');

  await page.goto('/area-cliente/kits-salvos');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Kits Salvos' })).toBeVisible();
  await expect(page.getByText('Você ainda não salvou nenhum kit.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Monte seu kit' }).click();
  await expect(page).toHaveURL(/\/kits\/monte-seu-kit$/);
  await expect(page).toHaveTitle('Monte seu kit | Clarear');
  await expect(page.getByRole('heading', { level: 1, name: 'Monte seu kit' })).toBeVisible();

  const rows = page.getByRole('list', { name: 'Produtos disponíveis' }).getByRole('article');
  // Rows with at least two sizes.
  const sized = rows.filter({ has: page.locator('select option:nth-child(2)') });
  const first = await chooseLine(sized.nth(0), 1, 3);
  const total = page.getByTestId('kit-builder-total');
  await expect(total).toHaveText(formatBRL(first.cents));
  const second = await chooseLine(sized.nth(1), 0, 2);
  await expect(total).toHaveText(formatBRL(first.cents + second.cents));
  const summary = page.getByRole('list', { name: 'Itens do kit' });
  await expect(summary.getByRole('listitem')).toHaveCount(2);

  await page.getByLabel('Nome do kit').fill('Faxina de sábado');
  await page.getByRole('button', { name: 'Salvar kit' }).click();
  await expectToast(page, 'Kit salvo!');
  await expect(page).toHaveURL(/\/area-cliente\/kits-salvos$/);

  const kit = page.getByRole('article', { name: 'Faxina de sábado' });
  await expect(kit).toBeVisible();
  const items = kit.getByRole('list', { name: 'Itens de Faxina de sábado' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const line of [first, second]) {
    await expect(items.filter({ hasText: `${line.quantity}× ${line.name} (${line.size})` })).toHaveCount(1);
  }
  await expect(kit.getByTestId('kit-total')).toHaveText(formatBRL(first.cents + second.cents));
  await expectNoAxeViolations(page);

  // Another customer cannot delete it: the action answers 404 and the kit stays.
  await kit.getByRole('button', { name: /Excluir kit/ }).click();
  const kitId = await kit.locator('input[name="kitId"]').inputValue();
  await kit.getByRole('button', { name: 'Cancelar' }).click();
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signedInCustomer(other, 'Intrusa Silva');
  const denied = await other.request.post('/area-cliente/kits-salvos', { form: { intent: 'delete', kitId } });
  expect(denied.status()).toBe(404);
  await other.goto('/area-cliente/kits-salvos');
  await expect(other.getByText('Você ainda não salvou nenhum kit.')).toBeVisible();
  await otherContext.close();
  await page.reload();
  await expect(kit).toBeVisible();

  // The whole kit goes to the cart.
  await kit.getByRole('button', { name: /Adicionar ao carrinho/ }).click();
  await expectToast(page, '✅ Produto Adicionado!', 'Os itens do kit estão no seu carrinho.');
  await expect(page.getByTestId('cart-badge')).toHaveText(String(first.quantity + second.quantity));

  // Delete asks for confirmation first.
  await kit.getByRole('button', { name: /Excluir kit/ }).click();
  await expect(kit).toBeVisible();
  await kit.getByRole('button', { name: 'Confirmar exclusão' }).click();
  await expectToast(page, 'Kit excluído');
  await expect(kit).toHaveCount(0);
  await expect(page.getByText('Você ainda não salvou nenhum kit.')).toBeVisible();
});

test('kit builder: a visitor who tries to save is sent to log in; adding to the cart works without an account', async ({ page }) => {
  await page.goto('/kits/monte-seu-kit');
  await expectNoAxeViolations(page);
  const row = page.getByRole('list', { name: 'Produtos disponíveis' }).getByRole('article').first();
  const line = await chooseLine(row, 0, 2);
  await expect(page.getByTestId('kit-builder-total')).toHaveText(formatBRL(line.cents));
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expectToast(page, '✅ Produto Adicionado!');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await page.getByLabel('Nome do kit').fill('Meu kit');
  await page.getByRole('button', { name: 'Salvar kit' }).click();
  await expectToast(page, 'Ação necessária', 'Faça login para salvar seu kit.');
  await expect(page).toHaveURL(/\/login$/);
});

test('kit builder: lists 24 products and finds the others by name; chosen items stay in the kit across searches', async ({ page }) => {
  await page.goto('/kits/monte-seu-kit');
  const list = page.getByRole('list', { name: 'Produtos disponíveis' });
  await expect(list.getByRole('article')).toHaveCount(24);
  await expect(page.getByText(/^Mostrando 24 de \d+ produtos\. Busque pelo nome para encontrar os outros\.$/)).toBeVisible();
  const first = await chooseLine(list.getByRole('article').first(), 0, 1);

  await page.getByLabel('Buscar produtos para o kit').fill('agua sanitaria');
  await page.getByLabel('Buscar produtos para o kit').press('Enter');
  await expect(page).toHaveURL(/\?q=agua\+sanitaria$/);
  await expect(page.getByText(/^Mostrando \d+ de/)).toHaveCount(0);
  const second = await chooseLine(list.getByRole('article').first(), 0, 2);
  const items = page.getByRole('list', { name: 'Itens do kit' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`1× ${first.name} (${first.size})`);
  await expect(items.last()).toContainText(`2× ${second.name} (${second.size})`);
  await expect(page.getByTestId('kit-builder-total')).toHaveText(formatBRL(first.cents + second.cents));
  await expectNoAxeViolations(page);
});

test('kit builder: search by name with ?q=, and the save action refuses visitors and bad items', async ({ page, request }) => {
  await page.goto('/kits/monte-seu-kit');
  await page.getByLabel('Buscar produtos para o kit').fill('agua sanitaria');
  await page.getByLabel('Buscar produtos para o kit').press('Enter');
  await expect(page).toHaveURL(/\/kits\/monte-seu-kit\?q=agua\+sanitaria/);
  const headings = page.getByRole('list', { name: 'Produtos disponíveis' }).getByRole('heading');
  await expect(headings.first()).toBeVisible();
  for (const text of await headings.allTextContents()) expect(text).toMatch(/Água Sanitária/);

  // A visitor's direct post goes to /login and saves nothing.
  const anonymous = await request.post('/kits/monte-seu-kit', { form: { name: 'X', items: '[]' }, maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()['location']).toMatch(/^\/login/);

  await signedInCustomer(page, 'Beatriz Nunes');
  const bad = await page.request.post('/kits/monte-seu-kit', {
    form: { name: 'Kit', items: JSON.stringify([{ productId: crypto.randomUUID(), variantId: crypto.randomUUID(), quantity: 1 }]) },
  });
  expect(bad.status()).toBe(400);
  const empty = await page.request.post('/kits/monte-seu-kit', { form: { name: 'Kit', items: '[]' } });
  expect(empty.status()).toBe(400);
});

test('the builder fits a 360 px screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/kits/monte-seu-kit');
  await expect(page.getByRole('button', { name: 'Salvar kit' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
