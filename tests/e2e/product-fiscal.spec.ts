// Fiscal data for the NF-e (issue 34) in the admin's product form and list: a product without NCM and
// origem, or a size without GTIN, is flagged ("Sem dados fiscais", listed alone by the filter); the
// admin fills them, a bad NCM or a GTIN whose check digit does not match being refused in pt-BR beside
// the field with what was typed kept, and the flag goes. axe finds no violations on the form.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, expectNoAxeViolations, expectToast, gotoHydrated } from './fixtures';

const size = (page: Page, n: number) => page.getByRole('group', { name: `Tamanho ${n}`, exact: true });
const fiscal = (page: Page) => page.getByRole('group', { name: 'Dados fiscais (NF-e)' });
const FLAG = 'Sem dados fiscais';

// @shared-state (playwright.config.ts): the product it creates stays in the catalogue.
test('a product without fiscal data is flagged; the admin fills NCM, origem and GTIN and the flag goes', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  const name = `Limpador Fiscal ${Date.now().toString(36)}`;
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Preço base (R$) *').fill('9,90');
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await size(page, 1).getByLabel('Tamanho', { exact: true }).fill('1 L');
  await size(page, 1).getByLabel('Preço (R$)').fill('9,90');
  // A new size is sold by the unit.
  await expect(size(page, 1).getByLabel('Unidade comercial')).toHaveValue('UN');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  const editUrl = page.url();

  // The list flags it, and its filter lists it.
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(FLAG)).toBeVisible();
  await expect(row.getByText('(Não pode ser faturado ainda)')).toBeAttached();
  await page.getByRole('link', { name: FLAG, exact: true }).click();
  await expect(page).toHaveURL(/fiscal=sem/);
  await expect(page.getByRole('link', { name: FLAG, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  for (const header of await page.getByRole('rowheader').all()) await expect(header).toContainText(FLAG);
  await expectNoAxeViolations(page);

  // A bad NCM and a GTIN whose check digit does not match: refused in pt-BR beside the fields, what was typed kept.
  await gotoHydrated(page, editUrl);
  await fiscal(page).getByLabel('NCM', { exact: true }).fill('3402.20');
  await fiscal(page).getByLabel('Origem da mercadoria').selectOption('0');
  await size(page, 1).getByLabel('GTIN/EAN (código de barras)').fill('7891000315508');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(fiscal(page).getByText('O NCM tem 8 algarismos (ex.: 3402.20.00).')).toBeVisible();
  await expect(size(page, 1).getByText('O dígito verificador do GTIN/EAN não confere. Confira o código de barras.')).toBeVisible();
  await expect(fiscal(page).getByLabel('NCM', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(fiscal(page).getByLabel('NCM', { exact: true })).toHaveValue('3402.20');
  await expect(size(page, 1).getByLabel('GTIN/EAN (código de barras)')).toHaveValue('7891000315508');
  await expectNoAxeViolations(page);

  // Fixed: the NCM typed with dots, the right check digit.
  await fiscal(page).getByLabel('NCM', { exact: true }).fill('3402.20.00');
  await size(page, 1).getByLabel('GTIN/EAN (código de barras)').fill('7891000315507');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(fiscal(page).getByLabel('NCM', { exact: true })).toHaveValue('3402.20.00');
  await expect(fiscal(page).getByLabel('Origem da mercadoria')).toHaveValue('0');
  await expect(size(page, 1).getByLabel('GTIN/EAN (código de barras)')).toHaveValue('7891000315507');

  // The flag is gone, and the filter no longer lists it.
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText(FLAG)).toHaveCount(0);
  await page.getByRole('link', { name: FLAG, exact: true }).click();
  await expect(page).toHaveURL(/fiscal=sem/);
  await expect(page.getByText('Nenhum produto encontrado para essa busca.')).toBeVisible();
});
