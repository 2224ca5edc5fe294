// One-click unsubscribe (issue 16): a footer sign-up gets the welcome e-mail with the RFC 8058
// headers and a "Descadastrar" link; opening it shows what will be left and changes nothing;
// the button leaves, with the pt-BR answer; a mail provider's one-click POST (no cookie, no
// Origin) answers 200 without a redirect; a forged link is a 400 page. axe on the pages. A
// customer joins and leaves the newsletter from Preferências.
import { expect, test, type Page } from '@playwright/test';
import { axeEverywhere, expectToast, gotoHydrated, latestMail, signedInCustomer, uniqueEmail } from './fixtures';

async function signUp(page: Page, email: string) {
  await gotoHydrated(page, '/');
  await page.getByRole('contentinfo').getByLabel('Seu e-mail').fill(email);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Inscrever' }).click();
  await expectToast(page, '✅ Inscrição Confirmada!');
}

/** The path and query of the List-Unsubscribe link of the welcome e-mail to `email`, checked against its text and headers. */
async function unsubscribePath(email: string): Promise<string> {
  const mail = (await latestMail(email, 'newsletter')) as Awaited<ReturnType<typeof latestMail>> & { headers?: Record<string, string> };
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /^<(https?:\/\/[^>]+\/descadastrar\?t=[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  expect(link, 'List-Unsubscribe').toBeTruthy();
  expect(mail.text).toContain(`descadastre-se: ${link}`);
  const url = new URL(link!);
  return url.pathname + url.search;
}

test('the newsletter e-mail link: GET shows, the button leaves, twice the same; one-click POST; forged link', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('leitora');
  await signUp(page, email);
  const link = await unsubscribePath(email);

  // Opening the link (as a mail scanner would) leaves nobody.
  await gotoHydrated(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Descadastrar' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await axeEverywhere(page, 'descadastrar');
  await page.reload();
  await page.getByRole('button', { name: 'Confirmar descadastro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Descadastro feito' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto, você não receberá mais a newsletter da Clarear.' })).toBeVisible();
  await axeEverywhere(page, 'descadastro feito');
  // Once and for all: the link afterwards says so, with no button.
  await gotoHydrated(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Descadastro feito' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar descadastro' })).toHaveCount(0);

  // A mail provider's one-click POST: the one field, no cookie, no Origin; 200, never a redirect.
  const other = uniqueEmail('leitor');
  await signUp(page, other);
  const otherLink = await unsubscribePath(other);
  for (let i = 0; i < 2; i++) {
    const response = await request.post(otherLink, { form: { 'List-Unsubscribe': 'One-Click' }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('Pronto, você não receberá mais a newsletter da Clarear.');
  }
  // Signing up again works (the old link left the old sign-up).
  await signUp(page, other);

  // A forged link: 400, a pt-BR page, nothing done.
  const forged = `${link.slice(0, -12)}${link.at(-12) === 'x' ? 'y' : 'x'}${link.slice(-11)}`;
  const response = await page.goto(forged);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido' })).toBeVisible();
  await expect(page.getByText('Este link de descadastro não é válido.')).toBeVisible();
  await axeEverywhere(page, 'link inválido');
});

test('Preferências: the newsletter switch shows the state, joins (welcome e-mail with the link) and leaves', async ({ page }) => {
  test.slow();
  const account = await signedInCustomer(page, 'Lia Moraes');
  await gotoHydrated(page, '/area-cliente/preferencias');
  const newsletter = page.getByRole('switch', { name: 'Receber a newsletter' });
  await expect(newsletter).toHaveAttribute('aria-checked', 'false');
  await newsletter.click();
  await expect(newsletter).toHaveAttribute('aria-checked', 'true');
  await unsubscribePath(account.email);
  await page.reload();
  await expect(newsletter).toHaveAttribute('aria-checked', 'true');
  await axeEverywhere(page, 'preferências');
  await newsletter.click();
  await expect(newsletter).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(newsletter).toHaveAttribute('aria-checked', 'false');
});
