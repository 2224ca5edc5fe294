import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './fixtures';

// Anonymous catalogue pages are rendered for a shared cache (app/lib/cache-control.ts): no nonce,
// their inline scripts allowed by hash (app/server/infra/csp.server.ts). The browser must run them all:
// no CSP violation, the page hydrates and navigates on the client.
async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

test('a cached catalogue page runs its inline scripts by hash: hydrated, no CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  for (const path of ['/', '/produtos', '/kits']) {
    const response = await gotoHydrated(page, path);
    expect(response!.headers()['cache-control'], path).toMatch(/^public, /);
    expect(response!.headers()['content-security-policy'], path).toContain("'sha256-");
    expect(await cspViolations(page), path).toEqual([]);
  }
  // A client-side navigation (a .data request) from the cached page.
  const data = page.waitForResponse((r) => r.url().includes('/sobre.data'));
  await page.locator('a[href="/sobre"]').first().click();
  expect((await data).headers()['cache-control']).toMatch(/^public, /);
  await expect(page).toHaveURL(/\/sobre$/);
  expect(await cspViolations(page)).toEqual([]);
});
