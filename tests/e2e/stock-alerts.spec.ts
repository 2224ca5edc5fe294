// "Avise-me quando chegar" (issue 36) end to end: the admin sells out a size of Cera Líquida
// Acrílica (no kit holds it, no other spec buys it); a visitor asks to be told (confirmation link by
// e-mail, confirmed on its page) and a signed-in customer asks with one click; the admin's page shows
// "2 aguardando"; the admin restocks it and both e-mails arrive with the product's link. Axe on the
// product page with the form, light and dark. Leaves the size untracked again.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated, latestMail, linkIn, signedInCustomer, uniqueEmail } from './fixtures';

const PRODUCT = 'Cera Líquida Acrílica';
const SLUG = 'cera-liquida-acrilica';

async function setStock(page: Page, stock: string) {
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(PRODUCT)}`);
  await page.getByRole('link', { name: `Editar ${PRODUCT}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(PRODUCT);
  await page.getByLabel('Estoque (unidades)').nth(0).fill(stock);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
}

// @shared-state (playwright.config.ts): the catalogue shows this product's size sold out meanwhile.
test('a sold-out size takes an Avise-me; the e-mail arrives when the admin restocks it', { tag: '@shared-state' }, async ({ page, browser }) => {
  test.slow();
  await asAdmin(page);
  await setStock(page, '0');

  // A visitor: the e-mail typed, a confirmation link, confirmed on its page.
  const visitor = await (await browser.newContext()).newPage();
  await gotoHydrated(visitor, `/produtos/${SLUG}`);
  const form = visitor.getByRole('region', { name: 'Avise-me quando chegar' });
  await expect(form).toContainText('O tamanho 1 L está esgotado');
  await axeEverywhere(visitor, 'produto com aviso');
  const email = uniqueEmail('aviso');
  await form.getByLabel('Seu e-mail').fill(email);
  await form.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(form.getByRole('status')).toContainText('Enviamos um link de confirmação');
  // Asking again is answered kindly, with no second request.
  await form.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(form.getByRole('status')).toContainText('Você já pediu este aviso');
  const confirmation = await latestMail(email, 'Confirme seu aviso');
  await gotoHydrated(visitor, new URL(linkIn(confirmation)).pathname);
  await expect(visitor.getByRole('heading', { name: 'Confirmar aviso de estoque' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Confirmar aviso' }).click();
  await expect(visitor.getByRole('status')).toContainText(`Avisaremos ${email}`);

  // A signed-in customer: the account's e-mail, at once.
  const customerPage = await (await browser.newContext()).newPage();
  const customer = await signedInCustomer(customerPage, 'Clara Aviso Estoque');
  await gotoHydrated(customerPage, `/produtos/${SLUG}`);
  const own = customerPage.getByRole('region', { name: 'Avise-me quando chegar' });
  await expect(own).toContainText(customer.email);
  await own.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(own.getByRole('status')).toContainText('Pronto! Avisaremos por e-mail');

  // The admin sees who waits, and restocks.
  await gotoHydrated(page, `/admin/products?q=${encodeURIComponent(PRODUCT)}`);
  await page.getByRole('link', { name: `Editar ${PRODUCT}` }).click();
  await expect(page.getByText('Avise-me: 2 aguardando')).toBeVisible();
  await page.getByLabel('Estoque (unidades)').nth(0).fill('5');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  await expect(page.getByText(/aguardando/)).toHaveCount(0);

  for (const to of [email, customer.email]) {
    const mail = await latestMail(to, `Voltou ao estoque: ${PRODUCT} (1 L)`);
    expect(mail.text).toContain(`/produtos/${SLUG}`);
    expect(mail.text).toContain('/descadastrar?t=');
  }
  await visitor.context().close();
  await customerPage.context().close();

  // Untracked again, so nothing else depends on this run.
  await setStock(page, '');
});
