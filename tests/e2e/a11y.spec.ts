import { test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

for (const [path, theme] of [
  ['/', 'light'],
  ['/login', 'light'],
  ['/login?modo=cadastro', 'light'],
  ['/', 'dark'],
  ['/produtos?pagina=2', 'light'],
  ['/produtos?pagina=2', 'dark'],
  ['/kits/monte-seu-kit', 'dark'],
] as const) {
  test(`axe finds no violations on ${path} (${theme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'clarear_theme', value: theme, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(path);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
