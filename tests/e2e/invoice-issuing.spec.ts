// The NF-e through Focus NFe, end to end (issue 34): the admin turns invoicing on in Configurações →
// Fiscal; a company (CNPJ, contribuinte do ICMS with its IE) buys a product whose fiscal data the seed
// filled in; the admin confirms the payment, "Marcar como enviado" is refused, "Iniciar separação" kicks
// the job that sends the note to the Focus NFe stand-in (tests/support/focusnfe-api.mjs, which
// authorises it moments later and calls the store's webhook); the admin sees it authorised, the
// customer downloads the DANFE from the order page and gets the e-mail. Invoicing is switched off
// again, so the store is left as seeded. Axe on the order pages with the note, light and dark.
import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, DETERGENT, expectToast, gotoHydrated, latestMail, signedInCustomer } from './fixtures';

async function setInvoicing(page: Page, on: boolean) {
  await gotoHydrated(page, '/admin/fiscal');
  const box = page.getByRole('checkbox', { name: 'Emitir NF-e dos pedidos' });
  if ((await box.isChecked()) !== on) await box.click();
  await page.getByRole('button', { name: 'Salvar configurações fiscais' }).click();
  await expect(page.getByRole('region', { name: /Notificações/ })).toContainText(/salv/i);
  await expect(page.getByRole('checkbox', { name: 'Emitir NF-e dos pedidos' })).toBeChecked({ checked: on });
}

async function act(page: Page, action: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('alertdialog', { name: action }).getByRole('button', { name: `Sim, ${action.toLowerCase()}` }).click();
}

test('@shared-state a company buys, separation issues the NF-e through Focus NFe, and the customer downloads the DANFE', async ({ page, browser }) => {
  test.slow();
  const adminContext = await browser.newContext();
  const admin = await asAdmin(await adminContext.newPage());
  await setInvoicing(admin, true);
  try {
    const cnpj = formatCnpj(generateCnpj());
    const customer = await signedInCustomer(page, 'Limpeza Industrial Andrade Ltda', {
      orders: [{ items: [{ slug: DETERGENT, quantity: 3 }], taxId: cnpj, ieIndicator: '1', stateRegistration: '110.042.490.114' }],
    });
    const orderId = customer.orders[0]!;

    await gotoHydrated(admin, `/admin/orders/${orderId}`);
    await act(admin, 'Confirmar pagamento');
    await expectToast(admin, 'Pagamento confirmado');

    await act(admin, 'Iniciar separação');
    await expectToast(admin, 'Separação iniciada');
    // Invoicing on: the order does not leave without its note (SEFAZ takes seconds in the stand-in).
    await expect(admin.getByTestId('ship-awaits-invoice')).toHaveText('Envio liberado quando a NF-e for autorizada');
    // The job sends it within seconds; the stand-in authorises it and calls the webhook.
    await expect
      .poll(
        async () => {
          await admin.reload();
          return (await admin.getByTestId('invoice-status').textContent())?.trim() ?? '';
        },
        { timeout: 45_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBe('Autorizada');
    await expect(admin.getByText(/^\d{4} \d{4} \d{4}/).first()).toBeVisible();

    // The customer: the note on the order page, its DANFE downloaded, the e-mail.
    await gotoHydrated(page, `/pedido/${orderId}`);
    const links = page.getByTestId('invoice-links');
    await expect(links).toContainText(/Nota fiscal nº \d+/);
    const [download] = await Promise.all([page.waitForEvent('download'), links.getByRole('link', { name: /DANFE \(PDF\)/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of pdf) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const mail = await latestMail(customer.email, 'Nota fiscal do pedido');
    expect(mail.text).toContain('foi autorizada pela SEFAZ');
    await axeEverywhere(page, 'pedido com NF-e');

    // Another customer cannot download it.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await signedInCustomer(other, 'Outra Pessoa');
    expect((await other.request.get(`/pedido/${orderId}/nfe/danfe.pdf`)).status()).toBe(404);
    await stranger.close();

    await axeEverywhere(admin, 'admin pedido com NF-e');
  } finally {
    await setInvoicing(admin, false);
    await adminContext.close();
  }
});
