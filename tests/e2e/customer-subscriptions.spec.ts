import { expect, test, type Page } from '@playwright/test';
import { axeEverywhere, expectNoAxeViolations, expectToast, gotoHydrated, payNow, signedInCustomer, addFirstSizeToCart } from './fixtures';

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

/** Today's day of the month (São Paulo): past the 28th, a month-end date may differ from the plain +N months. */
function todayDay(): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(8, 10));
}

/** The monthly plan (the default) through /assinatura and /checkout, paid by card (approved at once). */
async function subscribeMonthly(page: Page) {
  await page.goto('/assinatura');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await payNow(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido / })).toBeVisible();
}

test('a customer subscribes, pauses, resumes and skips (the dates change), changes the plan and cancels it; other users cannot touch it', async ({ page, browser }) => {
  // Two accounts and a checkout: longer than the default 30 s.
  test.slow();
  await signedInCustomer(page, 'Beatriz Nogueira');
  await page.goto('/area-cliente/assinaturas');
  await expect(page.getByRole('heading', { level: 1, name: 'Assinaturas' })).toBeVisible();
  await expect(page.getByText(NO_SUBSCRIPTION)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Conhecer a Assinatura Inteligente/ })).toHaveAttribute('href', '/assinatura');
  await expect(page.getByRole('heading', { level: 2, name: 'Entregas programadas' })).toBeVisible();
  await expect(page.getByTestId('no-deliveries')).toContainText('a cada 1, 2 ou 3 meses');
  await expectNoAxeViolations(page);

  await subscribeMonthly(page);

  await gotoHydrated(page, '/area-cliente/assinaturas');
  const card = page.locator('article[data-subscription-id]');
  await expect(card.getByRole('heading', { name: 'Plano Mensal' })).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa');
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(1));
  await expect(card.getByTestId('subscription-total')).toHaveText('R$\u00a049,90');
  await expect(card.getByTestId('payment-method')).toHaveText('Cartão de crédito');
  await expect(card.getByText(/10% de desconto em todas as compras avulsas/)).toBeVisible();
  await expect(page.getByText(NO_SUBSCRIPTION)).toHaveCount(0);
  // The purchase is the first line of Renovações, paid, with its order.
  const renewals = card.getByTestId('renewals').getByRole('listitem');
  await expect(renewals).toHaveCount(1);
  await expect(renewals.first()).toContainText('Compra da assinatura');
  await expect(renewals.first()).toContainText('R$\u00a049,90');
  await expect(renewals.first().getByTestId('renewal-status')).toHaveText('Paga');
  await expect(renewals.first().getByRole('link', { name: /^Pedido #[0-9A-F]{8}$/ })).toHaveAttribute('href', /^\/pedido\/[0-9a-f-]{36}$/);
  const subscriptionId = (await card.getAttribute('data-subscription-id'))!;
  expect(subscriptionId).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);

  // Pause: the dialog says what happens and until when; then the card is paused until that day.
  await card.getByRole('button', { name: 'Pausar assinatura' }).click();
  const pause = page.getByRole('dialog', { name: 'Pausar assinatura' });
  await expect(pause).toContainText('não há renovações nem cobranças');
  // Benefits follow payments (issue 30): the paid period keeps them, the paused time does not.
  await expect(pause).toContainText('o tempo pausado não tem desconto');
  await expect(pause.getByTestId('pause-resume-date')).toHaveText(todayPlusMonths(3));
  await expectNoAxeViolations(page);
  await pause.getByRole('button', { name: 'Sim, pausar' }).click();
  await expectToast(page, 'Assinatura pausada', `Sem cobranças até ${todayPlusMonths(3)}, quando ela volta sozinha.`);
  await expect(pause).toHaveCount(0);
  await expect(card.getByTestId('subscription-status')).toHaveText('Pausada');
  await expect(card.getByTestId('paused-until')).toHaveText(`Pausada até ${todayPlusMonths(3)}`);
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(3));
  await expect(card.getByTestId('discount-note')).toContainText('O desconto vale até o fim do período já pago.');
  await expect(card.getByTestId('benefits-until')).toContainText('Benefícios garantidos até ');
  await expect(card.getByRole('button', { name: 'Pausar assinatura' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Pular próxima renovação' })).toHaveCount(0);

  // Resume: the next charge is the original date again.
  await card.getByRole('button', { name: 'Retomar assinatura' }).click();
  const resume = page.getByRole('dialog', { name: 'Retomar assinatura' });
  await expect(resume).toContainText(todayPlusMonths(1));
  await resume.getByRole('button', { name: 'Sim, retomar' }).click();
  await expectToast(page, 'Assinatura retomada', `Próxima cobrança em ${todayPlusMonths(1)}.`);
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa');
  await expect(card.getByTestId('paused-until')).toHaveCount(0);
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(1));

  // Skip the next renewal: its date moves one month on. Escape first: nothing happens.
  await card.getByRole('button', { name: 'Pular próxima renovação' }).click();
  const skip = page.getByRole('dialog', { name: 'Pular próxima renovação' });
  await expect(skip.getByTestId('skip-from')).toHaveText(todayPlusMonths(1));
  // (Past the 28th the page previews from the next date; the server counts from the plan's anchor.)
  if (todayDay() <= 28) await expect(skip.getByTestId('skip-to')).toHaveText(todayPlusMonths(2));
  // Focus moved into the dialog: its effects ran, so it hears the Escape (once pressed too early on a busy CI).
  await expect(skip.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(skip).toHaveCount(0);
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(1));
  await card.getByRole('button', { name: 'Pular próxima renovação' }).click();
  await skip.getByRole('button', { name: 'Sim, pular' }).click();
  await expectToast(page, 'Renovação pulada', `A próxima cobrança passa a ser em ${todayPlusMonths(2)}.`);
  await expect(skip).toHaveCount(0);
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(2));

  // The payment method of the renewals: a card in 3x.
  await card.getByRole('button', { name: 'Trocar forma de pagamento' }).click();
  const payment = page.getByRole('dialog', { name: 'Trocar forma de pagamento' });
  await expect(payment.getByRole('radio', { name: /Cartão de crédito/ })).toBeChecked();
  await payment.getByLabel('Parcelas').selectOption('3');
  await expectNoAxeViolations(page);
  await payment.getByRole('button', { name: 'Salvar forma de pagamento' }).click();
  await expectToast(page, 'Forma de pagamento alterada', 'As próximas renovações serão cobradas assim: Cartão de crédito em 3x.');
  await expect(card.getByTestId('payment-method')).toHaveText('Cartão de crédito em 3x');

  // Change to the annual plan, with the keyboard.
  await card.getByRole('button', { name: 'Alterar plano' }).focus();
  await page.keyboard.press('Enter');
  const change = page.getByRole('dialog', { name: 'Alterar plano' });
  await expect(change).toBeVisible();
  // The current plan is not offered; the change is charged today less the unused month (all of it on day 0).
  await expect(change.getByRole('radio', { name: /Plano Mensal/ })).toHaveCount(0);
  await expect(change.getByText('Economize 10%!')).toBeVisible();
  await expectNoAxeViolations(page);
  await change.getByRole('radio', { name: /Plano Anual/ }).check();
  await expect(change.getByTestId('plan-change-charge')).toHaveText('Valor a pagar hoje: R$\u00a0489,00, já descontado o crédito de R$\u00a049,90 do plano atual.');
  await change.getByRole('button', { name: 'Pagar R$\u00a0489,00 e alterar' }).click();
  await expectToast(page, 'Plano alterado com sucesso!', 'Você agora está no Plano Anual.');
  await expect(change).toHaveCount(0);
  await expect(card.getByRole('heading', { name: 'Plano Anual' })).toBeVisible();
  await expect(card.getByTestId('subscription-total')).toHaveText('R$\u00a0538,90');
  // The next date is today plus the plan's months.
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(12));

  // Another customer posting this subscription's id gets a 404 for every action and nothing changes.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedInCustomer(otherPage, 'Intrusa Silva');
  for (const form of [
    { intent: 'cancel', subscriptionId } as Record<string, string>,
    { intent: 'change-plan', subscriptionId, frequency: 'monthly', idempotencyKey: '7d444840-9dc0-4c9d-9a4b-6c3d2e1f0a9b' },
    { intent: 'pause', subscriptionId },
    { intent: 'skip', subscriptionId },
    { intent: 'change-payment', subscriptionId, paymentMethod: 'boleto' },
  ]) {
    const response = await otherPage.request.post('/area-cliente/assinaturas', { form });
    expect(response.status(), form.intent).toBe(404);
  }
  // Bad input: 400.
  expect((await otherPage.request.post('/area-cliente/assinaturas', { form: { intent: 'pause', subscriptionId: 'abc' } })).status()).toBe(400);
  await other.close();
  await page.reload();
  await expect(card.getByRole('heading', { name: 'Plano Anual' })).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa');
  await expect(card.getByTestId('next-charge')).toHaveText(todayPlusMonths(12));

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

test('a subscriber buys with "A cada 2 meses": the programmed delivery shows its next date and items, is skipped, re-timed, paused and resumed; axe in both themes on desktop and phone', async ({ page, browser }) => {
  test.slow();
  // A subscriber: the monthly plan bought by card through the checkout flow (the first test buys it on the page).
  await signedInCustomer(page, 'Rafaela Monteiro', { orders: [{ plan: 'monthly', paymentMethod: 'credit_card', taxId: '529.982.247-25' }] });

  const product = await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await expect(page.getByText('Desconto de assinante (10%)')).toBeVisible();
  await page.locator('#frequencia').selectOption('2');
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\//);

  await gotoHydrated(page, '/area-cliente/assinaturas');
  const delivery = page.locator('article[data-delivery-id]');
  await expect(delivery).toHaveCount(1);
  await expect(delivery.getByTestId('delivery-frequency')).toHaveText('A cada 2 meses');
  await expect(delivery.getByTestId('delivery-status')).toHaveText('Ativa');
  await expect(delivery.getByTestId('delivery-next-date')).toHaveText(todayPlusMonths(2));
  await expect(delivery.getByTestId('delivery-items')).toContainText(`1 × ${product}`);
  await expect(delivery.getByText('Nenhuma entrega feita ainda.')).toBeVisible();
  await expect(page.getByTestId('no-deliveries')).toHaveCount(0);
  await axeEverywhere(page, 'assinaturas', { rules: ['target-size', 'heading-order'] });

  // Skip the next one: two months on.
  await delivery.getByRole('button', { name: 'Pular próxima entrega' }).click();
  const skip = page.getByRole('dialog', { name: 'Pular próxima entrega' });
  await expect(skip).toContainText(todayPlusMonths(2));
  if (todayDay() <= 28) await expect(skip.getByTestId('delivery-skip-to')).toHaveText(todayPlusMonths(4));
  await axeEverywhere(page, 'pular entrega', { rules: ['target-size', 'heading-order'] });
  await skip.getByRole('button', { name: 'Sim, pular' }).click();
  await expectToast(page, 'Entrega pulada', `A próxima entrega passa a ser em ${todayPlusMonths(4)}.`);
  await expect(skip).toHaveCount(0);
  await expect(delivery.getByTestId('delivery-next-date')).toHaveText(todayPlusMonths(4));

  // Every 3 months from now on: the next date stays.
  await delivery.getByRole('button', { name: 'Alterar frequência' }).click();
  const frequency = page.getByRole('dialog', { name: 'Alterar frequência' });
  await expect(frequency.getByLabel('Frequência')).toHaveValue('2');
  await frequency.getByLabel('Frequência').selectOption('3');
  await frequency.getByRole('button', { name: 'Salvar frequência' }).click();
  await expectToast(page, 'Frequência alterada', `Entregas a cada 3 meses; a próxima continua em ${todayPlusMonths(4)}.`);
  await expect(delivery.getByTestId('delivery-frequency')).toHaveText('A cada 3 meses');
  await expect(delivery.getByTestId('delivery-next-date')).toHaveText(todayPlusMonths(4));

  // Pause and resume.
  await delivery.getByRole('button', { name: 'Pausar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Pausar entrega programada' }).getByRole('button', { name: 'Sim, pausar' }).click();
  await expectToast(page, 'Entrega programada pausada', 'Nenhum pedido será feito até você retomá-la.');
  await expect(delivery.getByTestId('delivery-status')).toHaveText('Pausada');
  await expect(delivery.getByTestId('delivery-next-date')).toHaveText('Pausada');
  await expect(delivery.getByRole('button', { name: 'Pular próxima entrega' })).toHaveCount(0);
  await axeEverywhere(page, 'entrega pausada', { rules: ['target-size', 'heading-order'] });
  await delivery.getByRole('button', { name: 'Retomar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Retomar entrega programada' }).getByRole('button', { name: 'Sim, retomar' }).click();
  await expectToast(page, 'Entrega programada retomada', `Próxima entrega em ${todayPlusMonths(4)}.`);
  await expect(delivery.getByTestId('delivery-status')).toHaveText('Ativa');
  await expect(delivery.getByTestId('delivery-next-date')).toHaveText(todayPlusMonths(4));

  // Nobody else touches it.
  const deliveryId = (await delivery.getAttribute('data-delivery-id'))!;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedInCustomer(otherPage, 'Outra Pessoa');
  for (const form of [
    { intent: 'delivery-skip', deliveryId } as Record<string, string>,
    { intent: 'delivery-pause', deliveryId },
    { intent: 'delivery-cancel', deliveryId },
    { intent: 'delivery-frequency', deliveryId, months: '1' },
  ]) {
    expect((await otherPage.request.post('/area-cliente/assinaturas', { form })).status(), form.intent).toBe(404);
  }
  await other.close();

  // Cancelled by its owner: gone from the list.
  await delivery.getByRole('button', { name: 'Cancelar entrega programada' }).click();
  await page.getByRole('dialog', { name: 'Cancelar entrega programada' }).getByRole('button', { name: 'Sim, cancelar entrega' }).click();
  await expectToast(page, 'Entrega programada cancelada', 'Nenhum novo pedido será feito.');
  await expect(delivery).toHaveCount(0);
  await expect(page.getByTestId('no-deliveries')).toBeVisible();
  await expect(page.locator('article[data-subscription-id]').getByTestId('subscription-status')).toHaveText('Ativa');
});

test('preferences: hide the floating buttons and pick the dark theme, at once and after a reload', async ({ page }) => {
  await signedInCustomer(page, 'Caio Ferreira');
  await gotoHydrated(page, '/area-cliente/preferencias');
  await expect(page.getByRole('heading', { level: 1, name: 'Preferências do Site' })).toBeVisible();
  const chatbot = page.getByRole('switch', { name: 'Ocultar chatbot' });
  const whatsapp = page.getByRole('switch', { name: 'Ocultar botão do WhatsApp' });
  const notifications = page.getByRole('switch', { name: 'Receber notificações' });
  // A new account's preferences: the chat and WhatsApp buttons shown, notifications on.
  await expect(chatbot).toHaveAttribute('aria-checked', 'false');
  await expect(whatsapp).toHaveAttribute('aria-checked', 'false');
  await expect(notifications).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Claro' })).toBeChecked();
  await expectNoAxeViolations(page);

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
  await expectNoAxeViolations(page);

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
  await signedInCustomer(page, 'Helena Prado');
  for (const [path, heading] of [
    ['/area-cliente/pagamentos', 'Métodos de Pagamento'],
    ['/area-cliente/notificacoes', 'Gerenciar Notificações'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectToast(page, 'Em Construção', 'Esta seção estará disponível em breve.');
    await expect(page.getByText('Em breve', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
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
