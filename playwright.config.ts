import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run against the production build (`npm run build`), served
// by server.mjs on a fresh embedded database in ./data-e2e. The main store runs that build in test
// mode (NODE_ENV=test): the built-in provider's instant card and boleto approvals that the specs
// pay with are refused by a production store without a gateway. The Mercado Pago store runs in
// production. Why: docs/decisions/0001-payment-methods-offered.md.
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = path.resolve('data-e2e');
/** The admin's password in the e2e store (production refuses known ones; tests/e2e/admin.setup.ts signs in with it). */
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Vidro-7391';
/** The admin's signed-in session, saved once by tests/e2e/admin.setup.ts and reused by the admin specs. */
export const ADMIN_STATE = path.resolve('playwright', '.auth', 'admin.json');
/**
 * A second store, with Mercado Pago configured against the local stand-in of its API
 * (tests/support/mercadopago-api.mjs): tests/e2e/mercadopago.spec.ts buys with Pix there.
 */
export const MP_E2E = {
  port: Number(process.env.E2E_MP_PORT ?? 3211),
  dataDir: path.resolve('data-e2e-mp'),
  apiPort: Number(process.env.E2E_MP_API_PORT ?? 3297),
  controlPort: Number(process.env.E2E_MP_CONTROL_PORT ?? 3296),
  accessToken: 'TEST-e2e-token-clarear',
  webhookSecret: 'e2e-segredo-webhook',
};

/**
 * Focus NFe's stand-in (tests/support/focusnfe-api.mjs) for the main store: notes are authorised
 * moments after they are sent, and the notice reaches the store's /webhooks/focusnfe
 * (tests/e2e/invoice-issuing.spec.ts). Invoicing itself stays off until a spec turns it on.
 */
export const FOCUS_E2E = {
  apiPort: Number(process.env.E2E_FOCUS_API_PORT ?? 3295),
  token: 'e2e-focus-token-clarear',
  webhookSecret: 'e2e-segredo-gatilho-focusnfe',
};

/** A server tests/support/start-servers.mjs starts: its shell command and env, and the url that answers once it is up. */
type Server = { name: string; command: string; env: Record<string, string>; url: string };

/** The built store on a fresh embedded database in `dataDir`, in production unless `extra` says otherwise. */
function store(name: string, port: number, dataDir: string, extra: Record<string, string> = {}): Server {
  return {
    name,
    command: `rm -rf "${dataDir}" && node server.mjs`,
    url: `http://localhost:${port}/healthz`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The whole suite signs up and in from one address, dozens of times a minute once it runs fast; the limit
      // itself is covered in tests/integration/auth.test.ts (3 a minute there).
      AUTH_RATE_LIMIT_MAX: '200',
      // Same for the forms and the checkout quote; their limits are covered in tests/integration/rate-limits.test.ts.
      FORM_RATE_LIMIT_MAX: '1000',
      QUOTE_RATE_LIMIT_MAX: '5000',
      PAY_RATE_LIMIT_MAX: '5000',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DATABASE_URL: '',
      // One JSON line per request would bury the test report.
      LOG_LEVEL: 'warn',
      ...extra,
    },
  };
}

const SERVERS: Server[] = [
  {
    name: 'mercadopago-api',
    command: 'node tests/support/mercadopago-api.mjs',
    url: `http://127.0.0.1:${MP_E2E.apiPort}/`,
    env: {
      MERCADOPAGO_FAKE_PORT: String(MP_E2E.apiPort),
      MERCADOPAGO_FAKE_CONTROL_PORT: String(MP_E2E.controlPort),
      MERCADOPAGO_ACCESS_TOKEN: MP_E2E.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: MP_E2E.webhookSecret,
    },
  },
  store('loja-mercadopago', MP_E2E.port, MP_E2E.dataDir, {
    MERCADOPAGO_ACCESS_TOKEN: MP_E2E.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: MP_E2E.webhookSecret,
    MERCADOPAGO_PUBLIC_KEY: 'TEST-e2e-public-key',
    MERCADOPAGO_API_URL: `http://127.0.0.1:${MP_E2E.apiPort}`,
  }),
  // Test mode: the same build and headers, error pages and caching as production (server.mjs), but
  // the built-in instant approvals the specs pay with, and the "Modo de teste" notice on checkout.
  // E2E_FIXTURES: the seeding entry POST /__e2e/customer (app/routes/e2e-fixtures.ts), which only a
  // test-mode store with this switch answers.
  {
    name: 'focusnfe-api',
    command: 'node tests/support/focusnfe-api.mjs',
    url: `http://127.0.0.1:${FOCUS_E2E.apiPort}/v2/nfe`,
    // SEFAZ takes 3 s: the admin's page shows the order waiting for its note before it comes.
    env: { FOCUSNFE_FAKE_PORT: String(FOCUS_E2E.apiPort), FOCUSNFE_TOKEN: FOCUS_E2E.token, FOCUSNFE_FAKE_AUTHORIZE_MS: '3000' },
  },
  store('loja', PORT, E2E_DATA_DIR, {
    NODE_ENV: 'test',
    E2E_FIXTURES: '1',
    FOCUSNFE_TOKEN: FOCUS_E2E.token,
    FOCUSNFE_ENV: 'homologacao',
    FOCUSNFE_API_URL: `http://127.0.0.1:${FOCUS_E2E.apiPort}`,
    FOCUSNFE_WEBHOOK_SECRET: FOCUS_E2E.webhookSecret,
    // The jobs poll every 5 s (the least): the note kicked by "Iniciar separação" goes out within seconds.
    JOBS_HEARTBEAT_SECONDS: '10',
  }),
];

/**
 * Tests that change what the whole store shows (settings, the plan, products and their stock, the
 * admin's own preferences) or that count what the whole store sold: they run one at a time, after
 * the other tests, which run on two workers (a file at a time each).
 */
const SHARED_STATE = /@shared-state/;
/**
 * Specs that neither change nor read anything the @shared-state tests change (sign-up and sign-in,
 * the customer's own profile, addresses, data and newsletter choice): they run beside those, on the other worker.
 */
const BESIDE_SHARED_STATE = /\/(auth|customer-area|customer-profile-addresses|privacy|unsubscribe)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace costs about a third of a test's time here; CI records the retry of a failed test only.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; never `npx playwright install` (no internet here).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // Signs the admin in once; the admin specs reuse the saved session (ADMIN_STATE).
    { name: 'setup', testMatch: /admin\.setup\.ts/ },
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: [/mobile\.spec\.ts/, BESIDE_SHARED_STATE], grepInvert: SHARED_STATE, dependencies: ['setup'] },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec\.ts/, dependencies: ['setup'] },
    { name: 'shared-state', use: { ...devices['Desktop Chrome'] }, testIgnore: /mobile\.spec\.ts/, grep: SHARED_STATE, dependencies: ['desktop', 'mobile'], workers: 1 },
    { name: 'beside-shared-state', use: { ...devices['Desktop Chrome'] }, testMatch: BESIDE_SHARED_STATE, dependencies: ['desktop', 'mobile'], workers: 1 },
  ],
  // The three servers start at once (Playwright would start its webServer entries one after another).
  webServer: {
    command: 'node tests/support/start-servers.mjs',
    wait: { stdout: /e2e: servidores prontos/ },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_SERVERS: JSON.stringify(SERVERS) },
  },
});
