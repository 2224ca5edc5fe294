// Accounts through the app's real auth module (Better Auth + the app database),
// driven the way the pages drive it: through callAuth and the /api/auth router.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteFromTemplate } from '../support/fresh-app';
import { TEST_ADMIN, setTestAdminEnv } from '../support/test-admin';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-auth-'));
process.env.DATA_DIR = dataDir;
process.env.AUTH_RATE_LIMIT_MAX = '3';
delete process.env.DATABASE_URL;
// A copy of the run's migrated PGlite template (tests/support/pglite-template.ts), not initdb and every migration again.
pgliteFromTemplate(dataDir);
delete process.env.SMTP_URL;
setTestAdminEnv();

const { callAuth, getAuth } = await import('~/server/auth/auth.server');
const { getDatabaseHandle } = await import('~/server/infra/db.server');
const { getSessionUser } = await import('~/server/auth/session.server');
const { settleBackgroundTasks } = await import('~/server/infra/background.server');
const { user } = await import('~/db/schema');

const ORIGIN = 'http://localhost:3000';
const page = (ip: string, cookie?: string) =>
  new Request(`${ORIGIN}/login`, { method: 'POST', headers: { 'x-forwarded-for': ip, origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

function cookieHeader(headers: Headers): string {
  return headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

function outbox(to: string) {
  const dir = path.join(dataDir, 'outbox');
  return readdirSync(dir)
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string })
    .filter((m) => m.to === to);
}

beforeAll(async () => {
  await getAuth();
});
afterAll(async () => {
  await settleBackgroundTasks();
  await (await getDatabaseHandle()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('accounts', () => {
  it('signs up as a customer even when the request asks to be admin, and mails a confirmation', async () => {
    const result = await callAuth(page('10.0.0.1'), '/sign-up/email', {
      name: 'Eva Mendes',
      email: 'eva@exemplo.com.br',
      password: 'senha-segura-1',
      role: 'admin',
    });
    // Better Auth refuses a field the client may not set, or ignores it; either way no admin is made.
    const db = (await getDatabaseHandle()).db;
    const [row] = await db.select().from(user).where(eq(user.email, 'eva@exemplo.com.br'));
    // E-mails leave in the background, after the answer.
    await settleBackgroundTasks();
    if (result.ok) {
      expect(row?.role).toBe('customer');
      expect(row?.emailVerified).toBe(false);
      expect(outbox('eva@exemplo.com.br').some((m) => m.subject.includes('confirme seu e-mail'))).toBe(true);
    } else {
      expect(row).toBeUndefined();
    }
    const retry = await callAuth(page('10.0.0.1'), '/sign-up/email', { name: 'Eva Mendes', email: 'eva2@exemplo.com.br', password: 'senha-segura-1' });
    expect(retry.ok).toBe(true);
    const [eva2] = await db.select().from(user).where(eq(user.email, 'eva2@exemplo.com.br'));
    expect(eva2?.role).toBe('customer');
  });

  it('refuses to sign in before the e-mail is confirmed', async () => {
    const result = await callAuth(page('10.0.0.2'), '/sign-in/email', { email: 'eva2@exemplo.com.br', password: 'senha-segura-1' });
    expect(result).toMatchObject({ ok: false, status: 403, code: 'EMAIL_NOT_VERIFIED' });
  });

  it('signs the seeded admin in with an httpOnly session cookie the guards recognise', async () => {
    const result = await callAuth(page('10.0.0.3'), '/sign-in/email', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const setCookie = result.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/clarear\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const me = await getSessionUser(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(result.headers) } }));
    expect(me).toMatchObject({ email: 'admin@clarear.com.br', role: 'admin' });
    expect(await getSessionUser(new Request(`${ORIGIN}/`, { headers: { cookie: 'clarear.session_token=forjado' } }))).toBeNull();
  });

  it('rate-limits sign-in attempts per address', async () => {
    const attempt = (ip: string) => callAuth(page(ip), '/sign-in/email', { email: 'admin@clarear.com.br', password: 'errada-123' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await attempt('10.0.0.9');
      statuses.push(r.ok ? 200 : r.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another address is not affected.
    const other = await attempt('10.0.0.10');
    expect(other.ok ? 200 : other.status).toBe(401);
  });
});
