// The admin reports (/admin/reports): a customer subscribes by card (a paid order today), the admin
// opens the reports, picks "Hoje", reads the KPIs, sorts a table by its headers, downloads its CSV
// (BOM, ';', accents) and sees a refused date range explained in pt-BR; axe light/dark, desktop/phone.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, gotoHydrated, signedInCustomer } from './fixtures';

/** 'R$ 1.234,56' → 123456; '7' → 7. */
const figure = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function kpi(page: Page, key: string): Promise<number> {
  return figure(await page.getByTestId(`kpi-${key}`).getByTestId('kpi-value').innerText());
}

// @shared-state (playwright.config.ts): it counts every order of the day, so nobody else may buy meanwhile.
test('the admin reads today’s figures, sorts a table and downloads it as CSV', { tag: '@shared-state' }, async ({ page, browser }) => {
  test.slow();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await asAdmin(page);
  await gotoHydrated(page, '/admin/reports?periodo=hoje');
  const before = { revenue: await kpi(page, 'faturamento'), orders: await kpi(page, 'pedidos') };

  // A customer takes the monthly plan (R$ 49,90) by card, through the checkout flow: a paid order today.
  const customerContext = await browser.newContext();
  await signedInCustomer(customerContext, 'Joana Conceição', { signIn: false, orders: [{ plan: 'monthly', paymentMethod: 'credit_card', taxId: '529.982.247-25' }] });
  await customerContext.close();

  // The sidebar's "Relatórios", then the "Hoje" preset.
  await gotoHydrated(page, '/admin');
  await page.getByRole('link', { name: 'Relatórios' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Períodos prontos' }).getByRole('link', { name: 'Hoje' }).click();
  await expect(page).toHaveURL(/periodo=hoje/);
  await expect(page.getByRole('link', { name: 'Hoje' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => kpi(page, 'pedidos')).toBe(before.orders + 1);
  expect(await kpi(page, 'faturamento')).toBe(before.revenue + 4990);
  await expect(page.getByTestId('kpi-faturamento').getByTestId('kpi-change')).toContainText('em relação ao período anterior');
  await expect(page.getByRole('img', { name: /^Faturamento diário de / })).toBeVisible();

  // Sort "Vendas por produto" by revenue: down, then up; aria-sort says which.
  const products = page.getByTestId('table-produtos');
  await expect(products).toContainText('Assinatura Inteligente — Plano Mensal');
  const header = products.getByRole('columnheader', { name: 'Faturamento' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const revenues = async () => (await products.getByTestId('report-row').locator('td:last-child').allInnerTexts()).map(figure);
  const down = await revenues();
  expect(down).toEqual([...down].sort((a, b) => b - a));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const up = await revenues();
  expect(up).toEqual([...down].sort((a, b) => a - b));

  // Its CSV: BOM, ';', the plan's name with its accents and dash intact, amounts as 49,90.
  const download = page.waitForEvent('download');
  await products.getByRole('link', { name: /Baixar CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vendas-por-produto-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = parse(bytes.toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
  const plan = csv.find((r) => r.Produto === 'Assinatura Inteligente — Plano Mensal');
  expect(plan?.Faturamento).toMatch(/^\d+,\d{2}$/);
  expect(Number(plan!.Unidades)).toBeGreaterThanOrEqual(1);

  await axeEverywhere(page, 'relatórios');

  // Two dates the wrong way round: a pt-BR message on the field, what was typed kept.
  await page.getByLabel('De', { exact: true }).fill('2026-03-10');
  await page.getByLabel('Até', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Aplicar datas' }).click();
  await expect(page.getByText('A data inicial deve ser igual ou anterior à final.')).toBeVisible();
  await expect(page.getByLabel('De', { exact: true })).toHaveValue('2026-03-10');
  await expect(page.getByLabel('De', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await axeEverywhere(page, 'relatórios com erro');
  expect(consoleErrors).toEqual([]);
});
