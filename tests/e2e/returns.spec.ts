// The right of withdrawal from the order page (issue 32): a customer buys two units; the admin
// ships and delivers; the customer withdraws from the order page, saying until when, gives the Pix
// key the refund goes to (the test store takes money on its own key) and sees the protocol at once;
// the admin finds the request in Devoluções, approves it with the reverse-post code (a tab left
// open is told the return changed), marks it received with one unit back to stock, and records the
// Pix transfer. The customer sees each step on the order page and gets an e-mail for each. Axe on
// the withdrawal form, the admin's list and detail, light and dark, desktop and phone.
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, DETERGENT, expectToast, gotoHydrated, latestMail, signedInCustomer } from './fixtures';

/** Clicks an order action and its confirmation on the admin's order page; waits for its toast. */
async function act(page: Page, action: string, done: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('alertdialog', { name: action }).getByRole('button', { name: `Sim, ${action.toLowerCase()}` }).click();
  await expectToast(page, done);
}

/** dd/mm/aaaa of today in São Paulo plus `days`. */
function saoPauloDayPlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10).split('-').reverse().join('/');
}

test('a delivered order is withdrawn from its page and refunded, the customer told at each step', async ({ page, browser }) => {
  test.slow();
  const customer = await signedInCustomer(page, 'Renata Arrependida', {
    orders: [{ items: [{ slug: DETERGENT, quantity: 2 }], paymentMethod: 'credit_card', taxId: formatCpf(generateCpf()) }],
  });
  const orderId = customer.orders[0]!;
  const number = orderId.slice(0, 8).toUpperCase();

  // The admin ships and delivers.
  const adminContext = await browser.newContext();
  const admin = await asAdmin(await adminContext.newPage());
  await gotoHydrated(admin, `/admin/orders/${orderId}`);
  await act(admin, 'Iniciar separação', 'Separação iniciada');
  await admin.getByLabel('Código de rastreio').fill('RA123456785BR');
  await act(admin, 'Marcar como enviado', 'Pedido marcado como enviado');
  await act(admin, 'Marcar como entregue', 'Pedido marcado como entregue');

  // Meus Pedidos leads to the withdrawal; the order page says until when.
  await gotoHydrated(page, '/area-cliente/meus-pedidos');
  await page.getByRole('row').filter({ hasText: number }).getByRole('link', { name: /Desistir da compra/ }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${orderId}#desistencia$`));
  await expect(page.getByTestId('withdrawal-deadline')).toHaveText(`Você pode desistir até ${saoPauloDayPlus(7)}.`);
  await page.getByRole('button', { name: 'Desistir da compra' }).click();
  const form = page.getByRole('dialog', { name: 'Desistir da compra' });
  await expect(form.getByRole('checkbox', { name: /Detergente/ })).toBeChecked();
  await expect(form.getByLabel(/Quantidade/)).toHaveValue('2');
  await axeEverywhere(page, 'desistência');
  // A key that is no Pix key is refused beside the field, and what was typed stays.
  await form.getByLabel('Motivo (opcional)').fill('Comprei a mais.');
  await form.getByLabel('Sua chave Pix').fill('minha chave');
  await form.getByRole('button', { name: 'Enviar pedido de desistência' }).click();
  await expect(form.getByText('Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.')).toBeVisible();
  await expect(form.getByLabel('Motivo (opcional)')).toHaveValue('Comprei a mais.');
  await form.getByLabel('Sua chave Pix').fill(customer.email);
  await form.getByRole('button', { name: 'Enviar pedido de desistência' }).click();
  const confirmation = page.getByTestId('return-confirmation');
  await expect(confirmation).toContainText('Recebemos seu pedido de desistência. Protocolo DEV-');
  const protocol = /DEV-\d{8}-[A-Z0-9]{6}/.exec((await confirmation.textContent()) ?? '')![0];
  await expect(page.getByTestId('return-status')).toHaveText('Solicitada');
  await latestMail(customer.email, `pedido de devolução recebido — protocolo ${protocol}`);

  // The admin's list counts it and flags nothing late yet; the detail shows the key to refund to.
  await gotoHydrated(admin, '/admin/returns?status=requested');
  await expect(admin.getByTestId('returns-badge')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: protocol });
  await expect(row).toContainText('Renata Arrependida');
  await expect(row).toContainText('Solicitada');
  await axeEverywhere(admin, 'lista');
  await row.getByRole('link', { name: protocol }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Devolução ${protocol}`);
  await expect(admin.getByTestId('customer-pix-key')).toContainText(customer.email);
  await axeEverywhere(admin, 'detalhe');

  // A second tab opened now goes stale once the first acts.
  const stale = await adminContext.newPage();
  await gotoHydrated(stale, admin.url());

  await admin.getByRole('button', { name: 'Aprovar', exact: true }).click();
  const approve = admin.getByRole('dialog', { name: 'Aprovar a devolução' });
  await approve.getByLabel('Instruções de devolução').fill('Código de postagem reversa 339182754. Leve o pacote a uma agência dos Correios em até 7 dias.');
  await approve.getByRole('button', { name: 'Aprovar e enviar instruções' }).click();
  await expectToast(admin, 'Devolução aprovada');
  await latestMail(customer.email, `devolução aprovada — protocolo ${protocol}`);

  await stale.getByRole('button', { name: 'Recusar', exact: true }).click();
  const reject = stale.getByRole('dialog', { name: 'Recusar a solicitação' });
  await reject.getByLabel('Motivo da recusa').fill('Página antiga');
  await reject.getByRole('button', { name: 'Recusar solicitação' }).click();
  await expectToast(stale, 'Não foi possível concluir', 'A devolução mudou desde que você abriu esta página. Recarregue a página e confira antes de tentar de novo.');
  await stale.close();

  await page.reload();
  await expect(page.getByTestId('return-status')).toHaveText('Aprovada');
  await expect(page.getByTestId('return-instructions')).toContainText('339182754');

  // Received: one of the two units goes back to stock; the refund is a Pix transfer the admin records.
  await admin.getByRole('button', { name: 'Marcar devolução recebida' }).click();
  const receive = admin.getByRole('dialog', { name: 'Devolução recebida' });
  await receive.getByLabel(/Detergente/).fill('1');
  await receive.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expectToast(admin, 'Devolução recebida');
  await expect(admin.getByText('1 de volta ao estoque')).toBeVisible();
  await latestMail(customer.email, `recebemos os produtos devolvidos — protocolo ${protocol}`);

  await admin.getByRole('button', { name: 'Registrar reembolso por transferência Pix' }).click();
  const refund = admin.getByRole('dialog', { name: 'Reembolso por transferência Pix' });
  await expect(refund).toContainText(customer.email);
  await refund.getByLabel('Identificador da transferência').fill('E18236120202611271200abcdef12345');
  await refund.getByRole('button', { name: 'Registrar reembolso' }).click();
  await expectToast(admin, 'Reembolso registrado');
  await expect(admin.getByTestId('refund-amount')).toContainText('Reembolsado');
  const refunded = await latestMail(customer.email, `reembolso feito — protocolo ${protocol}`);

  await page.reload();
  await expect(page.getByTestId('return-status')).toHaveText('Reembolsada');
  await expect(page.getByTestId('return-timeline')).toContainText('Devolução aprovada');
  await expect(page.getByTestId('return-timeline')).toContainText('Devolução recebida');
  const amount = (await page.getByTestId('return-refund').textContent())!.match(/R\$\s?[\d.,]+/)![0];
  expect(refunded.text.replace(/\s/g, ' ')).toContain(amount.replace(/\s/g, ' '));
  await adminContext.close();
});
