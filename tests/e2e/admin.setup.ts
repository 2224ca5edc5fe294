// Signs the admin in once through /login and saves the session (cookies) for the admin specs
// (fixtures.ts adminContext, or test.use({ storageState: ADMIN_STATE })): one sign-in instead of
// one per test. Tests that sign the admin out sign in on their own (guards.spec.ts), so this
// session stays valid for the whole run.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { ADMIN_STATE } from '../../playwright.config';
import { ADMIN, login } from './fixtures';

setup('the admin signs in through /login', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/area-cliente\/perfil$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await mkdir(path.dirname(ADMIN_STATE), { recursive: true });
  await page.context().storageState({ path: ADMIN_STATE });
});
