import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}
