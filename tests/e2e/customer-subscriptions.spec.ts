import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, expectToast, login, gotoHydrated, payNow } from './fixtures';

const NO_SUBSCRIPTION = 'Você ainda não tem uma assinatura ativa da Assinatura Inteligente.';
const CANCEL_TEXT = 'Tem certeza que deseja cancelar sua assinatura? Você perderá todos os benefícios.';

/** dd/mm/yyyy of today (São Paulo) plus `months`, the day clamped to the month's end. */
function todayPlusMonths(months: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = index % 12;
  const day = Math.min(d, new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return `${String(day).padStart(2, '0')}/${String(month + 1).padStart(2, '0')}/${year}`;
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signIn(page: Page, name: string) {
  const account = await createCustomer(page, name);
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  return account;
}

test('a customer subscribes, sees the subscription, changes the plan and cancels it; other users cannot touch it', async ({ page, browser }) => {
  // Two accounts and a checkout: longer than the default 30 s.
  test.slow();
  await signIn(page, 'Beatriz Nogueira');
  await page.goto('/area-cliente/assinaturas');
  await expect(page.getByRole('heading', { level: 1, name: 'Assinaturas' })).toBeVisible();
  await expect(page.getByText(NO_SUBSCRIPTION)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Conhecer a Assinatura Inteligente/ })).toHaveAttribute('href', '/assinatura');
  await axe(page);

  // Subscribe to the monthly plan (the default) through /assinatura and /checkout.
  await page.goto('/assinatura');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
  await payNow(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido / })).toBeVisible();

  await page.goto('/area-cliente/assinaturas');
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: 'Plano Mensal' })).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa');
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(1));
  await expect(card.getByTestId('subscription-total')).toHaveText('R$\u00a049,90');
  await expect(card.getByText(/10% de desconto em todas as compras avulsas/)).toBeVisible();
  await expect(page.getByText(NO_SUBSCRIPTION)).toHaveCount(0);
  const subscriptionId = (await card.getAttribute('data-subscription-id'))!;
  expect(subscriptionId).toMatch(/^[0-9a-f-]{36}$/);
  await axe(page);

  // Change to the annual plan, with the keyboard.
  await card.getByRole('button', { name: 'Alterar plano' }).focus();
  await page.keyboard.press('Enter');
  const change = page.getByRole('dialog', { name: 'Alterar plano' });
  await expect(change).toBeVisible();
  await expect(change.getByRole('radio', { name: /Plano Mensal/ })).toBeChecked();
  await axe(page);
  await change.getByRole('radio', { name: /Plano Anual/ }).check();
  await change.getByRole('button', { name: 'Confirmar alteração' }).click();
  await expectToast(page, 'Plano alterado com sucesso!', 'Você agora está no Plano Anual.');
  await expect(change).toHaveCount(0);
  await expect(card.getByRole('heading', { name: 'Plano Anual' })).toBeVisible();
  await expect(card.getByTestId('subscription-total')).toHaveText('R$\u00a0538,90');
  // The tab shows created date + plan months (SPEC §9).
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(12));

  // Another customer posting this subscription's id gets a 404 and nothing changes.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'Intrusa Silva');
  for (const form of [
    { intent: 'cancel', subscriptionId } as Record<string, string>,
    { intent: 'change-plan', subscriptionId, frequency: 'monthly' },
  ]) {
    const response = await otherPage.request.post('/area-cliente/assinaturas', { form });
    expect(response.status()).toBe(404);
  }
  await other.close();
  await page.reload();
  await expect(card.getByRole('heading', { name: 'Plano Anual' })).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa');

  // Cancel, after the confirmation.
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar assinatura' });
  await expect(cancel.getByText(CANCEL_TEXT, { exact: true })).toBeVisible();
  // Escape closes it and nothing happens.
  await page.keyboard.press('Escape');
  await expect(cancel).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await cancel.getByRole('button', { name: 'Sim, cancelar assinatura' }).click();
  await expectToast(page, 'Assinatura cancelada', 'Sua assinatura foi cancelada.');
  await expect(page.getByText(NO_SUBSCRIPTION)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  // No longer a subscriber.
  await page.goto('/assinatura');
  await expect(page.getByRole('button', { name: 'Assinar agora' })).toBeVisible();
});

test('preferences: hide the floating buttons and pick the dark theme, at once and after a reload', async ({ page }) => {
  await signIn(page, 'Caio Ferreira');
  await gotoHydrated(page, '/area-cliente/preferencias');
  await expect(page.getByRole('heading', { level: 1, name: 'Preferências do Site' })).toBeVisible();
  const chatbot = page.getByRole('switch', { name: 'Ocultar chatbot' });
  const whatsapp = page.getByRole('switch', { name: 'Ocultar botão do WhatsApp' });
  const notifications = page.getByRole('switch', { name: 'Receber notificações' });
  // SPEC §9 defaults.
  await expect(chatbot).toHaveAttribute('aria-checked', 'false');
  await expect(whatsapp).toHaveAttribute('aria-checked', 'false');
  await expect(notifications).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Claro' })).toBeChecked();
  await axe(page);

  await expect(page.getByRole('button', { name: 'Abrir chat de atendimento' })).toBeVisible();
  await chatbot.click();
  await expect(chatbot).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: 'Abrir chat de atendimento' })).toHaveCount(0);

  await expect(page.getByRole('link', { name: 'Falar com a Clarear no WhatsApp' })).toBeVisible();
  await whatsapp.press('Space');
  await expect(whatsapp).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('link', { name: 'Falar com a Clarear no WhatsApp' })).toHaveCount(0);

  await notifications.click();
  await expect(notifications).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('radio', { name: 'Escuro' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: 'Escuro' })).toBeChecked();
  // Let the theme save finish before reloading.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'clarear_theme')?.value).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Abrir chat de atendimento' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Falar com a Clarear no WhatsApp' })).toHaveCount(0);
  await expect(chatbot).toHaveAttribute('aria-checked', 'true');
  await expect(whatsapp).toHaveAttribute('aria-checked', 'true');
  await expect(notifications).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('radio', { name: 'Escuro' })).toBeChecked();
  await axe(page);

  // Elsewhere on the site too.
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Abrir chat de atendimento' })).toHaveCount(0);

  // Back to light.
  await gotoHydrated(page, '/area-cliente/preferencias');
  await page.getByRole('radio', { name: 'Claro' }).click();
  await expect(page.getByRole('radio', { name: 'Claro' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'clarear_theme')?.value).toBe('light');
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('placeholder tabs show the Em Construção toast and a coming-soon text', async ({ page }) => {
  await signIn(page, 'Helena Prado');
  for (const [path, heading] of [
    ['/area-cliente/pagamentos', 'Métodos de Pagamento'],
    ['/area-cliente/notificacoes', 'Gerenciar Notificações'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectToast(page, 'Em Construção', 'Esta seção estará disponível em breve.');
    await expect(page.getByText('Em breve', { exact: true })).toBeVisible();
    await axe(page);
  }
});

test('the tabs need a session', async ({ page }) => {
  for (const tab of ['assinaturas', 'preferencias', 'pagamentos', 'notificacoes']) {
    await page.goto(`/area-cliente/${tab}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Farea-cliente%2F${tab}$`));
  }
  const response = await page.request.post('/area-cliente/assinaturas', { form: { intent: 'cancel', subscriptionId: crypto.randomUUID() } });
  expect(response.url()).toMatch(/\/login/);
});
