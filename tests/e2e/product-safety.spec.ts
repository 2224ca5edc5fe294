import { expect, test } from '@playwright/test';
import { axeEverywhere } from './fixtures';

// A product's safety (issue 32): the ANVISA line by the price, the collapsible Segurança section with the
// transport of a dangerous good, and its FDS downloaded as a PDF named after the product.
test('a product page shows its ANVISA line and Segurança section, and downloads its FDS', async ({ page }) => {
  await page.goto('/produtos/alcool-70');
  const anvisa = page.getByTestId('anvisa-line');
  await expect(anvisa).toHaveText(/^Produto registrado na ANVISA nº 25351\.9\d{5}\/2026-\d{2}$/);
  // Right under the price.
  await expect(anvisa.locator('xpath=preceding-sibling::p[1]')).toContainText('R$');

  const section = page.getByTestId('safety-section');
  await section.getByText('Segurança', { exact: true }).click();
  await expect(section).toContainText('Risco 2 (maior risco)');
  await expect(section).toContainText('Antes de usar, leia as instruções do rótulo.');
  await expect(section).toContainText('Produto perigoso: ONU 1170 — Classe 3 (Líquido inflamável)');

  const link = section.getByRole('link', { name: 'Ficha de Dados de Segurança (FDS, PDF)' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/uploads\/fds\/alcool-70-[0-9a-f]{20}\.pdf$/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('fds-alcool-70.pdf');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // The server's default and the route's own are both sent ("nosniff, nosniff"): browsers read the first.
  expect(response.headers()['x-content-type-options']?.split(',')[0]).toBe('nosniff');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await axeEverywhere(page, 'produto');
});
