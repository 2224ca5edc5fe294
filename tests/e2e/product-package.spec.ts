// Package data for freight (issue 33) in the admin's product form and list: a size without weight and
// dimensions flags its product ("Sem peso/medidas", listed alone by the filter); the admin fills the
// size's package, a half-filled one being refused in pt-BR with what was typed kept, and the flag goes.
// A kit shows the package computed from its contents, or takes the one the admin informs.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, expectNoAxeViolations, expectToast, gotoHydrated } from './fixtures';

const size = (page: Page, n: number) => page.getByRole('group', { name: `Tamanho ${n}`, exact: true });
const FLAG = 'Sem peso/medidas';

// @shared-state (playwright.config.ts): the product it creates stays in the catalogue.
test('a size without weight and dimensions is flagged; the admin fills its package and the flag goes', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  const name = `Limpador Pacote ${Date.now().toString(36)}`;
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Preço base (R$) *').fill('9,90');
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await size(page, 1).getByLabel('Tamanho', { exact: true }).fill('1 L');
  await size(page, 1).getByLabel('Preço (R$)').fill('9,90');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  const editUrl = page.url();

  // The list flags it, and its filter lists it.
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(FLAG)).toBeVisible();
  await expect(row.getByText('(Não pode ser oferecido para frete pago)')).toBeAttached();
  await page.getByRole('link', { name: FLAG, exact: true }).click();
  await expect(page).toHaveURL(/pacote=sem/);
  await expect(page.getByRole('link', { name: FLAG, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  for (const header of await page.getByRole('rowheader').all()) await expect(header).toContainText(FLAG);

  // Half filled: refused in pt-BR beside the fields, what was typed kept.
  await gotoHydrated(page, editUrl);
  await size(page, 1).getByLabel('Peso (g)').fill('1.100');
  await size(page, 1).getByLabel('Comprimento (cm)').fill('10');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(size(page, 1).getByText('Informe a largura também, ou deixe peso e medidas em branco.')).toBeVisible();
  await expect(size(page, 1).getByText('Informe a altura também, ou deixe peso e medidas em branco.')).toBeVisible();
  await expect(size(page, 1).getByLabel('Largura (cm)')).toHaveAttribute('aria-invalid', 'true');
  await expect(size(page, 1).getByLabel('Peso (g)')).toHaveValue('1.100');
  await expect(size(page, 1).getByLabel('Comprimento (cm)')).toHaveValue('10');
  await size(page, 1).getByLabel('Largura (cm)').fill('10');
  await size(page, 1).getByLabel('Altura (cm)').fill('-25');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(size(page, 1).getByText('Informe a altura em centímetros: um número inteiro de 1 a 300.')).toBeVisible();
  await size(page, 1).getByLabel('Altura (cm)').fill('25');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(size(page, 1).getByLabel('Peso (g)')).toHaveValue('1100');
  await expect(size(page, 1).getByLabel('Altura (cm)')).toHaveValue('25');

  // The flag is gone, and the filter no longer lists it.
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText(FLAG)).toHaveCount(0);
  await page.getByRole('link', { name: FLAG, exact: true }).click();
  await expect(page).toHaveURL(/pacote=sem/);
  await expect(page.getByText('Nenhum produto encontrado para essa busca.')).toBeVisible();
});

test('a kit shows the package computed from its contents, or takes the one informed; axe finds no violations on the form', async ({ page }) => {
  test.slow();
  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  await expect(size(page, 1).getByRole('group', { name: 'Pacote para frete' })).toBeVisible();
  await page.getByLabel('É um kit').check();
  const kitPackage = page.getByRole('group', { name: 'Pacote do kit' });
  await expect(kitPackage).toContainText('Adicione itens ao kit para calcular o pacote a partir deles.');
  await page.getByRole('button', { name: 'Adicionar item ao kit' }).click();
  // A seeded product: its sizes all have their package.
  await page.getByRole('group', { name: 'Item 1', exact: true }).getByLabel('Produto').selectOption({ label: 'Detergente Neutro Concentrado' });
  await page.getByRole('group', { name: 'Item 1', exact: true }).getByLabel('Quantidade').fill('2');
  await expect(kitPackage).toContainText('Calculado a partir dos itens');
  const weight = kitPackage.getByRole('definition').first();
  await expect(weight).toHaveText(/^\d{1,3}(\.\d{3})*$/);
  const two = await weight.textContent();
  await page.getByRole('group', { name: 'Item 1', exact: true }).getByLabel('Quantidade').fill('4');
  // Twice as many: twice the weight.
  await expect(weight).toHaveText((Number(two!.replace('.', '')) * 2).toLocaleString('pt-BR'));
  await expect(kitPackage.getByLabel('Peso (g)')).toHaveCount(0);
  await kitPackage.getByLabel('Informar o pacote do kit manualmente').check();
  await expect(kitPackage.getByLabel('Peso (g)')).toBeVisible();
  await expectNoAxeViolations(page);

  // Errors shown beside the fields pass axe too.
  await page.getByLabel('Nome *').fill('Kit Só Verificação');
  await page.getByLabel('Preço base (R$) *').fill('9,90');
  await kitPackage.getByLabel('Peso (g)').fill('0');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(kitPackage.getByText('Informe o peso em gramas: um número inteiro de 1 a 100.000.')).toBeVisible();
  await expect(kitPackage.getByText('Informe o comprimento do pacote do kit.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expectNoAxeViolations(page);

  await gotoHydrated(page, '/admin/products?pacote=sem');
  await expect(page.getByRole('link', { name: FLAG, exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
});
