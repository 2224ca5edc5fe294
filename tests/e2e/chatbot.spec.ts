import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Abrir chat de atendimento' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat Clarear' });
  await expect(chat).toBeVisible();
  return chat;
}

async function ask(page: Page, text: string) {
  const chat = page.getByRole('dialog', { name: 'Chat Clarear' });
  await chat.getByLabel('Digite sua mensagem').fill(text);
  await chat.getByRole('button', { name: 'Enviar mensagem' }).click();
}

/** 'R$ 1.234,56' → 123456. */
function cents(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

test('the WhatsApp button opens wa.me with a pre-filled message in a new tab', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Falar com a Clarear no WhatsApp' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/5511940028922\?text=/);
  expect(decodeURIComponent(href!.split('?text=')[1]!)).toContain('Clarear');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
});

test('the chat opens with a greeting and quick questions; best sellers arrive after "Digitando..."', async ({ page }) => {
  // The answer is held back until the "typing" state (input and button blocked) has been seen, however busy
  // the machine; otherwise it may end (after 0,5 s) between two assertions.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === '/chatbot' && url.searchParams.get('intent') === 'best-sellers', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const chat = await openChat(page);
  await expect(chat.getByLabel('Digite sua mensagem')).toBeFocused();
  await expect(chat.getByText(/Sou a assistente virtual da Clarear/)).toBeVisible();
  const quick = chat.getByRole('group', { name: 'Perguntas rápidas' });
  await expect(quick.getByRole('button', { name: 'Quais são os mais vendidos?' })).toBeVisible();
  await expect(quick.getByRole('button')).toHaveCount(8);

  await ask(page, 'Quais são os mais vendidos?');
  await expect(chat.getByText('Digitando...')).toBeVisible();
  await expect(chat.getByLabel('Digite sua mensagem')).toBeDisabled();
  await expect(chat.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
  release();
  const log = chat.getByRole('log');
  const links = log.locator('a[href^="/produtos/"]');
  await expect(links).toHaveCount(3);
  await expect(chat.getByText('Digitando...')).toHaveCount(0);
  await expect(chat.getByLabel('Digite sua mensagem')).toBeEnabled();
  await expect(chat.getByLabel('Digite sua mensagem')).toBeFocused();
  await expect(log.getByTestId('chat-price')).toHaveCount(3);
});

test('"produto mais barato" lists 3 products in ascending price', async ({ page }) => {
  await page.goto('/');
  const chat = await openChat(page);
  await ask(page, 'produto mais barato');
  const log = chat.getByRole('log');
  await expect(log.locator('a[href^="/produtos/"]')).toHaveCount(3);
  const prices = (await log.getByTestId('chat-price').allTextContents()).map(cents);
  expect(prices).toHaveLength(3);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test('the product search failing shows the spec apology', async ({ page }) => {
  await page.route('**/chatbot?intent=cheapest', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
  );
  await page.goto('/');
  const chat = await openChat(page);
  await ask(page, 'preço baixo');
  await expect(chat.getByText('Desculpe, não consegui buscar os produtos mais baratos agora.')).toBeVisible();
});

test('"quero assinar" answers, then goes to /assinatura about 1 s later', async ({ page }) => {
  await page.goto('/');
  const chat = await openChat(page);
  await ask(page, 'quero assinar');
  await expect(chat.getByText('Vou te levar para a Assinatura Inteligente!')).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveURL(/\/assinatura$/, { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(700);
  // The chat closed so the page can be seen; reopening shows the conversation.
  await expect(chat).toBeHidden();
  await page.getByRole('button', { name: 'Abrir chat de atendimento' }).click();
  await expect(chat.getByText('Vou te levar para a Assinatura Inteligente!')).toBeVisible();
});

test('a quick question sends its key: "Ver kits prontos" goes to /kits', async ({ page }) => {
  await page.goto('/');
  const chat = await openChat(page);
  await chat.getByRole('button', { name: 'Ver kits prontos' }).click();
  // The bubble shows the question; screen readers hear who said it.
  await expect(chat.getByRole('log').locator('[data-from="user"]')).toHaveText('Você: Ver kits prontos');
  await expect(chat.getByText('Vou te levar para os kits prontos!')).toBeVisible();
  await expect(page).toHaveURL(/\/kits$/, { timeout: 5000 });
});

test('an empty message is ignored', async ({ page }) => {
  await page.goto('/');
  const chat = await openChat(page);
  const bubbles = chat.getByRole('log').locator('[data-from]');
  await expect(bubbles).toHaveCount(1);
  await chat.getByLabel('Digite sua mensagem').fill('   ');
  await chat.getByLabel('Digite sua mensagem').press('Enter');
  await chat.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(chat.getByText('Digitando...')).toHaveCount(0);
  // Nothing was sent, not even late: the next real question is the second bubble, and its answer the last.
  await ask(page, 'Como faço o pagamento?');
  await expect(bubbles.nth(1)).toHaveText('Você: Como faço o pagamento?');
  await expect(chat.getByText(/12x sem juros/)).toBeVisible();
  await expect(bubbles).toHaveCount(3);
});

test('keyboard: Escape and the close button close the chat and return the focus to the toggle', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Abrir chat de atendimento' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const chat = page.getByRole('dialog', { name: 'Chat Clarear' });
  await expect(chat.getByLabel('Digite sua mensagem')).toBeFocused();
  await page.keyboard.type('Como faço o pagamento?');
  await page.keyboard.press('Enter');
  await expect(chat.getByText(/12x sem juros/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await expect(chat).toBeVisible();
  // The conversation survives closing.
  await expect(chat.getByText(/12x sem juros/)).toBeVisible();
  await chat.getByRole('button', { name: 'Fechar chat' }).click();
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: 'Abrir chat de atendimento' })).toBeFocused();
});

test('at 360 px the open chat is a full-width sheet', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const chat = await openChat(page);
  const box = (await chat.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(360);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  await ask(page, 'mais vendido');
  await expect(chat.getByRole('log').locator('a[href^="/produtos/"]')).toHaveCount(3);
  // Nothing overflows sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('GET /chatbot validates the intent and answers JSON', async ({ request }) => {
  for (const url of ['/chatbot', '/chatbot?intent=tudo']) {
    const bad = await request.get(url);
    expect(bad.status(), url).toBe(400);
    expect(await bad.json()).toHaveProperty('error');
  }
  const questions = await request.get('/chatbot?intent=questions');
  expect(questions.status()).toBe(200);
  expect(((await questions.json()) as { questions: unknown[] }).questions).toHaveLength(8);
  const best = await request.get('/chatbot?intent=best-sellers');
  expect(((await best.json()) as { products: unknown[] }).products).toHaveLength(3);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations with the chat open and answered (${theme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'clarear_theme', value: theme, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/');
    const chat = await openChat(page);
    await expect(chat.getByRole('group', { name: 'Perguntas rápidas' }).getByRole('button')).toHaveCount(8);
    await ask(page, 'mais vendido');
    await expect(chat.getByRole('log').locator('a[href^="/produtos/"]')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
