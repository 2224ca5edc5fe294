// The admin dashboard (/admin, issue 6): what the admin sees, that the figures
// follow real purchases, and that axe finds nothing on it (expanded and collapsed
// sidebar, tablet, phone, dark theme).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { asAdmin, expectNoAxeViolations, gotoHydrated, signedInCustomer } from './fixtures';

const STAT_LABELS = [
  'Pedidos hoje',
  'Faturamento hoje',
  'Pedidos em 30 dias',
  'Faturamento em 30 dias',
  'Assinantes ativos',
  'Receita recorrente mensal',
] as const;
type StatLabel = (typeof STAT_LABELS)[number];

async function openAsAdmin(page: Page) {
  await asAdmin(page);
  await gotoHydrated(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** A fresh browser context (own cookies and storage), optionally sized, with the admin signed in on /admin. */
async function adminContext(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await openAsAdmin(page);
  return { context, page };
}

/** The signed-in user's saved theme (a preference: the cookie alone does not override it). */
async function saveTheme(page: Page, theme: 'light' | 'dark') {
  const response = await page.request.post('/preferencias/tema', { form: { theme } });
  expect(response.ok()).toBe(true);
}

const statValue = (page: Page, label: StatLabel) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** 'R$ 1.234,56' → 123456; '7' → 7. */
function parseFigure(text: string): number {
  const digits = text.replace(/[^\d]/g, '');
  return Number(digits);
}

async function readStats(page: Page): Promise<Record<StatLabel, number>> {
  const entries = await Promise.all(STAT_LABELS.map(async (label) => [label, parseFigure(await statValue(page, label).innerText())] as const));
  return Object.fromEntries(entries) as Record<StatLabel, number>;
}

// @shared-state (playwright.config.ts): it counts every order and subscriber of the store, so nobody else may buy meanwhile.
test('the admin sees the figures, the chart and the tables, and they follow a new subscription', { tag: '@shared-state' }, async ({ page, browser }) => {
  // A customer account and a checkout besides the admin's visits: longer than the default 30 s.
  test.slow();
  // A hydration mismatch (e.g. dates printed differently by the server and the browser) would log here.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await openAsAdmin(page);
  for (const label of STAT_LABELS) {
    await expect(page.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  const chart = page.getByRole('img', { name: /^Faturamento diário de \d{2}\/\d{2} a \d{2}\/\d{2}: / });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect')).toHaveCount(30);
  for (const heading of ['Faturamento diário (últimos 30 dias)', 'Produtos mais vendidos (30 dias)', 'Últimos pedidos']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // The chart's values as a table, one row per day.
  const values = page.getByRole('table', { name: 'Faturamento e pedidos por dia, nos últimos 30 dias' });
  await expect(values).toBeHidden();
  await page.getByText('Ver valores', { exact: true }).click();
  await expect(values).toBeVisible();
  await expect(values.locator('tbody tr')).toHaveCount(30);
  const before = await readStats(page);

  // A customer takes the monthly plan (R$ 49,90) by card, through the checkout flow: a paid order today and
  // an active subscription (a Pix would wait for its confirmation and count only then).
  const customerContext = await browser.newContext();
  const account = await signedInCustomer(customerContext, 'Patrícia Almeida', { signIn: false, orders: [{ plan: 'monthly', paymentMethod: 'credit_card', taxId: '529.982.247-25' }] });
  const orderId = account.orders[0]!;
  await customerContext.close();

  await gotoHydrated(page, '/admin');
  expect(await readStats(page)).toEqual({
    'Pedidos hoje': before['Pedidos hoje'] + 1,
    'Faturamento hoje': before['Faturamento hoje'] + 4990,
    'Pedidos em 30 dias': before['Pedidos em 30 dias'] + 1,
    'Faturamento em 30 dias': before['Faturamento em 30 dias'] + 4990,
    'Assinantes ativos': before['Assinantes ativos'] + 1,
    'Receita recorrente mensal': before['Receita recorrente mensal'] + 4990,
  });
  await expect(chart).toHaveAccessibleName(/total de R\$\s[\d.]+,\d{2} em \d+ pedidos?;/);

  // The newest order comes first: short id, customer, total and status in pt-BR.
  const latest = page.getByRole('region', { name: 'Últimos pedidos' }).getByRole('row').nth(1);
  await expect(latest.getByRole('rowheader')).toHaveText(orderId.slice(0, 8).toUpperCase());
  await expect(latest).toContainText('Patrícia Almeida');
  await expect(latest).toContainText(account.email);
  await expect(latest).toContainText('R$\u00a049,90');
  await expect(latest).toContainText('Pago');
  await expect(latest).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(page.getByRole('region', { name: 'Produtos mais vendidos (30 dias)' })).toContainText('Assinatura Inteligente — Plano Mensal');
  expect(consoleErrors).toEqual([]);
});

test('axe finds no violations on /admin: expanded, collapsed sidebar and values open', async ({ browser }) => {
  const { context, page } = await adminContext(browser);
  await expectNoAxeViolations(page);
  await page.getByText('Ver valores', { exact: true }).click();
  await expect(page.getByRole('table', { name: /Faturamento e pedidos por dia/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Recolher menu' }).click();
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test('axe finds no violations on /admin at tablet and phone widths', async ({ browser }) => {
  // Several full axe runs at two widths: near the default 30 s on a busy machine.
  test.slow();
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
  ]) {
    const { context, page } = await adminContext(browser, viewport);
    await expect(page.getByRole('img', { name: /^Faturamento diário de / })).toBeVisible();
    // Nothing wider than the screen: only the tables scroll, inside their own areas.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    if (viewport.width === 768) {
      // On a tablet the sidebar starts as icons; expanded on request.
      await expect(page.getByRole('button', { name: 'Recolher menu' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Expandir menu' }).click();
      await expect(page.getByRole('button', { name: 'Recolher menu' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await context.close();
  }
});

// @shared-state: the admin's saved theme is that of every admin spec.
test('axe finds no violations on /admin in the dark theme', { tag: '@shared-state' }, async ({ browser }) => {
  const { context, page } = await adminContext(browser);
  await saveTheme(page, 'dark');
  try {
    await gotoHydrated(page, '/admin');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByText('Ver valores', { exact: true }).click();
    await expectNoAxeViolations(page);
  } finally {
    // The admin account is shared with other specs.
    await saveTheme(page, 'light');
    await context.close();
  }
});
