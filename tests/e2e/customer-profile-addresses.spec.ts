// The customer area's Meus Dados and Meus Endereços tabs: profile, CPF/CNPJ, addresses and their validation.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

const ADDRESSES = '/area-cliente/enderecos';

async function signUpAndIn(page: Page, name?: string) {
  const account = await signedInCustomer(page, name);
  await gotoHydrated(page, '/area-cliente/perfil');
  return account;
}

type AddressFields = { name?: string; zipCode?: string; street?: string; number?: string; complement?: string; neighborhood?: string; city?: string; state?: string };

async function fillAddress(page: Page, fields: AddressFields) {
  const main = page.getByRole('main');
  if (fields.name !== undefined) await main.getByLabel('Nome do endereço').fill(fields.name);
  if (fields.zipCode !== undefined) {
    await main.getByLabel('CEP').fill('');
    await main.getByLabel('CEP').pressSequentially(fields.zipCode);
  }
  if (fields.street !== undefined) await main.getByLabel('Rua').fill(fields.street);
  if (fields.number !== undefined) await main.getByLabel('Número').fill(fields.number);
  if (fields.complement !== undefined) await main.getByLabel('Complemento (opcional)').fill(fields.complement);
  if (fields.neighborhood !== undefined) await main.getByLabel('Bairro').fill(fields.neighborhood);
  if (fields.city !== undefined) await main.getByLabel('Cidade').fill(fields.city);
  if (fields.state !== undefined) await main.getByLabel('Estado').selectOption(fields.state);
}

const CASA = { name: 'Casa', zipCode: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const TRABALHO = { name: 'Trabalho', zipCode: '20040020', street: 'Avenida Rio Branco', number: '1', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };

const card = (page: Page, name: string) => page.getByRole('main').locator('li').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function addAddress(page: Page, fields: AddressFields, makeDefault = false) {
  await fillAddress(page, fields);
  if (makeDefault) await page.getByRole('main').getByLabel('Usar como endereço padrão').check();
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expectToast(page, 'Endereço salvo!');
  await expect(card(page, fields.name!)).toBeVisible();
}

test('Meus Dados: edit the name and the CPF; the e-mail is read-only', async ({ page }) => {
  const account = await signUpAndIn(page, 'Maria Aparecida Souza');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Meus Dados', level: 1 })).toBeVisible();
  const email = main.getByLabel('E-mail');
  await expect(email).toBeDisabled();
  await expect(email).toHaveValue(account.email);

  // Required name, in pt-BR, nothing sent.
  await main.getByLabel('Nome completo').fill('  ');
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(main.getByText('Informe seu nome.')).toBeVisible();

  await main.getByLabel('Nome completo').fill('Beatriz Costa Lima');
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Perfil atualizado', 'Seus dados foram salvos.');
  await expect(page.getByTestId('account-menu')).toHaveText(/Beatriz/);
  await expect(page.getByText('Olá, Beatriz!')).toBeVisible();

  // CPF: masked as typed, check digits verified, typed value kept.
  const taxId = main.getByLabel('CPF ou CNPJ');
  await taxId.pressSequentially('12345678900');
  await expect(taxId).toHaveValue('123.456.789-00');
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(main.getByText('CPF ou CNPJ inválido. Confira os números.')).toBeVisible();
  await expect(taxId).toHaveValue('123.456.789-00');
  await expect(main.getByLabel('Nome completo')).toHaveValue('Beatriz Costa Lima');

  await taxId.fill('');
  await taxId.pressSequentially('52998224725');
  await expect(taxId).toHaveValue('529.982.247-25');
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Perfil atualizado', 'Seus dados foram salvos.');
  await expect(main.getByText('CPF ou CNPJ inválido. Confira os números.')).toHaveCount(0);

  await page.reload();
  await expect(main.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25');
  await expect(main.getByLabel('Nome completo')).toHaveValue('Beatriz Costa Lima');

  // The action checks on its own too (no browser validation in the way).
  const refused = await page.request.post('/area-cliente/perfil', { form: { name: 'Outro Nome', taxId: '111.111.111-11' } });
  expect(refused.status()).toBe(400);
  await page.reload();
  await expect(main.getByLabel('Nome completo')).toHaveValue('Beatriz Costa Lima');
});

test('Meus Endereços: validate, add two, switch the default, edit and delete', async ({ page }) => {
  test.slow();
  await signUpAndIn(page);
  await page.goto(ADDRESSES);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Meus Endereços', level: 1 })).toBeVisible();
  await expect(main.getByText('Você ainda não cadastrou nenhum endereço.')).toBeVisible();

  // Required fields in pt-BR; what was typed stays.
  await fillAddress(page, { name: 'Casa', street: 'Avenida Paulista' });
  await main.getByRole('button', { name: 'Salvar endereço' }).click();
  for (const message of ['Informe o CEP.', 'Informe o número.', 'Informe o bairro.', 'Informe a cidade.', 'Selecione o estado.']) {
    await expect(main.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(main.getByLabel('Nome do endereço')).toHaveValue('Casa');
  await expect(main.getByLabel('Rua')).toHaveValue('Avenida Paulista');

  // CEP mask, then a CEP from another state.
  await fillAddress(page, { ...CASA, zipCode: '0131010' });
  await expect(main.getByLabel('CEP')).toHaveValue('01310-10');
  await main.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(main.getByText('Informe um CEP válido no formato 00000-000.')).toBeVisible();
  await fillAddress(page, { zipCode: '01310100', state: 'RJ' });
  await expect(main.getByLabel('CEP')).toHaveValue('01310-100');
  await main.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(main.getByText('Este CEP não pertence a RJ.')).toBeVisible();
  await expect(main.getByLabel('Número')).toHaveValue('1000');

  await main.getByLabel('Estado').selectOption('SP');
  await main.getByLabel('Usar como endereço padrão').check();
  await main.getByRole('button', { name: 'Salvar endereço' }).click();
  await expectToast(page, 'Endereço salvo!');
  await expect(card(page, 'Casa')).toContainText('CEP 01310-100');
  await expect(card(page, 'Casa').getByText('Padrão', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Nome do endereço')).toHaveValue('');

  await addAddress(page, TRABALHO);
  await expect(card(page, 'Trabalho').getByText('Padrão', { exact: true })).toHaveCount(0);

  // The second becomes the default: the first loses the badge, and the default is listed first.
  await card(page, 'Trabalho').getByRole('button', { name: 'Definir Trabalho como padrão' }).click();
  await expectToast(page, 'Endereço salvo!');
  await expect(card(page, 'Trabalho').getByText('Padrão', { exact: true })).toBeVisible();
  await expect(card(page, 'Casa').getByText('Padrão', { exact: true })).toHaveCount(0);
  await expect(main.locator('li h2').first()).toHaveText('Trabalho');

  // Edit.
  await card(page, 'Casa').getByRole('link', { name: 'Editar Casa' }).click();
  await expect(page).toHaveURL(/\?editar=/);
  await expect(main.getByRole('heading', { name: 'Editar endereço: Casa' })).toBeVisible();
  await expect(main.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(main.getByLabel('Estado')).toHaveValue('SP');
  await main.getByLabel('Número').fill('2000');
  await main.getByLabel('Complemento (opcional)').fill('Sala 5');
  await main.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Endereço salvo!');
  await expect(page).toHaveURL(/\/area-cliente\/enderecos$/);
  await expect(card(page, 'Casa')).toContainText('Avenida Paulista, 2000 — Sala 5');
  await expect(card(page, 'Trabalho').getByText('Padrão', { exact: true })).toBeVisible();

  // Delete, with a confirmation that can be cancelled.
  await card(page, 'Trabalho').getByRole('link', { name: 'Excluir Trabalho' }).click();
  await expect(card(page, 'Trabalho').getByText('Tem certeza que deseja excluir este endereço?')).toBeVisible();
  await card(page, 'Trabalho').getByRole('link', { name: 'Cancelar' }).click();
  await expect(main.getByText('Tem certeza que deseja excluir este endereço?')).toHaveCount(0);
  await card(page, 'Trabalho').getByRole('link', { name: 'Excluir Trabalho' }).click();
  await card(page, 'Trabalho').getByRole('button', { name: 'Sim, excluir' }).click();
  await expectToast(page, 'Endereço excluído');
  await expect(card(page, 'Trabalho')).toHaveCount(0);
  await expect(card(page, 'Casa')).toBeVisible();
});

test("another customer's address id answers 404 and changes nothing", async ({ page, browser }) => {
  await signUpAndIn(page, 'Ana Dona');
  await page.goto(ADDRESSES);
  await addAddress(page, CASA, true);
  const href = await card(page, 'Casa').getByRole('link', { name: 'Editar Casa' }).getAttribute('href');
  const id = new URL(href!, 'http://x').searchParams.get('editar')!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const other = await browser.newContext();
  const intruder = await other.newPage();
  await signUpAndIn(intruder, 'Bruno Intruso');
  const post = (form: Record<string, string>) => intruder.request.post(ADDRESSES, { form });
  expect((await post({ intent: 'delete', id })).status()).toBe(404);
  expect((await post({ intent: 'default', id })).status()).toBe(404);
  expect((await post({ intent: 'save', id, ...TRABALHO, zipCode: '20040-020', isDefault: 'on' })).status()).toBe(404);
  expect((await post({ intent: 'delete', id: 'nao-e-um-id' })).status()).toBe(404);
  expect((await intruder.goto(`${ADDRESSES}?editar=${id}`))?.status()).toBe(404);
  await intruder.goto(ADDRESSES);
  await expect(intruder.getByText('Você ainda não cadastrou nenhum endereço.')).toBeVisible();
  await other.close();

  await page.reload();
  await expect(card(page, 'Casa')).toContainText('Avenida Paulista, 1000');
  await expect(card(page, 'Casa').getByText('Padrão', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').locator('li h2')).toHaveCount(1);
});

test('axe finds no violations on Meus Dados and Meus Endereços', async ({ page }) => {
  test.slow(); // three axe runs
  await signUpAndIn(page);
  const check = () => expectNoAxeViolations(page);
  await page.getByRole('main').getByLabel('Nome completo').fill('');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Informe seu nome.')).toBeVisible();
  await check();

  // Hydrated first: a click before it would post the empty form without the page's own checks.
  await gotoHydrated(page, ADDRESSES);
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(page.getByText('Informe o CEP.')).toBeVisible();
  await check();
  await addAddress(page, CASA, true);
  await card(page, 'Casa').getByRole('link', { name: 'Excluir Casa' }).click();
  await expect(page.getByText('Tem certeza que deseja excluir este endereço?')).toBeVisible();
  await check();
});

test('Meus Endereços: the city is picked from IBGE’s municipalities of the UF; one of another UF is refused beside the field', async ({ page }) => {
  await signedInCustomer(page, 'Cidade Certa Ltda');
  await gotoHydrated(page, ADDRESSES);
  const main = page.getByRole('main');
  await fillAddress(page, { name: 'Loja', zipCode: '13465000', street: 'Rua Dona Margarida', number: '7', neighborhood: 'Centro', state: 'SP' });
  const city = main.getByRole('combobox', { name: 'Cidade' });

  // Typed without accents: the list offers IBGE's spelling, picked with the keyboard.
  await city.pressSequentially('santa barbara d');
  const list = main.getByRole('listbox', { name: 'Municípios de SP' });
  await expect(list.getByRole('option', { name: "Santa Bárbara d'Oeste" })).toBeVisible();
  await expectNoAxeViolations(page);
  await city.press('ArrowDown');
  await expect(list.getByRole('option', { name: "Santa Bárbara d'Oeste" })).toHaveAttribute('aria-selected', 'true');
  await city.press('Enter');
  await expect(city).toHaveValue("Santa Bárbara d'Oeste");
  await expect(list).toBeHidden();

  // A city of another UF: told beside the field, what was typed stays, nothing saved.
  await city.fill('Curitiba');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(city).toHaveAccessibleDescription('Escolha uma cidade da lista: não encontramos “Curitiba” entre os municípios de SP.');
  await expect(city).toHaveValue('Curitiba');
  await expect(main.getByText('Você ainda não cadastrou nenhum endereço.')).toBeVisible();
  await expectNoAxeViolations(page);

  await city.fill('santa barbara d oeste');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expectToast(page, 'Endereço salvo!');
  await expect(card(page, 'Loja')).toContainText("Santa Bárbara d'Oeste/SP");
});
