// A company buys with an alphanumeric CNPJ (IN RFB nº 2.229/2024): typed in lower case,
// masked in upper case at the checkout, kept on the profile (issue 11), with its Inscrição Estadual
// and a delivery city picked from IBGE's municipalities as it is typed (issue 34).
import { expect, test } from '@playwright/test';
import { axeViolations, E2E_ADDRESS, fillNewAddress, gotoHydrated, payNow, setTheme, signedInCustomer, addFirstSizeToCart } from './fixtures';

/** The Receita Federal's example of an alphanumeric CNPJ. */
const CNPJ = '12.ABC.345/01DE-35';

test('a company checks out with an alphanumeric CNPJ typed in lower case and finds it on its profile', async ({ page }) => {
  test.slow();
  await signedInCustomer(page, 'Indústria Química Brilho Ltda');
  await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  const taxId = page.getByLabel('CPF ou CNPJ');
  // A keyboard with letters on phones, and no autocorrection of the code.
  await expect(taxId).toHaveAttribute('inputmode', 'text');
  await expect(taxId).toHaveAttribute('autocapitalize', 'characters');
  await expect(taxId).toHaveAttribute('spellcheck', 'false');
  await expect(taxId).toHaveAccessibleDescription('CPF, CNPJ ou CNPJ alfanumérico.');
  await taxId.pressSequentially('12abc');
  await expect(taxId).toHaveValue('12.ABC');
  await taxId.pressSequentially('34501de35');
  await expect(taxId).toHaveValue(CNPJ);

  // A CNPJ is asked its Inscrição Estadual: the IE's digits with "Contribuinte do ICMS".
  const ie = page.getByRole('group', { name: 'Inscrição Estadual' });
  await ie.getByRole('radio', { name: 'Contribuinte do ICMS (informar IE)' }).check();
  await ie.getByLabel('Número da Inscrição Estadual').fill('244.184.936.110');

  // The delivery city is picked from the UF's municipalities as it is typed.
  await fillNewAddress(page, { ...E2E_ADDRESS, zipCode: '13010-111', street: 'Rua Barão de Jaguara', neighborhood: 'Centro', city: undefined });
  const city = page.getByRole('combobox', { name: 'Cidade' });
  await city.pressSequentially('campi');
  const list = page.getByRole('listbox', { name: 'Municípios de SP' });
  await expect(list.getByRole('option', { name: 'Campinas', exact: true })).toBeVisible();
  await expect(city).toHaveAttribute('aria-expanded', 'true');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `checkout (${theme})`).toEqual([]);
  }
  await list.getByRole('option', { name: 'Campinas', exact: true }).click();
  await expect(city).toHaveValue('Campinas');
  await expect(list).toBeHidden();

  await expect(page.getByRole('radio', { name: /Pix/ })).toBeChecked();
  const terms = page.getByRole('checkbox', { name: 'Li e aceito os Termos de Uso' });
  if ((await terms.count()) > 0) await terms.check();
  await page.getByRole('button', { name: 'Pagar Agora' }).click();
  await expect(page).toHaveURL(/\/pedido\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido [0-9A-F]{8}$/ })).toBeVisible();
  await expect(page.getByLabel('Pix copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(page.getByRole('main')).toContainText('Campinas');

  await gotoHydrated(page, '/area-cliente/perfil');
  const main = page.getByRole('main');
  await expect(main.getByLabel('CPF ou CNPJ')).toHaveValue(CNPJ);
  await expect(main.getByRole('radio', { name: 'Contribuinte do ICMS (informar IE)' })).toBeChecked();
  await expect(main.getByLabel('Número da Inscrição Estadual')).toHaveValue('244184936110');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(await axeViolations(page), `perfil (${theme})`).toEqual([]);
  }
  // Isento on the profile: the IE goes, saved.
  await main.getByRole('radio', { name: 'Contribuinte isento de IE' }).check();
  await expect(main.getByLabel('Número da Inscrição Estadual')).toHaveCount(0);
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Seus dados foram salvos.').first()).toBeVisible();
  await page.reload();
  await expect(main.getByRole('radio', { name: 'Contribuinte isento de IE' })).toBeChecked();

  // The next checkout offers it again, masked, with its IE choice.
  await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(CNPJ);
  await expect(page.getByRole('radio', { name: 'Contribuinte isento de IE' })).toBeChecked();
});

test('an invalid alphanumeric CNPJ is refused in pt-BR at the field, keeping what was typed', async ({ page }) => {
  test.slow();
  await signedInCustomer(page, 'Distribuidora Limpa Tudo Ltda');
  const wrong = '12.ABC.345/01DE-53';
  const message = 'CPF ou CNPJ inválido. Confira os caracteres.';

  // Checkout: nothing is bought.
  await addFirstSizeToCart(page, 'detergente');
  await page.goto('/checkout');
  const taxId = page.getByLabel('CPF ou CNPJ');
  await taxId.pressSequentially('12abc34501de53');
  await expect(taxId).toHaveValue(wrong);
  await payNow(page);
  await expect(taxId).toHaveAccessibleDescription(message);
  await expect(taxId).toHaveAttribute('aria-invalid', 'true');
  await expect(taxId).toHaveValue(wrong);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // Meus Dados: the same message, nothing saved.
  await page.goto('/area-cliente/perfil');
  const main = page.getByRole('main');
  const field = main.getByLabel('CPF ou CNPJ');
  await field.pressSequentially('12abc34501de53');
  await expect(field).toHaveValue(wrong);
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toHaveValue(wrong);
  await page.reload();
  await expect(main.getByLabel('CPF ou CNPJ')).toHaveValue('');

  // The action checks on its own too, with the same message for letters typed in lower case.
  const refused = await page.request.post('/area-cliente/perfil', { form: { name: 'Distribuidora Limpa Tudo Ltda', taxId: '12.abc.345/01de-53' } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(message);
  await page.reload();
  await expect(main.getByLabel('CPF ou CNPJ')).toHaveValue('');
});
