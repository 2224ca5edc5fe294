import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test } from '@playwright/test';
import { formatBRL, toCents } from '../../app/lib/money';
import { percentOf } from '../../app/lib/pricing';
import { WITHDRAWAL_SENTENCE } from '../../app/lib/contract';
import { asAdmin, DETERGENT, E2E_ADDRESS, expectNoAxeViolations, expectToast, fillNewAddress, gotoHydrated, latestMail, login, payNow, signedInCustomer, addFirstSizeToCart } from './fixtures';

const CPF = '529.982.247-25';

/** A CPF nobody has bought with yet: the welcome offer also looks at the CPF/CNPJ. */
const freshCpf = () => formatCpf(generateCpf());


test('empty cart points to the products', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible();
  // The e2e store runs in test mode (playwright.config.ts): every checkout page says so.
  await expect(page.getByRole('note')).toHaveText('Modo de teste: nenhum pagamento é cobrado');
  await expect(page.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
});

test('a visitor can fill the cart but must log in to pay, and the cart is kept', async ({ page }) => {
  const name = await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(name);
  await expect(page.getByRole('note')).toHaveText('Modo de teste: nenhum pagamento é cobrado');
  await expect(page.getByText('Grátis', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText(/R\$\s\d/);
  // The contract summary before paying: who sells, and the right of withdrawal with its policy.
  const summary = page.getByTestId('contract-summary');
  await expect(summary).toContainText('Clarear Produtos de Limpeza Ltda.');
  await expect(summary).toContainText(/CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
  await expect(summary).toContainText(WITHDRAWAL_SENTENCE);
  await expect(summary.getByRole('link', { name: 'Trocas e Devoluções' })).toHaveAttribute('href', '/trocas-devolucoes');
  await payNow(page);
  await expectToast(page, 'Ação necessária', 'Por favor, faça login para finalizar a compra.');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test('quantities: plus, minus to zero removes, remove and clear', async ({ page }) => {
  await addFirstSizeToCart(page, 'detergente');
  await addFirstSizeToCart(page, 'desinfetante');
  await page.goto('/checkout');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await lines.first().getByRole('button', { name: /Aumentar quantidade/ }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
  await lines.first().getByRole('button', { name: /Diminuir quantidade/ }).click();
  await lines.first().getByRole('button', { name: /Diminuir quantidade/ }).click();
  await expect(lines).toHaveCount(1);
  await page.getByRole('button', { name: 'Esvaziar carrinho' }).click();
  await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible();
});

test('a new customer buys two products with Pix and the welcome 10% off; confirmation, e-mail, meus-pedidos; not again on the second purchase', async ({ page }) => {
  // An account, a checkout and more: longer than the default 30 s.
  test.slow();
  const account = await signedInCustomer(page, 'Renata Lopes', { signIn: false });
  const cpf = freshCpf();
  await page.goto('/');
  await expect(page.getByTestId('welcome-offer')).toHaveText(/^🎁Oferta de boas-vindas: 10% de desconto na sua primeira compra\.$/);
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  await page.goto('/');
  await expect(page.getByTestId('welcome-offer')).toContainText('Sua oferta de boas-vindas');
  const first = await addFirstSizeToCart(page, 'detergente');
  const second = await addFirstSizeToCart(page, 'desinfetante', 1);
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByText('Desconto de assinante (10%)')).toHaveCount(0);
  await expect(page.getByLabel('Frequência de entrega')).toHaveCount(0);
  // The welcome offer, on its own line: 10% of the products, rounded to the centavo.
  const prices = await page.evaluate(() => (JSON.parse(localStorage.getItem('clarear_cart')!) as { price: string; quantity: number }[]).map((l) => [l.price, l.quantity] as const));
  const subtotal = prices.reduce((sum, [price, quantity]) => sum + toCents(price) * quantity, 0);
  const discountLine = page.getByTestId('discount-line');
  await expect(discountLine).toHaveText(`Desconto de boas-vindas (10%)-${formatBRL(percentOf(subtotal, 10))}`);
  const total = formatBRL(subtotal - percentOf(subtotal, 10));
  await expect(page.getByTestId('checkout-total')).toHaveText(total);

  // No delivery address yet: refused at the fields, nothing bought, and what was typed stays.
  await page.getByLabel('Quem vai receber').fill('');
  await page.getByLabel('CPF ou CNPJ').fill(cpf);
  await page.getByRole('button', { name: 'Pagar Agora' }).click();
  await expect(page.getByText('Informe o CEP.')).toBeVisible();
  await expect(page.getByText('Informe a rua.')).toBeVisible();
  await expect(page.getByText('Informe quem vai receber o pedido.')).toBeVisible();
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cpf);
  await expect(page).toHaveURL(/\/checkout$/);
  // A CEP of another state is refused at the CEP field.
  await fillNewAddress(page, { ...E2E_ADDRESS, state: 'RJ' });
  await page.getByLabel('Quem vai receber').fill('Renata Lopes');
  await page.getByRole('button', { name: 'Pagar Agora' }).click();
  await expect(page.getByText('Este CEP não pertence a RJ.')).toBeVisible();
  await page.getByRole('group', { name: 'Endereço de entrega' }).getByLabel('Estado').selectOption('SP');

  // A wrong CPF is refused in pt-BR and nothing is bought.
  await page.getByLabel('CPF ou CNPJ').fill('111.111.111-11');
  await payNow(page);
  await expect(page.getByText('CPF ou CNPJ inválido. Confira os números.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel('CPF ou CNPJ').fill(cpf.replace(/\D/g, ''));
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cpf);
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}$/);
  await expectToast(page, '🎉 Compra realizada com sucesso!', 'Seu pedido foi processado. Acompanhe na sua área de cliente.');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  const heading = page.getByRole('heading', { level: 1, name: /^Pedido [0-9A-F]{8}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Pedido ', '').trim();
  expect(number).toMatch(/^[0-9A-F]{8}$/);
  // The item's FDS link names the product too (for screen readers): the line itself is the first.
  await expect(page.getByText(first).first()).toBeVisible();
  await expect(page.getByText(second).first()).toBeVisible();
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  await expect(page.getByTestId('discount-line')).toHaveText(`Desconto de boas-vindas (10%)-${formatBRL(percentOf(subtotal, 10))}`);
  await expect(page.getByTestId('order-total')).toHaveText(total);

  // A Pix waits for its confirmation: the e-mail and the order say so.
  const mail = await latestMail(account.email, `pedido ${number} recebido`);
  expect(mail.text).toContain('Avenida Paulista, 1000');
  expect(mail.text).toContain(first);
  expect(mail.text).toContain(`Desconto de boas-vindas (10%): -${formatBRL(percentOf(subtotal, 10))}`);
  // What was agreed: the summary and the Termos version accepted, on the e-mail and the order page.
  expect(mail.text).toContain('Resumo do contrato');
  expect(mail.text).toMatch(/Termos de Uso aceitos \(versão \d+\): http\S+\/termos-uso\/versao\/\d+/);
  await expect(page.getByTestId('accepted-terms')).toContainText(/Termos aceitos: versão \d+/);

  await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
  await expect(page).toHaveURL(/\/area-cliente\/meus-pedidos$/);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Aguardando pagamento');
  await expect(row).toContainText(total);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);

  // The next checkout remembers the CPF and preselects the address saved with the first purchase, and the offer was the first purchase's only.
  await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Avenida Paulista, 1000/ })).toBeChecked();
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(cpf);
  await expect(page.getByTestId('checkout-total')).toHaveText(/R\$/);
  await expect(page.getByText(/Desconto de boas-vindas/)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('welcome-offer')).toHaveCount(0);
});

test('a CPF that already bought on another account gets no welcome discount, and the quote does not tell before paying', async ({ page, browser }) => {
  // Two accounts, two checkouts: longer than the default 30 s.
  test.slow();
  const cpf = freshCpf();
  await signedInCustomer(page, 'Lúcia Prado');
  await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await page.getByLabel('CPF ou CNPJ').fill(cpf);
  await expect(page.getByTestId('discount-line')).toContainText('Desconto de boas-vindas');
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\//);

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signedInCustomer(page2, 'Lúcio Prado');
  await addFirstSizeToCart(page2, 'detergente');
  await page2.goto('/checkout');
  // A new account: the offer shows, and typing someone's CPF does not tell whether it has bought here…
  await expect(page2.getByTestId('discount-line')).toContainText('Desconto de boas-vindas');
  await page2.getByLabel('CPF ou CNPJ').fill(cpf);
  await expect(page2.getByTestId('welcome-at-payment')).toContainText('O desconto de boas-vindas é confirmado no pagamento');
  await expect(page2.getByTestId('discount-line')).toContainText('Desconto de boas-vindas');
  // …the payment does: refused before any charge, with the total without the offer shown.
  await payNow(page2);
  await expect(page2.getByText('O desconto de boas-vindas já foi usado em outra compra. Confira o novo total antes de pagar.').first()).toBeVisible();
  await expect(page2.getByTestId('discount-line')).toHaveCount(0);
  const total = (await page2.getByTestId('checkout-total').textContent())!;
  await page2.getByRole('button', { name: 'Pagar Agora' }).click();
  await expect(page2).toHaveURL(/\/pedido\//);
  await expect(page2.getByTestId('order-total')).toHaveText(total);
  await expect(page2.getByText(/Desconto de boas-vindas/)).toHaveCount(0);
  await other.close();
});

test('a price edited in localStorage is corrected and the real price is charged', async ({ page }) => {
  await signedInCustomer(page, 'Otávio Reis');
  await addFirstSizeToCart(page, 'detergente');
  const realPrice = await page.evaluate(() => JSON.parse(localStorage.getItem('clarear_cart')!)[0].price as string);
  await page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('clarear_cart')!);
    cart[0].price = '0.01';
    localStorage.setItem('clarear_cart', JSON.stringify(cart));
  });
  await page.goto('/checkout');
  await expect(page.getByRole('alert')).toContainText('Atualizamos seu carrinho com os preços atuais');
  // A first purchase: the welcome 10% comes off the real price.
  const expected = formatBRL(toCents(realPrice) - percentOf(toCents(realPrice), 10));
  await expect(page.getByTestId('checkout-total')).toHaveText(expected);
  await page.getByLabel('CPF ou CNPJ').fill(freshCpf());
  await expect(page.getByTestId('checkout-total')).toHaveText(expected);
  await page.getByRole('radio', { name: /Boleto/ }).check();
  await payNow(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido / })).toBeVisible();
  await expect(page.getByTestId('boleto-line')).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await expect(page.getByTestId('order-total')).toHaveText(expected);
});

test('subscribe to the semiannual plan, then shop as a subscriber', async ({ page }) => {
  // An account, a checkout and more: longer than the default 30 s.
  test.slow();
  await page.goto('/assinatura');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Plano Mensal/ })).toBeChecked();
  await expect(page.getByText('Economize 5%!')).toBeVisible();
  await expect(page.getByText('Economize 10%!')).toBeVisible();
  // Visitors are asked to log in.
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await expectToast(page, 'Login Necessário', 'Por favor, faça login para assinar o plano.');
  await expect(page).toHaveURL(/\/login/);

  await signedInCustomer(page, 'Sônia Batista');
  await page.goto('/assinatura');
  await page.locator('label').filter({ hasText: 'Plano Semestral' }).click();
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const plan = page.getByTestId('cart-line');
  await expect(plan).toContainText('Plano Semestral');
  await expect(plan.getByRole('button', { name: /quantidade/ })).toHaveCount(0);
  await expect(page.getByTestId('checkout-total')).toHaveText('R$\u00a0249,50');
  await page.getByLabel('CPF ou CNPJ').fill('11.222.333/0001-81');
  // A CNPJ tells its Inscrição Estadual (issue 34).
  await page.getByRole('group', { name: 'Inscrição Estadual' }).getByRole('radio', { name: /^Não contribuinte/ }).check();
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  const installments = page.getByLabel('Parcelas');
  const options = await installments.locator('option').allTextContents();
  expect(options).toHaveLength(12);
  expect(options[0]).toBe('1x de R$\u00a0249,50 (à vista)');
  expect(options[1]).toBe('2x de R$\u00a0124,75 sem juros');
  expect(options[2]).toBe('3x de R$\u00a083,16 sem juros (1ª parcela R$\u00a083,18)');
  await installments.selectOption('3');
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\//);
  await expect(page.getByText('3x sem juros')).toBeVisible();

  // Now a subscriber.
  await page.goto('/assinatura');
  await expect(page.getByRole('link', { name: 'Ver minha assinatura' })).toHaveAttribute('href', '/area-cliente/assinaturas');
  await expect(page.getByRole('button', { name: 'Assinar agora' })).toHaveCount(0);
  const name = await addFirstSizeToCart(page, 'detergente');
  expect(name).toBeTruthy();
  await page.goto('/checkout');
  await expect(page.getByText('Desconto de assinante (10%)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Assine e economize' })).toHaveCount(0);
  const frequency = page.getByLabel('Frequência de entrega');
  await expect(frequency).toHaveValue('1');
  expect(await frequency.locator('option').allTextContents()).toEqual(['A cada 1 mês', 'A cada 2 meses', 'A cada 3 meses', 'Só desta vez (não repetir)']);
  // The choice says what it does: the order repeats (a programmed delivery) unless "Só desta vez".
  await expect(page.locator('#frequencia-ajuda')).toContainText('repetimos este pedido todo mês');
  await frequency.selectOption('3');
  await expect(page.locator('#frequencia-ajuda')).toContainText('a cada 3 meses');
  await payNow(page);
  await expect(page).toHaveURL(/\/pedido\//);
  await expect(page.getByText(/entrega a cada 3 meses/)).toBeVisible();
  await expect(page.getByText('Desconto de assinante')).toBeVisible();
  // It became a programmed delivery, three months on.
  await page.goto('/area-cliente/assinaturas');
  await expect(page.getByText('A cada 3 meses').first()).toBeVisible();

  // And the product modal no longer offers the subscription.
  await page.goto('/produtos?q=detergente');
  await page.getByRole('article').first().getByRole('button', { name: /Ver detalhes/ }).click();
  await expect(page.getByRole('dialog').getByRole('radio').first()).toBeAttached();
  await expect(page.getByRole('dialog').getByRole('link', { name: /Assine e economize/ })).toHaveCount(0);
});

test("nobody opens another customer's order", async ({ page, browser }) => {
  // The order placed through the checkout flow (the page is the other tests' subject); its owner opens it.
  const buyer = await signedInCustomer(page, 'Júlia Freitas', { orders: [{ items: [{ slug: DETERGENT }], taxId: freshCpf() }] });
  const orderUrl = `/pedido/${buyer.orders[0]}`;
  await page.goto(orderUrl);
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido [0-9A-F]{8}$/ })).toBeVisible();

  const other = await browser.newContext();
  const page2 = await other.newPage();
  const response = await page2.goto(orderUrl);
  expect(page2.url()).toMatch(/\/login\?redirectTo=/);
  expect(response?.status()).toBe(200);
  await signedInCustomer(page2, 'Intruso Silva');
  const denied = await page2.goto(orderUrl);
  expect(denied?.status()).toBe(404);
  await expect(page2.getByText('Pedido não encontrado.')).toBeVisible();
  await expect(page2.getByText(/Pix copia e cola/)).toHaveCount(0);
  await other.close();
});

test('the checkout action refuses visitors and ignores posted prices', async ({ request }) => {
  const response = await request.post('/checkout', {
    form: { intent: 'pay', cart: '[]', idempotencyKey: crypto.randomUUID(), paymentMethod: 'pix', taxId: CPF },
  });
  expect(response.status()).toBe(401);
});

test('axe finds no violations on /assinatura and a filled /checkout', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/assinatura');
  await expectNoAxeViolations(page);
  await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText(/R\$/);
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await expectNoAxeViolations(page);
  // A past version of a legal page, as an order's e-mail links to it.
  await page.goto('/termos-uso/versao/1');
  await expect(page.getByTestId('legal-version')).toContainText(/Versão 1, publicada em \d{2}\/\d{2}\/\d{4}\./);
  await expectNoAxeViolations(page);
  await context.close();
});

test('axe finds no violations on the admin legal pages and their editor', async ({ page }) => {
  await asAdmin(page);
  await gotoHydrated(page, '/admin/legal-pages');
  await expect(page.getByTestId('legal-page-row')).toHaveCount(3);
  await expectNoAxeViolations(page);
  await gotoHydrated(page, '/admin/legal-pages/termos-uso');
  await expect(page.getByLabel('Texto (HTML) *')).toHaveValue(/Li e aceito os Termos de Uso/);
  await expectNoAxeViolations(page);
});
