// Helpers for end-to-end tests: read the mail outbox the server writes (no SMTP_URL in tests),
// create accounts through the real UI (createCustomer: the specs about signing up and in) or through
// the store's seeding entry (signedInCustomer: every other spec), and open pages as the admin with
// the session admin.setup.ts saved.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import axe from 'axe-core';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN_STATE, E2E_ADMIN_PASSWORD } from '../../playwright.config';

const OUTBOX = path.resolve('data-e2e', 'outbox');

type Mail = { to: string; subject: string; text: string; sentAt: string };

export const ADMIN = { email: 'admin@clarear.com.br', password: E2E_ADMIN_PASSWORD };

/** Signs `page`'s browser context in as the admin: the session cookie admin.setup.ts saved, no /login round trip. */
export async function asAdmin(page: Page) {
  const state = JSON.parse(await readFile(ADMIN_STATE, 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(state.cookies);
  return page;
}

export function uniqueEmail(prefix = 'cliente'): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemplo.com.br`;
}

async function readMails(outbox: string): Promise<Mail[]> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as Mail),
  );
  return mails.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** The newest e-mail to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function latestMail(to: string, subject: string, outbox = OUTBOX): Promise<Mail> {
  let found: Mail | undefined;
  // Mail leaves in the background a moment after the answer: look again soon rather than after a second.
  await expect
    .poll(async () => {
      found = (await readMails(outbox)).filter((m) => m.to === to && m.subject.includes(subject)).at(-1);
      return found !== undefined;
    }, { message: `e-mail "${subject}" para ${to}`, intervals: [50, 100, 200, 250, 500] })
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in e-mail: ${mail.text}`);
  return match[0];
}

export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notificações/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

export async function register(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto('/login?modo=cadastro');
  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Nome completo').fill(account.name);
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel('Senha', { exact: true }).fill(account.password);
  await form.getByLabel('Confirmar senha').fill(account.password);
  await form.getByRole('checkbox', { name: /^Li e aceito/ }).check();
  await form.getByRole('button', { name: 'Criar Conta', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function confirmEmail(page: Page, email: string, outbox = OUTBOX) {
  const mail = await latestMail(email, 'confirme seu e-mail', outbox);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/login/);
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill(email);
  await main.getByLabel('Senha', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** A verified customer account, created through the UI and confirmed through the outbox. */
export async function createCustomer(page: Page, name = 'Maria Aparecida Souza', outbox = OUTBOX) {
  const account = { name, email: uniqueEmail(), password: 'senha-forte-123' };
  await register(page, account);
  await confirmEmail(page, account.email, outbox);
  return account;
}

/** The first product a search for "detergente" lists, by slug (the seeding entry's orders name products by slug). */
export const DETERGENT = 'detergente-neutro-concentrado';

/** An order the seeding entry places through the checkout flow (app/routes/e2e-fixtures.ts): products by slug, or the plan. */
export type FixtureOrder = {
  items?: { slug: string; size?: number; quantity?: number }[];
  plan?: 'monthly' | 'semiannual' | 'annual';
  paymentMethod?: 'pix' | 'credit_card' | 'boleto';
  installments?: number;
  deliveryFrequency?: number;
  taxId: string;
  ieIndicator?: '1' | '2' | '9';
  stateRegistration?: string;
  recipientName?: string;
  /** Taken through to Entregue by the store's transitions (issue 36: reviews need a delivered order). */
  delivered?: boolean;
};

/**
 * A confirmed customer account made by the store's seeding entry (POST /__e2e/customer: Better Auth's
 * sign-up, confirmation and sign-in, the checkout's placeOrder), signed in on `page`'s context unless
 * `signIn: false`, with the orders asked for (their ids in `orders`). For the specs whose subject is
 * not the sign-up, the confirmation e-mail or the login form: those go through the UI (auth.spec).
 */
export async function signedInCustomer(
  on: { request: APIRequestContext },
  name = 'Maria Aparecida Souza',
  options: { signIn?: boolean; orders?: FixtureOrder[]; company?: { legalName: string; creditLimit?: string; termDays?: 14 | 21 | 28 } } = {},
) {
  const account = { name, email: uniqueEmail(), password: 'senha-forte-123' };
  // A page's or a browser context's request context shares the context's cookies: the session lands there.
  const response = await on.request.post('/__e2e/customer', { data: { ...account, ...options } });
  expect(response.status(), await response.text()).toBe(200);
  const created = (await response.json()) as { id: string; orders: { id: string }[] };
  return { ...account, id: created.id, orders: created.orders.map((o) => o.id) };
}

/** Opens a page and waits until React has hydrated it, so the first click or key press is not lost on a busy machine. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
  return response;
}

/** Puts a size (the first, or the `sizeIndex`th) of the first product found by `term` in the cart, through the product modal; returns the product's name. */
export async function addFirstSizeToCart(page: Page, term: string, sizeIndex = 0): Promise<string> {
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(term)}`);
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: /Ver detalhes/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.locator('label').filter({ hasText: /R\$/ }).nth(sizeIndex).click();
  await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(dialog).toHaveCount(0);
  return name;
}

/** The address an e2e customer types at checkout when they have none saved. */
export const E2E_ADDRESS = {
  zipCode: '01310-100',
  state: 'SP',
  street: 'Avenida Paulista',
  number: '1000',
  complement: 'apto 42',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
} as const;

/** Types E2E_ADDRESS into the checkout's new-address fields, when they are open. */
export async function fillNewAddress(page: Page, address: Partial<Record<keyof typeof E2E_ADDRESS, string>> = E2E_ADDRESS) {
  const form = page.getByRole('group', { name: 'Endereço de entrega' });
  if ((await form.getByLabel('Rua').count()) === 0) return;
  if (address.zipCode !== undefined) await form.getByLabel('CEP').fill(address.zipCode);
  if (address.state !== undefined) await form.getByLabel('Estado').selectOption(address.state);
  if (address.street !== undefined) await form.getByLabel('Rua').fill(address.street);
  if (address.number !== undefined) await form.getByLabel('Número').fill(address.number);
  if (address.complement !== undefined) await form.getByLabel('Complemento (opcional)').fill(address.complement);
  if (address.neighborhood !== undefined) await form.getByLabel('Bairro').fill(address.neighborhood);
  if (address.city !== undefined) await form.getByLabel('Cidade').fill(address.city);
}

/**
 * "Pagar Agora" at checkout, with the delivery address typed first when the customer has none saved
 * and "Li e aceito os Termos de Uso" ticked when asked (a first purchase, or Termos changed since).
 */
export async function payNow(page: Page) {
  await fillNewAddress(page);
  const terms = page.getByRole('checkbox', { name: 'Li e aceito os Termos de Uso' });
  if ((await terms.count()) > 0) await terms.check();
  await page.getByRole('button', { name: 'Pagar Agora' }).click();
}

/**
 * Switches the theme the way the toggle does (the `dark` class) and waits for the colour transitions
 * to finish: axe measuring a button half-way from light to dark reports a contrast that never shows.
 */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(async (t) => {
    document.documentElement.classList.toggle('dark', t === 'dark');
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  }, theme);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeOptions = {
  /** Rules run besides WCAG 2.1 A/AA, by name (best practices such as target-size, heading-order). */
  rules?: string[];
  /** Only this part of the page (a CSS selector). */
  include?: string;
};

/**
 * axe-core's violations (WCAG 2.1 A/AA, and `rules`) on the page as it is now, one line each: rule and elements.
 * axe-core runs in the page, loaded once per document. AxeBuilder sends its 0.5 MB source again on every
 * call and finishes each run in a new page (for cross-origin frames, which the store has none of): about
 * 40% more per check here, and axe is most of the suite's time (target-size.spec.ts runs axe-core the same way).
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, rules, include }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const results = await engine.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        // A rule enabled by name runs besides the tags' (axe-core's ruleShouldRun).
        rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { tags: WCAG_TAGS, rules: options.rules ?? [], include: options.include ?? null },
  );
}

export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}) {
  expect(await axeViolations(page, options)).toEqual([]);
}

/**
 * axe (WCAG 2.1 A/AA, and `rules`) on the page as it is, in light and dark, on a desktop and a phone.
 * Leaves light and desktop.
 */
export async function axeEverywhere(page: Page, label = '', options: { rules?: string[] } = {}) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      const where = `${label ? `${label} ` : ''}${theme} ${size.width}`;
      expect((await axeViolations(page, options)).map((line) => `${where}: ${line}`)).toEqual([]);
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}
