// Configurações: the admin changes the store's WhatsApp number, phone and razão social, and the storefront
// shows them at once (the WhatsApp button's link, the footer's phone and seller); a bad number or a CEP of
// another UF is refused in pt-BR with what was typed kept; axe on the form (light/dark, desktop/phone).
// The seeded values are put back at the end: later specs (chatbot, content, layout) check them.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated } from './fixtures';

const SEEDED = { whatsapp: '(11) 94002-8922', phone: '(11) 4002-8922', legalName: 'Clarear Produtos de Limpeza Ltda. (dados de exemplo)' };

async function saveContact(page: Page, values: { whatsapp: string; phone: string; legalName: string }) {
  await gotoHydrated(page, '/admin/settings');
  await page.getByLabel('Número do WhatsApp *').fill(values.whatsapp);
  await page.getByLabel('Telefone *').fill(values.phone);
  await page.getByLabel('Razão social *').fill(values.legalName);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expectToast(page, 'Configurações salvas!');
  // The form reloads with what was saved, written the Brazilian way.
  await expect(page.getByLabel('Número do WhatsApp *')).toHaveValue(values.whatsapp.replace(/^\+55 (\d\d) /, '($1) '));
}

// @shared-state (playwright.config.ts): every page shows the store's phone and WhatsApp number.
test('the admin changes the WhatsApp number and the phone; the store shows them at once', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  await asAdmin(page);
  await gotoHydrated(page, '/admin/settings');
  await expect(page.getByRole('link', { name: 'Configurações' }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Número do WhatsApp *')).toHaveValue(SEEDED.whatsapp);
  await axeEverywhere(page, 'configurações');

  try {
    // A number without DDD: refused before sending, in pt-BR, and what was typed stays.
    await page.setViewportSize({ width: 1280, height: 900 });
    const whatsapp = page.getByLabel('Número do WhatsApp *');
    await whatsapp.fill('99876-5432');
    await page.getByLabel('Instagram').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Informe um número de WhatsApp válido com DDD, como (11) 94002-8922.')).toBeVisible();
    await expect(page.getByText('Informe o endereço do perfil no Instagram (https://www.instagram.com/…), ou deixe em branco.')).toBeVisible();
    await expect(whatsapp).toHaveAttribute('aria-invalid', 'true');
    await expect(whatsapp).toHaveValue('99876-5432');
    await axeEverywhere(page, 'configurações com erros');

    // The seller's identity: a CEP of another UF is refused in pt-BR.
    await page.getByLabel('CEP *').fill('20040-020');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Este CEP não pertence a SP.')).toBeVisible();

    // A fresh form (the refused values are gone), a number typed with +55, another razão social.
    await saveContact(page, { whatsapp: '+55 21 99876-5432', phone: '(21) 2555-0100', legalName: 'Brilho Carioca Comércio de Saneantes Ltda.' });

    await gotoHydrated(page, '/');
    const button = page.getByRole('link', { name: 'Falar com a Clarear no WhatsApp' });
    await expect(button).toHaveAttribute('href', /^https:\/\/wa\.me\/5521998765432\?text=/);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '(21) 2555-0100' })).toHaveAttribute('href', 'tel:+552125550100');
    await expect(footer.getByRole('link', { name: 'Clarear no WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5521998765432');
    await expect(footer.getByTestId('seller-identity')).toContainText('Brilho Carioca Comércio de Saneantes Ltda. · CNPJ 11.222.333/0001-81');
    await gotoHydrated(page, '/contato');
    await expect(page.getByRole('list', { name: 'Canais de atendimento' }).getByRole('link', { name: '(21) 2555-0100' })).toBeVisible();
  } finally {
    await saveContact(page, SEEDED);
  }
  await gotoHydrated(page, '/');
  await expect(page.getByRole('link', { name: 'Falar com a Clarear no WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5511940028922\?text=/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: SEEDED.phone })).toHaveAttribute('href', 'tel:+551140028922');
});
