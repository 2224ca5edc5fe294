// The admin's newsletter list: a visitor signs up on the blog and another in the footer; the
// admin sees both with their source, searches, exports the CSV (BOM, ';') and removes one.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated } from './fixtures';

test('sign-ups from the blog and the footer are listed with their source, exported and removed', async ({ page, browser }) => {
  test.slow();
  const tag = `leitor${Date.now()}`;
  const visitor = await browser.newPage();
  await gotoHydrated(visitor, '/blog');
  const blog = visitor.getByRole('region', { name: 'Receba nossas dicas no seu e-mail' });
  await blog.getByLabel('Seu e-mail').fill(`${tag}.blog@exemplo.com.br`);
  await blog.getByRole('button', { name: 'Inscrever' }).click();
  await expectToast(visitor, '✅ Inscrição Confirmada!');
  await gotoHydrated(visitor, '/');
  await visitor.getByRole('contentinfo').getByLabel('Seu e-mail').fill(`${tag}.rodape@exemplo.com.br`);
  await visitor.getByRole('contentinfo').getByRole('button', { name: 'Inscrever' }).click();
  await expectToast(visitor, '✅ Inscrição Confirmada!');
  await visitor.close();

  await asAdmin(page);
  await gotoHydrated(page, '/admin/newsletter');
  await page.getByLabel('Buscar por e-mail').fill(tag);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const rows = page.getByTestId('subscriber-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${tag}.rodape@exemplo.com.br`);
  await expect(rows.nth(0)).toContainText('Rodapé');
  await expect(rows.nth(1)).toContainText('Blog');
  await axeEverywhere(page, 'newsletter');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const bytes = await readFile(await (await download).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = parse(bytes.toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
  expect(csv.map((r) => [r['E-mail'], r.Origem])).toEqual([
    [`${tag}.rodape@exemplo.com.br`, 'Rodapé'],
    [`${tag}.blog@exemplo.com.br`, 'Blog'],
  ]);
  expect(csv[0]!['Inscrição']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  // Each sign-up's own one-click link, for a newsletter sent with this file from a mailing tool.
  expect(csv[0]!['Link de descadastro']).toMatch(/^http:\/\/localhost:\d+\/descadastrar\?t=[\w-]+\.[\w-]{43}$/);
  expect(csv[1]!['Link de descadastro']).not.toBe(csv[0]!['Link de descadastro']);

  await page.getByRole('button', { name: `Remover ${tag}.blog@exemplo.com.br` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover inscrição' }).click();
  await expectToast(page, 'Inscrição removida');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${tag}.rodape@exemplo.com.br`);
});
