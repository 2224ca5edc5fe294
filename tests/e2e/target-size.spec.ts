// WCAG 2.2 SC 2.5.8 Target Size (Minimum): every control at least 24×24 CSS px, or spaced so that a 24 px circle
// on it overlaps no other target. Checked with axe's `target-size` rule (off by default, so enabled by name), the
// audit behind Lighthouse's mobile accessibility score, on phones from 360 px to Lighthouse's 412 px.
//
// axe-core is run directly rather than through AxeBuilder: AxeBuilder sends its 0.5 MB source into the page again
// on every call (about a second each on this 2-core machine), and here the rule runs over 70 times. The same engine
// (axe-core, the dependency of @axe-core/playwright), loaded with each page and run at each width, keeps this file
// to about half a minute.
import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import { gotoHydrated } from './fixtures';

const WIDTHS = [360, 390, 412];

const PUBLIC_PAGES = [
  '/',
  '/produtos',
  '/produtos/detergente-neutro-concentrado',
  '/kits',
  '/kits/monte-seu-kit',
  '/assinatura',
  '/sobre',
  '/blog',
  '/blog/como-limpar-o-rejunte-do-banheiro',
  '/contato',
  '/login',
  '/login?modo=cadastro',
  '/esqueci-senha',
  '/checkout',
  '/termos-uso',
  '/politica-privacidade',
  '/trocas-devolucoes',
  '/pagina-que-nao-existe',
];

/** Opens `path` on the narrowest phone (axe-core comes with every page: see beforeEach). */
async function open(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
  await gotoHydrated(page, path);
}

/** One line per element that breaks one of `rules` at the current width: where, which element, and why. */
async function violations(page: Page, rules: string[], where: string): Promise<string[]> {
  const nodes = await page.evaluate(async (values) => {
    const { axe: engine } = window as unknown as { axe: typeof axe };
    const results = await engine.run(document, { runOnly: { type: 'rule', values }, resultTypes: ['violations'] });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        target: node.target.join(' '),
        why: [...node.any, ...node.all].map((check) => check.message).join('; '),
      })),
    );
  }, rules);
  const width = page.viewportSize()!.width;
  return nodes.map(({ rule, target, why }) => `${width} px ${where} ${rule}: ${target} — ${why}`);
}

/** Runs the rule at each phone width on the page as it is now. */
async function undersizedAtEveryWidth(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await violations(page, ['target-size'], where)));
  }
  return found;
}

test.use({
  viewport: { width: WIDTHS[0]!, height: 800 },
  isMobile: true,
  hasTouch: true,
  // A failure already names every element, width and page; recording ~70 axe runs would add a third to the time.
  trace: 'off',
});

test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: axe.source });
});

test('on a phone (360, 390 and 412 px) every public page has controls of at least 24×24 px', async ({ page }) => {
  test.setTimeout(90_000); // 18 pages × 3 widths, on a machine that may be busy
  const found: string[] = [];
  for (const path of PUBLIC_PAGES) {
    await open(page, path);
    // The other Lighthouse accessibility audit that the WCAG-tagged axe specs leave out (a best practice in axe).
    found.push(...(await violations(page, ['heading-order'], path)));
    found.push(...(await undersizedAtEveryWidth(page, path)));
  }
  expect(found, 'controls under 24×24 px without the spacing WCAG 2.5.8 allows, or headings that skip a level').toEqual([]);
});

test('on a phone the targets stay 24 px with the menu, the search, the chat or a product open', async ({ page }) => {
  const found: string[] = [];
  await open(page, '/');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  found.push(...(await undersizedAtEveryWidth(page, '/ (menu aberto)')));
  await page.getByRole('button', { name: 'Fechar menu' }).click();
  await page.getByRole('button', { name: 'Buscar produtos' }).click();
  await expect(page.getByRole('searchbox', { name: 'Buscar produtos', exact: true })).toBeVisible();
  found.push(...(await undersizedAtEveryWidth(page, '/ (busca aberta)')));
  await page.getByRole('button', { name: 'Abrir chat de atendimento' }).click();
  const quickQuestions = page.getByRole('dialog', { name: 'Chat Clarear' }).getByRole('group', { name: 'Perguntas rápidas' });
  await expect(quickQuestions.getByRole('button').first()).toBeVisible();
  found.push(...(await undersizedAtEveryWidth(page, '/ (chat aberto)')));

  await open(page, '/produtos');
  await page.getByRole('main').getByRole('button', { name: /^Ver detalhes/ }).first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Fechar' })).toBeVisible();
  found.push(...(await undersizedAtEveryWidth(page, '/produtos (detalhes do produto)')));
  expect(found, 'controls under 24×24 px without the spacing WCAG 2.5.8 allows').toEqual([]);
});

test('on a phone the controls keep 24 px targets in the dark theme', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'clarear_theme', value: 'dark', url: baseURL! }]);
  const found: string[] = [];
  for (const path of ['/', '/produtos']) {
    await open(page, path);
    await expect(page.locator('html')).toHaveClass(/dark/);
    found.push(...(await undersizedAtEveryWidth(page, `${path} (tema escuro)`)));
  }
  expect(found, 'controls under 24×24 px without the spacing WCAG 2.5.8 allows').toEqual([]);
});
