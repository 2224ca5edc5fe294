import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

const PAGES = [
  '/sobre',
  '/blog',
  '/blog?q=assunto-que-nao-existe',
  '/blog/como-limpar-o-rejunte-do-banheiro',
  '/blog/post-que-nao-existe',
  '/contato',
  '/termos-uso',
  '/pagina-que-nao-existe',
];

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`axe finds no violations on ${path} (${theme})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'clarear_theme', value: theme, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto(path);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
}

test('axe finds no violations on the contact form showing its errors (dark)', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'clarear_theme', value: 'dark', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/contato');
  // Wait for hydration: a click that lands before it can be lost.
  await page.waitForFunction(() => Object.keys(document.querySelector('main form') ?? {}).some((key) => key.startsWith('__reactProps$')));
  await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
  await expect(page.getByText('Informe seu nome.')).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
