// The admin account at start (issue 12, items 4 and 5): no known default password, a generated
// one shown once, ADMIN_PASSWORD still honoured, and ADMIN_EMAIL never promoting an account
// someone registered first without confirming the address.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminLoginNote, ensureAdmin } from '~/db/seed/seed.server';
import * as t from '~/db/schema';
import { engines } from '../support/engines';
import { pgliteFromTemplate } from '../support/fresh-app';

async function passwordOf(db: Parameters<typeof ensureAdmin>[0], email: string): Promise<string> {
  const [row] = await db
    .select({ hash: t.account.password })
    .from(t.account)
    .innerJoin(t.user, eq(t.user.id, t.account.userId))
    .where(eq(t.user.email, email));
  return row!.hash!;
}

describe.each(engines)('ensureAdmin on $name', (engine) => {
  let handle: Awaited<ReturnType<typeof engine.open>>;
  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle.drop();
  });

  it('without ADMIN_PASSWORD creates the admin with a random password, stores only its hash, and says so once', async () => {
    const email = `admin.${randomUUID().slice(0, 8)}@clarear.com.br`;
    const first = await ensureAdmin(handle.db, email, undefined);
    expect(first.outcome).toBe('created');
    const generated = first.outcome === 'created' ? first.generatedPassword : null;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const hash = await passwordOf(handle.db, email);
    expect(hash).not.toContain(generated!);
    expect(await verifyPassword({ hash, password: generated! })).toBe(true);
    expect(await verifyPassword({ hash, password: 'clarear-admin' })).toBe(false);
    expect(adminLoginNote(first, email)).toContain(generated!);

    // The next start: the same account, its password untouched and never shown again.
    const second = await ensureAdmin(handle.db, email, undefined);
    expect(second).toEqual({ outcome: 'existing' });
    expect(await passwordOf(handle.db, email)).toBe(hash);
    expect(adminLoginNote(second, email)).toMatch(/primeira inicialização.*Esqueceu a senha\?/);

    // Another one starting without a password generates a different one.
    const other = await ensureAdmin(handle.db, `outro.${email}`, undefined);
    expect(other.outcome === 'created' && other.generatedPassword).not.toBe(generated);
  });

  it('with ADMIN_PASSWORD creates the admin with it and never prints it', async () => {
    const email = `admin.${randomUUID().slice(0, 8)}@clarear.com.br`;
    const setup = await ensureAdmin(handle.db, email, 'Vidro-Limpo-Sabao-92');
    expect(setup).toEqual({ outcome: 'created', generatedPassword: null });
    expect(await verifyPassword({ hash: await passwordOf(handle.db, email), password: 'Vidro-Limpo-Sabao-92' })).toBe(true);
    expect(adminLoginNote(setup, email)).not.toContain('Vidro-Limpo-Sabao-92');
  });

  it('two instances starting at once make one admin account', async () => {
    const email = `admin.${randomUUID().slice(0, 8)}@clarear.com.br`;
    const results = await Promise.all([ensureAdmin(handle.db, email, undefined), ensureAdmin(handle.db, email, undefined)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'existing']);
    const rows = await handle.db.select().from(t.user).where(eq(t.user.email, email));
    expect(rows).toHaveLength(1);
    const accounts = await handle.db.select().from(t.account).where(eq(t.account.userId, rows[0]!.id));
    expect(accounts).toHaveLength(1);
    const created = results.find((r) => r.outcome === 'created');
    expect(await verifyPassword({ hash: accounts[0]!.password!, password: (created as { generatedPassword: string }).generatedPassword })).toBe(true);
  });

  async function customer(email: string, emailVerified: boolean) {
    const id = randomUUID();
    await handle.db.insert(t.user).values({ id, name: 'Quem Chegou Antes', email, emailVerified, role: 'customer' });
    return id;
  }

  it('never promotes an account nobody confirmed, whatever the password given', async () => {
    const email = `dono.${randomUUID().slice(0, 8)}@clarear.com.br`;
    const id = await customer(email, false);
    const setup = await ensureAdmin(handle.db, email, 'Vidro-Limpo-Sabao-92');
    expect(setup).toEqual({ outcome: 'unverified' });
    const [row] = await handle.db.select().from(t.user).where(eq(t.user.id, id));
    expect(row?.role).toBe('customer');
    expect(await handle.db.select().from(t.account).where(eq(t.account.userId, id))).toHaveLength(0);
    expect(adminLoginNote(setup, email)).toMatch(/NÃO foi promovido a admin.*nunca foi confirmada/);
    // Still refused at the next start.
    expect(await ensureAdmin(handle.db, email, undefined)).toEqual({ outcome: 'unverified' });
  });

  it('promotes an account whose e-mail was confirmed, keeping its own password', async () => {
    const email = `dona.${randomUUID().slice(0, 8)}@clarear.com.br`;
    const id = await customer(email, true);
    expect(await ensureAdmin(handle.db, email, undefined)).toEqual({ outcome: 'promoted' });
    const [row] = await handle.db.select().from(t.user).where(eq(t.user.id, id));
    expect(row?.role).toBe('admin');
    expect(await handle.db.select().from(t.account).where(eq(t.account.userId, id))).toHaveLength(0);
  });
});

describe('the app start (db.server) without ADMIN_PASSWORD', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-admin-start-'));
  // The run's migrated PGlite folder, not an initdb and every migration again: the store's
  // first start with an empty database (no admin yet) is the same.
  beforeAll(() => pgliteFromTemplate(dataDir));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start() {
    const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown; __clarearAdminSetup?: unknown };
    delete g.__clarearDb;
    delete g.__clarearAuth;
    delete g.__clarearAdminSetup;
    vi.resetModules();
    process.env.DATA_DIR = dataDir;
    process.env.ADMIN_EMAIL = 'admin@clarear.com.br';
    delete process.env.ADMIN_PASSWORD;
    delete process.env.DATABASE_URL;
    return import('~/server/infra/db.server');
  }

  it('hands the generated password out once, keeps no copy of it, and later starts only say how to get in', async () => {
    const app = await start();
    const first = await app.takeAdminSetup();
    expect(first.outcome).toBe('created');
    const generated = (first as { generatedPassword: string }).generatedPassword;
    expect(generated).toBeTruthy();
    expect(await app.takeAdminSetup()).toEqual({ outcome: 'created', generatedPassword: null });

    // Nothing under DATA_DIR holds it in clear (the database files hold only its hash).
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : [path.join(dir, f)]));
    for (const file of files(dataDir)) expect(readFileSync(file).includes(generated), file).toBe(false);
    await (await app.getDatabaseHandle()).close();

    const restarted = await start();
    const again = await restarted.takeAdminSetup();
    expect(again).toEqual({ outcome: 'existing' });
    const db = await restarted.getDb();
    expect(await verifyPassword({ hash: await passwordOf(db, 'admin@clarear.com.br'), password: generated })).toBe(true);
    await (await restarted.getDatabaseHandle()).close();
  });
});
