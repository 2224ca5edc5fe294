// Fiscal (NF-e): the admin opens /admin/fiscal from the panel's menu, sees the starting table marked
// "Regras de exemplo — revisar com seu contador", the issuer (the seller's legal identity, edited at
// /admin/settings) and that no provider is set up; a CFOP of the wrong destination is refused in pt-BR
// beside its field; a rule's PIS rate is edited and saved (the notice goes away) and put back. axe on the
// page and on the page with an error (light/dark, desktop/phone). The rates are left as seeded; the
// settings stay marked reviewed (nothing in the store reads that but this page).
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated } from './fixtures';

const NOTICE = 'Regras de exemplo — revisar com seu contador';
const SAME_STATE_CFOP = 'Mesmo estado, Consumidor final: CFOP';
const PIS_RATE = 'Outro estado, Contribuinte do ICMS: alíquota do PIS (%)';

async function savePisRate(page: Page, rate: string) {
  await gotoHydrated(page, '/admin/fiscal');
  await page.getByLabel(PIS_RATE, { exact: true }).fill(rate);
  await page.getByRole('button', { name: 'Salvar configurações fiscais' }).click();
  await expectToast(page, 'Configurações fiscais salvas!');
  await expect(page.getByLabel(PIS_RATE, { exact: true })).toHaveValue(rate);
}

// @shared-state (playwright.config.ts): the fiscal settings are the whole store's (every NF-e uses them).
test('the admin reviews the fiscal settings, is refused a wrong CFOP, edits a rule and puts it back', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  await asAdmin(page);
  await gotoHydrated(page, '/admin');
  await page.getByRole('link', { name: 'Fiscal', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/fiscal$/);
  await expect(page.getByRole('link', { name: 'Fiscal', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Fiscal (NF-e)' })).toBeVisible();
  // A retry runs after the first attempt saved once: the notice is gone for good then.
  if (test.info().retry === 0) await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  // The e2e store talks to the Focus NFe stand-in (playwright.config.ts FOCUS_E2E); without a token the loader has none (tests/integration/admin-fiscal.test.ts).
  await expect(page.getByText('Emissão pela Focus NFe (ambiente de homologação).')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar dados legais' })).toHaveAttribute('href', '/admin/settings#dados-legais');
  await expect(page.getByLabel('Regime tributário *')).toHaveValue('simples');
  await expect(page.getByRole('columnheader', { name: 'CSOSN' })).toBeVisible();
  await axeEverywhere(page, 'fiscal');

  // A 6xxx CFOP on a sale inside the state: refused before sending, beside the field, what was typed kept.
  const cfop = page.getByLabel(SAME_STATE_CFOP, { exact: true });
  await cfop.fill('6101');
  await page.getByRole('button', { name: 'Salvar configurações fiscais' }).click();
  await expect(page.getByText('Venda para o mesmo estado usa CFOP começando com 5 (ex.: 5101).')).toBeVisible();
  await expect(cfop).toHaveAttribute('aria-invalid', 'true');
  await expect(cfop).toHaveValue('6101');
  await axeEverywhere(page, 'fiscal com erro');
  // The regime switched to normal: the column asks for the CST.
  await page.getByLabel('Regime tributário *').selectOption('normal');
  await expect(page.getByRole('columnheader', { name: 'CST ICMS' })).toBeVisible();

  try {
    // A fresh page (the refused values are gone): a rate typed the Brazilian way, saved; the notice is gone.
    await savePisRate(page, '0,65');
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await expect(page.getByText(/^Revisadas e salvas em /)).toBeVisible();
    await expect(page.getByLabel(SAME_STATE_CFOP, { exact: true })).toHaveValue('5101');
  } finally {
    await savePisRate(page, '0');
  }
});
