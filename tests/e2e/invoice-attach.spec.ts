// An NF-e issued in another system, attached from the admin's order page (issue 34): a customer's
// paid order; the admin attaches an XML whose total is wrong and reads every problem beside the form,
// then the order's own XML (made here from the order's total, the store's CNPJ in the footer and the
// buyer's CPF) with its DANFE, and the section shows the note as authorised with its key and files.
// The customer sees "Nota fiscal nº …" on the order page and downloads the DANFE. Axe on the admin's
// section (with the problems shown, and with the note) and on the customer's order page, light and dark.
// Each run uses its own note number, so no other spec reads anything this one writes.
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_DANFE, sampleNfeXml } from '../support/nfe-xml';
import { asAdmin, axeEverywhere, DETERGENT, expectToast, gotoHydrated, setTheme, signedInCustomer, expectNoAxeViolations } from './fixtures';

const SECTION = '[data-testid="order-invoice"]';

async function sectionAxe(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoAxeViolations(page, { include: SECTION });
  }
  await setTheme(page, 'light');
}

async function attachFiles(page: Page, xml: string, danfe: string | null) {
  const section = page.locator(SECTION);
  await section.getByLabel('XML da NF-e (obrigatório)').setInputFiles({ name: 'nota.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
  if (danfe !== null) await section.getByLabel('DANFE em PDF (opcional)').setInputFiles({ name: 'danfe.pdf', mimeType: 'application/pdf', buffer: Buffer.from(danfe) });
  await section.getByRole('button', { name: 'Anexar NF-e' }).click();
}

test('the admin attaches an NF-e issued elsewhere and the customer downloads its DANFE', async ({ page, browser }) => {
  test.slow();
  const cpf = generateCpf();
  const customer = await signedInCustomer(page, 'Helena Notafiscal', {
    orders: [{ items: [{ slug: DETERGENT, quantity: 1 }], paymentMethod: 'credit_card', taxId: formatCpf(cpf) }],
  });
  const orderId = customer.orders[0]!;
  // The store's CNPJ, as the seller's identity in the storefront's footer shows it.
  await gotoHydrated(page, `/pedido/${orderId}`);
  const storefront = await page.locator('body').innerText();
  const cnpj = /CNPJ:?\s*(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})/.exec(storefront)?.[1]?.replace(/\D/g, '');
  expect(cnpj, 'CNPJ da loja no rodapé').toHaveLength(14);
  await expect(page.getByTestId('invoice-links')).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await asAdmin(await adminContext.newPage());
  await gotoHydrated(admin, `/admin/orders/${orderId}`);
  const section = admin.locator(SECTION);
  await expect(section.getByRole('heading', { name: 'Nota fiscal (NF-e)' })).toBeVisible();
  await expect(section.getByTestId('invoice-status')).toHaveText('Sem nota');

  // What the note must say: the order's total (the header), the store's CNPJ, the buyer's CPF.
  const header = (await admin.locator('h1 + p').textContent()) ?? '';
  const total = /R\$\s*([\d.]+,\d{2})/.exec(header)?.[1];
  expect(total, header).toBeTruthy();
  const totalCents = Number(total!.replace(/\./g, '').replace(',', ''));
  // A number of this run's own: the key (made of it) is unique across runs on the same database.
  const number = 100_000 + (Date.now() % 800_000_000);

  // A wrong total: every problem listed beside the form, nothing kept.
  await attachFiles(admin, sampleNfeXml({ cnpj: cnpj!, buyer: cpf, totalCents: totalCents + 100, environment: 'homologacao', number }).xml, null);
  const problems = section.getByRole('alert');
  await expect(problems).toContainText('A nota não foi anexada');
  await expect(problems).toContainText('não confere com o do pedido');
  // The store may be in produção (Configurações → Fiscal): then the note must be too.
  const environment = (await problems.textContent())?.includes('emitida em homologação') ? 'producao' : 'homologacao';
  await sectionAxe(admin);

  const note = sampleNfeXml({ cnpj: cnpj!, buyer: cpf, totalCents, environment, number });
  await attachFiles(admin, note.xml, SAMPLE_DANFE);
  await expectToast(admin, `NF-e nº ${number} anexada`);
  await expect(section.getByTestId('invoice-status')).toHaveText('Autorizada');
  await expect(section).toContainText(note.key.match(/\d{4}/g)!.join(' '));
  await expect(section.getByRole('link', { name: 'DANFE (PDF)' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'XML', exact: true })).toBeVisible();
  // A note in force: no second attach offered.
  await expect(section.getByRole('button', { name: 'Anexar NF-e' })).toHaveCount(0);
  await sectionAxe(admin);
  await adminContext.close();

  // The customer's order page: the note's number and its files.
  await gotoHydrated(page, `/pedido/${orderId}`);
  const links = page.getByTestId('invoice-links');
  await expect(links).toContainText(`Nota fiscal nº ${number}`);
  const download = page.waitForEvent('download');
  await links.getByRole('link', { name: /DANFE \(PDF\)/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`NF-e-${String(number).padStart(6, '0')}-serie-1.pdf`);
  await axeEverywhere(page, 'pedido com NF-e');
});
