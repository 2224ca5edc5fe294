// /admin/subscriptions as the admin sees it: the plan editor (page and the three options'
// prices) feeds /assinatura, and subscriptions are assigned by e-mail and removed after the
// confirmation. Every test puts the shared plan back as it found it (other specs read
// /assinatura and buy at the seeded plan prices: R$ 49,90, 249,50 and 538,90).
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, expectNoAxeViolations, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

const PATH = '/admin/subscriptions';
const REMOVE_TEXT = 'Tem certeza que deseja remover a assinatura deste usuário? Esta ação é irreversível.';

async function signInAsAdmin(page: Page) {
  await asAdmin(page);
  await gotoHydrated(page, PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Assinaturas' })).toBeVisible();
}

/** dd/mm/yyyy of today in São Paulo plus `months`, the day clamped to the month's end. */
function todayPlusMonths(months: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = index % 12;
  const day = Math.min(d, new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return `${String(day).padStart(2, '0')}/${String(month + 1).padStart(2, '0')}/${year}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One of the editor's three options (a group named after the plan). */
const optionGroup = (page: Page, name: 'Plano Mensal' | 'Plano Semestral' | 'Plano Anual') => page.getByRole('group', { name, exact: true });

async function savePlan(page: Page) {
  await page.getByRole('button', { name: 'Salvar plano' }).click();
  await expectToast(page, 'Plano atualizado com sucesso!', 'As alterações já aparecem na página da assinatura.');
}

// @shared-state (playwright.config.ts): the plan is what /assinatura and every checkout of it read; the newest subscriber comes first.
test('edits the plan headline and sees it on /assinatura; assigns a subscription to a new customer (green badge) and removes it', { tag: '@shared-state' }, async ({ page }) => {
  // Several saves and axe runs: longer than the default 30 s.
  test.slow();
  const customer = await signedInCustomer(page, 'Renata Albuquerque', { signIn: false });
  await signInAsAdmin(page);
  await expectNoAxeViolations(page);

  // The headline, on /assinatura.
  const headline = page.getByLabel('Chamada principal', { exact: true });
  const original = await headline.inputValue();
  expect(original.length).toBeGreaterThan(0);
  const edited = `Limpeza sem preocupação, todo mês ${Date.now()}`;
  try {
    await headline.fill(edited);
    await savePlan(page);
    await page.goto('/assinatura');
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
  } finally {
    await gotoHydrated(page, PATH);
    await page.getByLabel('Chamada principal', { exact: true }).fill(original);
    await savePlan(page);
  }
  await page.goto('/assinatura');
  await expect(page.getByRole('heading', { level: 1, name: original })).toBeVisible();

  // Assign: the e-mail is checked before anything is sent…
  await gotoHydrated(page, PATH);
  const assignForm = page.getByRole('form', { name: 'Atribuir assinatura' });
  const email = assignForm.getByLabel('E-mail do usuário');
  const assign = assignForm.getByRole('button', { name: 'Atribuir assinatura' });
  await email.fill('renata@');
  await assign.click();
  await expect(assignForm.getByText('Informe um e-mail válido.')).toBeVisible();
  await expect(email).toBeFocused();
  // …an unknown one is refused and kept in the field…
  await email.fill('ninguem.cadastrado@exemplo.com.br');
  await assign.click();
  await expectToast(page, 'Usuário não encontrado', 'Verifique o e-mail e tente novamente.');
  await expect(email).toHaveValue('ninguem.cadastrado@exemplo.com.br');
  await expect(assignForm.getByText('Usuário não encontrado. Verifique o e-mail e tente novamente.')).toBeVisible();
  // …and a known one, in any case, gets a monthly active subscription.
  await email.fill(customer.email.toUpperCase());
  await assign.click();
  await expectToast(page, 'Assinatura atribuída com sucesso!', `Assinatura mensal ativa para ${customer.email}.`);
  await expect(email).toHaveValue('');

  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(customer.email)) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toContainText('Renata Albuquerque');
  await expect(row.getByRole('cell').nth(0)).toHaveText('Plano Mensal');
  const badge = row.getByText('Ativa', { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveClass(/bg-green-100/);
  await expect(row.getByRole('cell').nth(2)).toHaveText('R$\u00a049,90');
  await expect(row.getByRole('cell').nth(3)).toHaveText(todayPlusMonths(1));
  await expect(row.getByRole('cell').nth(4)).toHaveText(todayPlusMonths(0));
  // Newest first.
  await expect(page.getByRole('row').nth(1)).toContainText(customer.email);

  // No second one while it is active.
  await email.fill(customer.email);
  await assign.click();
  await expectToast(page, 'Erro ao atribuir assinatura', 'Este usuário já possui uma assinatura ativa.');
  await expect(assignForm.getByText('Este usuário já possui uma assinatura ativa.', { exact: true })).toBeVisible();
  await expect(email).toHaveValue(customer.email);
  await expect(row).toHaveCount(1);

  // Remove, after the confirmation; Cancelar keeps it.
  await row.getByRole('button', { name: /^Remover/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remover assinatura' });
  await expect(dialog.getByText(REMOVE_TEXT, { exact: true })).toBeVisible();
  await expect(dialog).toContainText(customer.email);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: /^Remover/ }).click();
  await dialog.getByRole('button', { name: 'Sim, remover assinatura' }).click();
  await expectToast(page, 'Assinatura removida com sucesso.');
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Assinantes' })).toBeFocused();
  // The record is gone, not just hidden: after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Assinaturas' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectNoAxeViolations(page);
});

// @shared-state: the plan, as above.
test('the plan editor adds, reorders and removes benefits, and keeps what was typed when a field is wrong', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  const benefits = page.getByRole('group', { name: 'Benefícios', exact: true });
  const rows = benefits.getByRole('listitem');
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  const firstText = await benefits.getByRole('group', { name: 'Benefício 1', exact: true }).getByLabel('Texto').inputValue();
  const added = `Brinde surpresa a cada semestre ${Date.now()}`;

  // A wrong field: the message shows next to it, the keyboard goes there, nothing typed is lost.
  const planName = page.getByLabel('Nome do plano');
  const originalName = await planName.inputValue();
  const monthlyPrice = optionGroup(page, 'Plano Mensal').getByLabel('Preço (R$)');
  const annualPrice = optionGroup(page, 'Plano Anual').getByLabel('Preço (R$)');
  const originalMonthly = await monthlyPrice.inputValue();
  const originalAnnual = await annualPrice.inputValue();
  await planName.fill('');
  await monthlyPrice.fill('49,999');
  await annualPrice.fill('0');
  await benefits.getByRole('button', { name: 'Adicionar benefício' }).click();
  const newRow = benefits.getByRole('group', { name: `Benefício ${count + 1}`, exact: true });
  await expect(newRow.getByLabel('Texto')).toBeFocused();
  await page.getByRole('button', { name: 'Salvar plano' }).click();
  await expectToast(page, 'Erro ao atualizar plano', 'Confira os campos destacados.');
  await expect(page.getByText('Informe o nome do plano.')).toBeVisible();
  await expect(optionGroup(page, 'Plano Mensal').getByText('Informe um preço válido, por exemplo 49,90.')).toBeVisible();
  await expect(optionGroup(page, 'Plano Anual').getByText('O preço deve ser maior que zero.')).toBeVisible();
  await expect(optionGroup(page, 'Plano Semestral').getByText(/^O preço|^Informe/)).toHaveCount(0);
  await expect(newRow.getByText('Informe o texto do benefício.')).toBeVisible();
  await expect(planName).toBeFocused();
  // What was typed is still there.
  await expect(monthlyPrice).toHaveValue('49,999');
  await expect(annualPrice).toHaveValue('0');
  await expectNoAxeViolations(page);
  await planName.fill(originalName);
  await monthlyPrice.fill(originalMonthly);
  await annualPrice.fill(originalAnnual);

  try {
    // Type the new benefit, pick its icon and move it to the top with the keyboard.
    await newRow.getByLabel('Texto').fill(added);
    await newRow.getByLabel('Ícone').selectOption('Gift');
    await newRow.getByRole('button', { name: 'Mover para cima' }).focus();
    for (let i = 0; i < count; i++) await page.keyboard.press('Enter');
    const top = benefits.getByRole('group', { name: 'Benefício 1', exact: true });
    await expect(top.getByLabel('Texto')).toHaveValue(added);
    await expect(top.getByLabel('Ícone')).toHaveValue('Gift');
    // At the top "up" is disabled, so the keyboard stays on the row's other move button.
    await expect(top.getByRole('button', { name: 'Mover para cima' })).toBeDisabled();
    await expect(top.getByRole('button', { name: 'Mover para baixo' })).toBeFocused();
    await expect(benefits.getByRole('group', { name: 'Benefício 2', exact: true }).getByLabel('Texto')).toHaveValue(firstText);
    await savePlan(page);

    await page.goto('/assinatura');
    const storefront = page.getByRole('region', { name: 'Benefícios' }).getByRole('listitem');
    await expect(storefront).toHaveCount(count + 1);
    await expect(storefront.first()).toHaveText(added);
    await expect(storefront.nth(1)).toHaveText(firstText);
  } finally {
    // Put the list back as it was.
    await gotoHydrated(page, PATH);
    const rowWithAdded = benefits.getByRole('listitem').filter({ has: page.locator(`input[value="${added}"]`) });
    if ((await rowWithAdded.count()) > 0) {
      await rowWithAdded.getByRole('button', { name: 'Remover' }).click();
      await savePlan(page);
    }
  }
  await expect(benefits.getByRole('listitem')).toHaveCount(count);
  await expect(benefits.getByRole('group', { name: 'Benefício 1', exact: true }).getByLabel('Texto')).toHaveValue(firstText);
  await page.goto('/assinatura');
  await expect(page.getByRole('region', { name: 'Benefícios' }).getByRole('listitem').first()).toHaveText(firstText);
});

// @shared-state: the plan, as above.
test("a new option price shows on /assinatura and applies to new subscriptions; an existing one keeps its price", { tag: '@shared-state' }, async ({ page }) => {
  // Several saves, assignments and removals: longer than the default 30 s.
  test.slow();
  const before = await signedInCustomer(page, 'Helena Castro', { signIn: false });
  const after = await signedInCustomer(page, 'Igor Nascimento', { signIn: false });
  await signInAsAdmin(page);

  const assignForm = page.getByRole('form', { name: 'Atribuir assinatura' });
  async function assignTo(email: string) {
    await assignForm.getByLabel('E-mail do usuário').fill(email);
    await assignForm.getByRole('button', { name: 'Atribuir assinatura' }).click();
    await expectToast(page, 'Assinatura atribuída com sucesso!', `Assinatura mensal ativa para ${email}.`);
  }
  const rowOf = (email: string) => page.getByRole('row', { name: new RegExp(escapeRegExp(email)) });
  const valueOf = (email: string) => rowOf(email).getByRole('cell').nth(2);

  // Sold at today's monthly price.
  const monthly = optionGroup(page, 'Plano Mensal');
  const semiannual = optionGroup(page, 'Plano Semestral');
  const originalPrice = await monthly.getByLabel('Preço (R$)').inputValue();
  const originalHighlight = await semiannual.getByLabel('Destaque (opcional)').inputValue();
  expect(originalPrice).toBe('49,90');
  await expect(assignForm).toContainText('Cria uma assinatura mensal ativa de R$\u00a049,90');
  await assignTo(before.email);
  await expect(valueOf(before.email)).toHaveText('R$\u00a049,90');

  const highlight = `Oferta ${Date.now() % 100000}`;
  try {
    await monthly.getByLabel('Preço (R$)').fill('59,90');
    await semiannual.getByLabel('Destaque (opcional)').fill(highlight);
    await savePlan(page);
    // Saved as typed, and the assignment hint follows the new price.
    await expect(optionGroup(page, 'Plano Mensal').getByLabel('Preço (R$)')).toHaveValue('59,90');
    await expect(assignForm).toContainText('Cria uma assinatura mensal ativa de R$\u00a059,90');
    await expectNoAxeViolations(page);

    // The storefront reads the new price and highlight.
    await page.goto('/assinatura');
    await expect(page.getByRole('radio', { name: /Plano Mensal/ })).toHaveAccessibleName(/R\$\s59,90/);
    await expect(page.getByRole('radio', { name: /Plano Semestral/ })).toHaveAccessibleName(new RegExp(`${highlight}.*R\\$\\s249,50`));

    // The subscription sold before keeps its price; a new one costs the new price.
    await gotoHydrated(page, PATH);
    await expect(valueOf(before.email)).toHaveText('R$\u00a049,90');
    await assignTo(after.email);
    await expect(valueOf(after.email)).toHaveText('R$\u00a059,90');
    await expect(valueOf(before.email)).toHaveText('R$\u00a049,90');
    await expect(page.getByRole('columnheader', { name: 'Valor' })).toBeVisible();
  } finally {
    // Back to the seeded price and highlight, and no subscriptions left behind.
    await gotoHydrated(page, PATH);
    await optionGroup(page, 'Plano Mensal').getByLabel('Preço (R$)').fill(originalPrice);
    await optionGroup(page, 'Plano Semestral').getByLabel('Destaque (opcional)').fill(originalHighlight);
    await savePlan(page);
    for (const email of [before.email, after.email]) {
      const row = rowOf(email);
      if ((await row.count()) === 0) continue;
      await row.getByRole('button', { name: /^Remover/ }).click();
      await page.getByRole('alertdialog', { name: 'Remover assinatura' }).getByRole('button', { name: 'Sim, remover assinatura' }).click();
      await expectToast(page, 'Assinatura removida com sucesso.');
      await expect(row).toHaveCount(0);
    }
  }
  await page.goto('/assinatura');
  await expect(page.getByRole('radio', { name: /Plano Mensal/ })).toHaveAccessibleName(/R\$\s49,90/);
  await expect(page.getByRole('radio', { name: /Plano Semestral/ })).toHaveAccessibleName(/Economize 5%!/);
});

test('an anonymous visitor and a customer cannot use the page or its actions', async ({ page }) => {
  const response = await page.request.get(PATH, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/login/);

  const customer = await signedInCustomer(page, 'Otávio Martins');
  await page.goto(PATH);
  await expect(page).toHaveURL(/\/$/);
  // A customer assigning themselves a subscription directly: refused.
  const post = await page.request.post(PATH, { form: { intent: 'assign', email: customer.email }, maxRedirects: 0 });
  expect(post.status()).toBe(403);
  await page.goto('/area-cliente/assinaturas');
  await expect(page.getByText('Você ainda não tem uma assinatura ativa da Assinatura Inteligente.')).toBeVisible();
});
