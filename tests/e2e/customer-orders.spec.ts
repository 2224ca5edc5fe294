// The customer's side of an order: a Pix to a new address waits for its payment, shows the
// code, the deadline, the address and its history, and can be cancelled by its owner; the
// address is saved for next time. Axe on the checkout's address section and the order page
// (pending and cancelled), light and dark, desktop and phone.
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test } from '@playwright/test';
import { axeEverywhere, expectToast, latestMail, payNow, signedInCustomer } from './fixtures';

test('a Pix to a new address waits for payment, shows its code and history, and its owner cancels it', async ({ page }) => {
  test.slow();
  const account = await signedInCustomer(page, 'Joana Ribeiro');

  await page.goto('/produtos?q=detergente');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText(/R\$/);
  // No saved address: the new-address fields are open, "Salvar nos meus endereços" ticked, the recipient prefilled.
  const delivery = page.getByRole('group', { name: 'Endereço de entrega' });
  await expect(delivery.getByLabel('Salvar nos meus endereços')).toBeChecked();
  await expect(delivery.getByLabel('Quem vai receber')).toHaveValue('Joana Ribeiro');
  await axeEverywhere(page, 'checkout');
  await page.getByLabel('CPF ou CNPJ').fill(formatCpf(generateCpf()));
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}$/);
  const orderUrl = new URL(page.url()).pathname;

  await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');
  await expect(page.getByTestId('order-address')).toContainText('Joana Ribeiro');
  await expect(page.getByTestId('order-address')).toContainText('Avenida Paulista, 1000 — apto 42');
  await expect(page.getByTestId('order-address')).toContainText('CEP 01310-100');
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(/^000201/);
  await expect(page.getByTestId('payment-deadline')).toHaveText(/^Pague até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
  await expect(page.getByTestId('order-timeline')).toContainText('Pedido recebido');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Pedido ', '').trim();
  const mail = await latestMail(account.email, `pedido ${number} recebido`);
  expect(mail.text).toContain('Pague até');
  // Who sells, on the order page and at the foot of the e-mail (the seed's sample identity).
  await expect(page.getByTestId('sold-by')).toHaveText('Vendido por Clarear Produtos de Limpeza Ltda. (dados de exemplo) · CNPJ 11.222.333/0001-81');
  expect(mail.text).toContain('Clarear Produtos de Limpeza Ltda. (dados de exemplo) · CNPJ 11.222.333/0001-81');
  await axeEverywhere(page, 'pedido pendente');

  // The address was saved to Meus Endereços, as the box said.
  await page.goto('/area-cliente/enderecos');
  await expect(page.getByText('Avenida Paulista, 1000')).toBeVisible();

  // The owner cancels it, after a confirmation.
  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancelar pedido' });
  await confirm.getByRole('button', { name: 'Sim, cancelar pedido' }).click();
  await expectToast(page, 'Pedido cancelado');
  await expect(page.getByTestId('order-status')).toHaveText('Cancelado');
  await expect(page.getByTestId('order-timeline')).toContainText('Cancelado pelo cliente');
  await expect(page.getByLabel('Pix copia e cola')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  await latestMail(account.email, `pedido ${number} cancelado`);
  await axeEverywhere(page, 'pedido cancelado');

  await page.goto('/area-cliente/meus-pedidos');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Cancelado');
});
