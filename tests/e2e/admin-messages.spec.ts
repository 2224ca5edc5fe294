// The admin's contact inbox: a visitor writes through /contato; the admin finds it in bold in
// Mensagens, opens it, answers by e-mail from the page (the visitor receives it) and deletes it.
import { expect, test } from '@playwright/test';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated, latestMail, uniqueEmail } from './fixtures';

test('a contact message is read, answered by e-mail and deleted from the admin', async ({ page, browser }) => {
  test.slow();
  const email = uniqueEmail('mensagem');
  const subject = `Pedido de orçamento ${Date.now()}`;
  const visitor = await browser.newPage();
  await gotoHydrated(visitor, '/contato');
  const form = visitor.getByRole('main').locator('form');
  await form.getByLabel('Nome').fill('Cláudia Ribeiro');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Assunto').fill(subject);
  await form.getByLabel('Mensagem').fill('Vocês atendem condomínios?\nSão 40 apartamentos.');
  await form.getByRole('button', { name: 'Enviar Mensagem' }).click();
  await expectToast(visitor, 'Mensagem enviada!');
  await visitor.close();

  await asAdmin(page);
  await gotoHydrated(page, '/admin/messages');
  await page.getByLabel('Buscar por nome, e-mail, assunto ou texto').fill('claudia ribeiro');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByTestId('message-row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.font-bold')).toContainText(subject);
  await expect(row).toContainText('Não lida');
  await axeEverywhere(page, 'mensagens');

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('São 40 apartamentos.')).toBeVisible();
  // An empty answer is refused at the field, in pt-BR.
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(page.getByText('Escreva a resposta.')).toBeVisible();
  await page.getByLabel(`Resposta para ${email}`).fill('Olá, Cláudia! Atendemos sim: enviamos um orçamento hoje.');
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  await expectToast(page, 'Resposta enviada', 'O cliente recebe a resposta por e-mail.');
  await expect(page.getByRole('region', { name: 'Respostas enviadas' }).getByText('Olá, Cláudia! Atendemos sim: enviamos um orçamento hoje.')).toBeVisible();
  await expect(page.getByLabel(`Resposta para ${email}`)).toHaveValue('');
  const mail = await latestMail(email, `Re: ${subject}`);
  expect(mail.text).toContain('Atendemos sim');
  expect(mail.text).toContain('> Vocês atendem condomínios?');
  await axeEverywhere(page, 'mensagem respondida');

  // Back in the list: read and answered.
  await gotoHydrated(page, `/admin/messages?q=${encodeURIComponent(subject)}`);
  const answered = page.getByTestId('message-row').filter({ hasText: subject });
  await expect(answered).toContainText('Respondida');
  await expect(answered.locator('.font-bold')).toHaveCount(0);

  await answered.click();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir mensagem' }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expectToast(page, 'Mensagem excluída');
  await gotoHydrated(page, `/admin/messages?q=${encodeURIComponent(subject)}`);
  await expect(page.getByText(`Nenhuma mensagem encontrada para “${subject}”.`)).toBeVisible();
});

test('a signed-out visitor is sent to sign in (customers: the authorization matrix)', async ({ page }) => {
  await page.goto('/admin/messages');
  await expect(page).toHaveURL(/\/login/);
});
