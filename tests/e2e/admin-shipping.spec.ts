// Frete: the admin switches Correios PAC on and off from /admin/frete (a toast each time; the store's
// last active service cannot be switched off), edits one of its price brackets (a duplicate bracket is
// refused in pt-BR beside the field, with what was typed kept) and puts it back; a zone with an inverted
// CEP range is refused. axe on the list, a service's page and a zone's page with errors (light/dark,
// desktop/phone). The store is left as seeded: Entrega Clarear on, everything else off, PAC's prices.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated } from './fixtures';

/** The bracket of Correios PAC that the spec edits (drizzle/0028_freight.sql). */
const BRACKET = { zone: 'Grande São Paulo', kg: '1', price: '18,90' };

/** The row number (1-based) of a service's bracket for a zone and weight, as its cells are labelled ("Faixa 3: …"). */
async function bracketRow(page: Page, zone: string, kg: string): Promise<number> {
  const index = await page.evaluate(
    ({ zone, kg }) =>
      [...document.querySelectorAll('tbody tr')].findIndex(
        (row) => row.querySelector('select')?.selectedOptions[0]?.text === zone && row.querySelector<HTMLInputElement>('input[name$=".maxWeightKg"]')?.value === kg,
      ),
    { zone, kg },
  );
  expect(index, `faixa ${zone} até ${kg} kg`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

async function setBracketPrice(page: Page, price: string) {
  const n = await bracketRow(page, BRACKET.zone, BRACKET.kg);
  await page.getByLabel(`Faixa ${n}: preço em reais`).fill(price);
  await page.getByRole('button', { name: 'Salvar serviço' }).click();
  await expectToast(page, 'Serviço salvo!');
  const again = await bracketRow(page, BRACKET.zone, BRACKET.kg);
  await expect(page.getByLabel(`Faixa ${again}: preço em reais`)).toHaveValue(price);
}

// @shared-state (playwright.config.ts): a service switched on changes every checkout's freight while it is on.
test('the admin switches a service on and off, edits one of its brackets and puts it back', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  await asAdmin(page);
  await gotoHydrated(page, '/admin/frete');
  await expect(page.getByRole('link', { name: 'Frete' }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Frete' })).toBeVisible();
  await expect(page.getByText('grátis para todo o Brasil, é o frete que a loja usa até você ligar os outros serviços', { exact: false })).toBeVisible();
  const pac = page.getByRole('switch', { name: 'Correios PAC' });
  const clarear = page.getByRole('switch', { name: 'Entrega Clarear' });
  await expect(clarear).toHaveAttribute('aria-checked', 'true');
  await expect(pac).toHaveAttribute('aria-checked', 'false');
  await axeEverywhere(page, 'frete');

  try {
    // On: at once, with a toast, and still on after a reload.
    await pac.click();
    await expectToast(page, 'Serviço ligado', '“Correios PAC” já aparece como opção de frete no checkout.');
    await expect(pac).toHaveAttribute('aria-checked', 'true');
    await gotoHydrated(page, '/admin/frete');
    await expect(pac).toHaveAttribute('aria-checked', 'true');
    // Off again.
    await pac.click();
    await expectToast(page, 'Serviço desligado', '“Correios PAC” não aparece mais no checkout.');
    await expect(pac).toHaveAttribute('aria-checked', 'false');
  } finally {
    if ((await pac.getAttribute('aria-checked')) === 'true') {
      await pac.click();
      await expect(pac).toHaveAttribute('aria-checked', 'false');
    }
  }
  // Entrega Clarear is the only one on: switching it off is refused and it stays on.
  await clarear.click();
  await expectToast(page, 'Não foi possível mudar');
  await expect(clarear).toHaveAttribute('aria-checked', 'true');

  // PAC's page: its price table, one row per zone and weight.
  await page.getByRole('link', { name: 'Correios PAC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar serviço: Correios PAC' })).toBeVisible();
  await page.waitForFunction(() => Object.keys(document.querySelector('main')!).some((key) => key.startsWith('__reactProps$')));
  await axeEverywhere(page, 'serviço');

  try {
    // A second bracket for the same zone and weight: refused beside the field, what was typed stays.
    await page.getByRole('button', { name: 'Adicionar faixa' }).click();
    const rows = await page.locator('tbody tr').count();
    await page.getByLabel(`Faixa ${rows}: zona`).selectOption({ label: BRACKET.zone });
    await page.getByLabel(`Faixa ${rows}: até quantos kg`).fill(BRACKET.kg);
    await page.getByLabel(`Faixa ${rows}: preço em reais`).fill('9,90');
    await page.getByLabel(`Faixa ${rows}: prazo em dias úteis`).fill('2');
    await page.getByRole('button', { name: 'Salvar serviço' }).click();
    await expect(page.getByText('Esta zona já tem uma faixa até 1 kg.')).toBeVisible();
    await expect(page.getByLabel(`Faixa ${rows}: até quantos kg`)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(`Faixa ${rows}: preço em reais`)).toHaveValue('9,90');
    await page.getByRole('button', { name: new RegExp(`^Remover faixa ${rows} \\(Grande São Paulo`) }).click();
    await expect(page.locator('tbody tr')).toHaveCount(rows - 1);

    // The edit: saved, and the form shows it after the reload.
    await setBracketPrice(page, '19,90');
  } finally {
    await gotoHydrated(page, page.url());
    await setBracketPrice(page, BRACKET.price);
  }
});

test('a zone with an inverted CEP range is refused in pt-BR, with what was typed kept', async ({ page }) => {
  await asAdmin(page);
  await gotoHydrated(page, '/admin/frete');
  await page.getByRole('link', { name: 'Nova zona' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova zona de frete' })).toBeVisible();
  await page.waitForFunction(() => Object.keys(document.querySelector('main')!).some((key) => key.startsWith('__reactProps$')));
  await page.getByLabel('Nome *').fill('Campinas (teste)');
  await page.getByRole('button', { name: 'Adicionar faixa de CEP' }).click();
  const range = page.getByRole('group', { name: 'Faixa de CEP 1' });
  // Typed without the hyphen: the mask adds it.
  await range.getByLabel('De').pressSequentially('13999999');
  await expect(range.getByLabel('De')).toHaveValue('13999-999');
  await range.getByLabel('Até').fill('13000-000');
  await page.getByRole('button', { name: 'Salvar zona' }).click();
  await expect(page.getByText('O CEP inicial deve ser menor ou igual ao CEP final.')).toBeVisible();
  await expect(range.getByLabel('Até')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nome *')).toHaveValue('Campinas (teste)');
  await expect(page).toHaveURL(/\/admin\/frete\/zonas\/nova$/);
  // Neither a UF nor a range.
  await range.getByRole('button', { name: 'Remover faixa de CEP 1' }).click();
  await page.getByRole('button', { name: 'Salvar zona' }).click();
  await expect(page.getByText('Escolha ao menos um estado ou informe uma faixa de CEP.')).toBeVisible();
  await axeEverywhere(page, 'zona com erros');
});
