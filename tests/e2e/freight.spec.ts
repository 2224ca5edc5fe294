// Freight as a customer meets it (issue 33): the seeded store ships free with a date; the admin turns
// rates on (Correios PAC and SEDEX, Entrega Clarear off); a customer in Manaus sees a price and a date on
// the product page and at checkout, picks SEDEX, pays and finds the freight on the order and in the e-mail; alcohol with detergent to
// Manaus, served only by the Correios, is told why before paying. The store is left as seeded.
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated, latestMail, signedInCustomer } from './fixtures';

const MANAUS = { zipCode: '69005-000', state: 'AM', street: 'Avenida Eduardo Ribeiro', number: '520', neighborhood: 'Centro', city: 'Manaus' };

/** Adds a product's size (by its label, e.g. "5 L") from its modal; returns the product's name. */
async function addSize(page: Page, term: string, size: string) {
  await page.goto(`/produtos?q=${encodeURIComponent(term)}`);
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator('label').filter({ hasText: size }).first().click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);
  return name;
}

async function typeAddress(page: Page, address: typeof MANAUS) {
  const form = page.getByRole('group', { name: 'Endereço de entrega' });
  await form.getByLabel('CEP').fill(address.zipCode);
  await form.getByLabel('Estado').selectOption(address.state);
  await form.getByLabel('Rua').fill(address.street);
  await form.getByLabel('Número').fill(address.number);
  await form.getByLabel('Bairro').fill(address.neighborhood);
  await form.getByLabel('Cidade').fill(address.city);
}

/** The admin's switch for a service on /admin/frete, set to `on`. */
async function setService(page: Page, name: string, on: boolean) {
  const toggle = page.getByRole('switch', { name });
  if ((await toggle.getAttribute('aria-checked')) === String(on)) return;
  await toggle.click();
  await expectToast(page, on ? 'Serviço ligado' : 'Serviço desligado');
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

test('the seeded store ships free with a date; with rates on, Manaus pays the freight it picked, and alcohol is told why before paying', { tag: '@shared-state' }, async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The seeded store: one free service for all of Brazil, with the date it arrives by.
  await signedInCustomer(page, 'Raimunda Nonata');
  await addSize(page, 'detergente neutro', '5 L');
  await gotoHydrated(page, '/checkout');
  await typeAddress(page, MANAUS);
  await expect(page.getByTestId('freight-choice')).toContainText(/Entrega Clarear — Grátis — chega até \d{2}\/\d{2}/);
  await expect(page.getByTestId('shipping-line')).toHaveText('Grátis');

  const adminContext = await browser.newContext();
  const admin = await asAdmin(await adminContext.newPage());
  await gotoHydrated(admin, '/admin/frete');
  try {
    await setService(admin, 'Correios PAC', true);
    await setService(admin, 'Correios SEDEX', true);
    await setService(admin, 'Entrega Clarear', false);

    // The product page quotes Manaus: PAC and SEDEX, each with a price and the date it arrives by.
    await page.goto('/produtos/detergente-neutro-concentrado');
    await page.locator('label').filter({ hasText: /^5 L/ }).click();
    await page.getByRole('button', { name: 'Calcular frete' }).click();
    const widget = page.getByTestId('freight-quote');
    await widget.getByLabel('CEP', { exact: true }).fill('69005000');
    await widget.getByRole('button', { name: 'Calcular frete' }).click();
    await expect(widget.getByTestId('freight-quote-options').getByRole('listitem')).toHaveText([
      /^Correios PAC — R\$\s[\d.,]+ — chega até \d{2}\/\d{2}$/,
      /^Correios SEDEX — R\$\s[\d.,]+ — chega até \d{2}\/\d{2}$/,
    ]);

    // Manaus at checkout: PAC and SEDEX, each with its price and date; the customer picks SEDEX.
    const customer = await signedInCustomer(page, 'Francisca das Chagas');
    const detergent = await addSize(page, 'detergente neutro', '5 L');
    await gotoHydrated(page, '/checkout');
    await page.getByRole('button', { name: `Aumentar quantidade de ${detergent}` }).click();
    await typeAddress(page, MANAUS);
    const choice = page.getByTestId('freight-choice');
    await expect(choice.getByRole('radio')).toHaveCount(2);
    const sedex = choice.getByRole('radio', { name: /^Correios SEDEX — R\$\s[\d.,]+ — chega até \d{2}\/\d{2}$/ });
    await expect(choice.getByRole('radio', { name: /^Correios PAC — R\$\s[\d.,]+ — chega até \d{2}\/\d{2}$/ })).toBeChecked();
    await sedex.check();
    const sedexLabel = (await sedex.evaluate((el) => el.closest('label')!.textContent!)).trim();
    const price = /R\$\s[\d.,]+/.exec(sedexLabel)![0];
    await expect(page.getByTestId('shipping-line')).toHaveText(price);
    await axeEverywhere(page, 'checkout com frete');
    await page.getByLabel('CPF ou CNPJ').fill(formatCpf(generateCpf()));
    // "Pagar Agora" with the Manaus address as typed (payNow would type its own).
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos de Uso' }).check();
    await page.getByRole('button', { name: 'Pagar Agora' }).click();
    await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}/);
    const parcels = page.getByTestId('order-parcels');
    await expect(parcels).toContainText(`Correios SEDEX — ${price}`);
    await expect(parcels).toContainText(/Chega até \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByTestId('shipping-line')).toHaveText(price);
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Pedido ', '').trim();
    const mail = await latestMail(customer.email, `pedido ${number} recebido`);
    expect(mail.text).toContain(`Frete: ${price}`);
    expect(mail.text).toMatch(/Correios SEDEX — R\$\s[\d.,]+ — chega até \d{2}\/\d{2}\/\d{4}/);

    // Alcohol with detergent to Manaus: only the Correios serve it, and they do not carry flammables.
    await addSize(page, 'álcool 70% líquido', '1 L');
    await addSize(page, 'detergente neutro', '5 L');
    await gotoHydrated(page, '/checkout');
    await expect(page.getByRole('radio', { name: /Avenida Eduardo Ribeiro, 520/ })).toBeChecked();
    await expect(page.getByTestId('freight-refusals')).toContainText(/Álcool 70% Líquido \(1 L\) não pode ser enviado pelos Correios para o CEP 69005-000: é um produto inflamável \(classe 3\)/);
    await expect(page.getByRole('button', { name: 'Pagar Agora' })).toBeDisabled();
  } finally {
    await gotoHydrated(admin, '/admin/frete');
    await setService(admin, 'Entrega Clarear', true);
    await setService(admin, 'Correios PAC', false);
    await setService(admin, 'Correios SEDEX', false);
    await adminContext.close();
  }
});
