// /admin/subscriptions/:id as the admin sees it: a subscription assigned on /admin/subscriptions
// opens on its own page (customer, price, dates, history), is paused after the confirmation
// (status Pausada, a history line by the admin) and resumed. Axe on the page, light and dark,
// desktop and phone, in both states.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

/** Opens the dialog of an action, confirms it and waits for the toast that says it was done. */
async function act(page: Page, button: string, dialog: string, confirm: string, done: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('alertdialog', { name: dialog }).getByRole('button', { name: confirm }).click();
  await expectToast(page, done);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

test('an assigned subscription opens on its page, is paused with a history line and resumed', async ({ page }) => {
  // An assignment, two confirmed actions and axe in two themes at two widths, twice: longer than the default 30 s.
  test.slow();
  const customer = await signedInCustomer(page, 'Beatriz Fontes', { signIn: false });
  await asAdmin(page);

  // Assigned through the existing form on /admin/subscriptions.
  await gotoHydrated(page, '/admin/subscriptions');
  const assignForm = page.getByRole('form', { name: 'Atribuir assinatura' });
  await assignForm.getByLabel('E-mail do usuário').fill(customer.email);
  await assignForm.getByRole('button', { name: 'Atribuir assinatura' }).click();
  await expectToast(page, 'Assinatura atribuída com sucesso!');
  const row = page.locator('tr[data-subscription-id]').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  const id = (await row.getAttribute('data-subscription-id'))!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  await gotoHydrated(page, `/admin/subscriptions/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Assinatura de Beatriz Fontes' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Ativa');
  const plan = page.getByRole('region', { name: 'Plano' });
  await expect(plan).toContainText('Plano Mensal');
  await expect(plan).toContainText(/R\$\s?\d+,\d{2} por mês/);
  await expect(plan).toContainText(/Próxima renovação\s*\d{2}\/\d{2}\/\d{4}/);
  const history = page.getByTestId('subscription-history');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Assinatura criada');
  await expect(page.getByText('Nenhuma cobrança ainda.')).toBeVisible();
  await axeEverywhere(page, 'ativa');

  await act(page, 'Pausar', 'Pausar assinatura', 'Sim, pausar', 'Assinatura pausada');
  await expect(page.getByTestId('subscription-status')).toHaveText('Pausada');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const pausedLine = history.getByRole('listitem').first();
  await expect(pausedLine).toContainText('Assinatura pausada');
  await expect(pausedLine).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Administrador/);
  await expect(pausedLine).toContainText(/Volta sozinha em \d{2}\/\d{2}\/\d{4}/);
  await expect(plan).toContainText(/Volta sozinha em\s*\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toHaveCount(0);
  await axeEverywhere(page, 'pausada');

  await act(page, 'Retomar', 'Retomar assinatura', 'Sim, retomar', 'Assinatura retomada');
  await expect(page.getByTestId('subscription-status')).toHaveText('Ativa');
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('Assinatura retomada');
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible();

  // The list says the same.
  await gotoHydrated(page, '/admin/subscriptions');
  await expect(page.locator(`tr[data-subscription-id="${id}"]`)).toContainText('Ativa');
});

test('a malformed or unknown subscription id is a 404', async ({ page }) => {
  await asAdmin(page);
  for (const path of ['/admin/subscriptions/nao-existe', '/admin/subscriptions/00000000-0000-4000-8000-000000000000']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
});
