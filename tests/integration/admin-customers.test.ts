// /admin/customers on every engine, through the app's own database and auth (as the authorization
// matrix runs them): the list (newest first, 25 a page, search by name/e-mail without accents or case
// and by CPF/CNPJ whatever the punctuation, on its indexes; paid-only totals), the customer page's
// loader (nothing secret in it), and every admin action with its record — confirmation and reset
// e-mails that work, block (sessions end, sign-in answers in pt-BR) and unblock, make admin / make
// customer (never oneself, never the last admin, two demotions at once leave one admin).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type { OrderStatus } from '~/lib/order-lifecycle';
import type * as Actions from '~/server/customers/actions.server';
import type * as List from '~/server/customers/list.server';
import type * as CustomerRoute from '~/routes/admin/customer';
import type * as LoginRoute from '~/routes/login';
import type * as AuthModule from '~/server/auth/auth.server';
import type * as SessionModule from '~/server/auth/session.server';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
let addressCounter = 0;
/** Every auth request from its own address: the per-address sign-in limit never decides a test. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.88.${addressCounter >> 8}.${addressCounter & 255}`;
};
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const savedEnv = { ...process.env };
afterAll(() => {
  process.env = savedEnv;
});

describe.each(engines.map((e) => e.name))('admin customers on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let actions: typeof Actions;
  let list: typeof List;
  let customerRoute: typeof CustomerRoute;
  let loginRoute: typeof LoginRoute;
  let callAuth: typeof AuthModule.callAuth;
  let getSessionUser: typeof SessionModule.getSessionUser;
  let adminId: string;
  let cleanup = async () => {};

  const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextAddress() } });
  const signIn = (email: string, password: string) => callAuth(authRequest(), '/sign-in/email', { email, password });
  async function signInCookie(email: string, password: string) {
    const result = await signIn(email, password);
    if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
    return cookieOf(result.headers);
  }
  /** A customer signed up through Better Auth (so with a password), confirmed unless asked not to be. */
  async function signUp(name: string, options: { confirmed?: boolean; taxId?: string } = {}) {
    const email = `${name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}.${randomUUID().slice(0, 6)}@conta.test`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    const result = await callAuth(authRequest(), '/sign-up/email', { name, email, password });
    expect(result.ok, `sign-up of ${name}`).toBe(true);
    const [row] = await db
      .update(s.user)
      .set({ emailVerified: options.confirmed ?? true, taxId: options.taxId ?? null })
      .where(eq(s.user.email, email))
      .returning();
    return { id: row!.id, name, email, password };
  }
  const apply = (customerId: string, action: Parameters<typeof Actions.applyCustomerAction>[1]['action'], by = adminId) =>
    actions.applyCustomerAction(db, { customerId, adminUserId: by, action });
  const auditOf = (customerId: string) =>
    db.select({ action: s.customerAudit.action, adminUserId: s.customerAudit.adminUserId }).from(s.customerAudit).where(eq(s.customerAudit.customerUserId, customerId)).orderBy(asc(s.customerAudit.createdAt));
  const outboxTo = (email: string, kind: string) => db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, email), eq(s.emailOutbox.kind, kind)));
  const sessionUser = (cookie: string) => getSessionUser(new Request(`${ORIGIN}/`, { headers: { cookie } }));

  beforeAll(async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-customers-', 'clarear_customers');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    ({ callAuth } = await import('~/server/auth/auth.server'));
    ({ getSessionUser } = await import('~/server/auth/session.server'));
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    actions = await import('~/server/customers/actions.server');
    list = await import('~/server/customers/list.server');
    customerRoute = await import('~/routes/admin/customer');
    loginRoute = await import('~/routes/login');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanup = async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    };
    const [admin] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, TEST_ADMIN.email));
    adminId = admin!.id;
  }, 120_000);
  afterAll(() => cleanup());

  describe('the list', () => {
    // Accounts made directly, each with a known sign-up date; their e-mails share a domain the searches narrow to.
    const joao = { id: `joao-${randomUUID()}`, name: 'João Araújo', email: 'joao.araujo@lista.test', taxId: '52998224725', createdAt: new Date('2026-03-01T12:00:00Z') };
    const maria = { id: `maria-${randomUUID()}`, name: 'Maria Souza', email: 'Maria.Souza@lista.test', taxId: '11222333000181', createdAt: new Date('2026-04-01T12:00:00Z') };
    const ana = { id: `ana-${randomUUID()}`, name: 'Ana 100% Limpa', email: 'ana_limpa@lista.test', taxId: null, createdAt: new Date('2026-02-01T12:00:00Z') };

    beforeAll(async () => {
      await db.insert(s.user).values([joao, maria, ana].map((u) => ({ ...u, emailVerified: u !== ana })));
      const order = (userId: string, status: OrderStatus, totalPrice: string) => ({
        userId,
        status,
        totalPrice,
        idempotencyKey: randomUUID(),
        cancelReason: status === 'cancelled' ? 'Estornado' : null,
      });
      await db.insert(s.orders).values([
        order(joao.id, 'paid', '100.00'),
        order(joao.id, 'delivered', '50.50'),
        order(joao.id, 'shipped', '10.25'),
        order(joao.id, 'preparing', '1.00'),
        order(joao.id, 'pending', '30.00'),
        order(joao.id, 'cancelled', '20.00'),
        order(maria.id, 'pending', '99.00'),
      ]);
      await db.insert(s.userSubscriptions).values({ userId: maria.id, frequency: 'monthly', nextDeliveryDate: '2026-12-01', anchorDate: '2026-11-01', totalValue: '49.90' });
      // Thirty more for the pages.
      await db.insert(s.user).values(
        Array.from({ length: 30 }, (_, i) => ({
          id: `fila-${i}-${randomUUID()}`,
          name: `Cliente da Fila ${String(i).padStart(2, '0')}`,
          email: `fila-${String(i).padStart(2, '0')}@pagina.test`,
          createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        })),
      );
    });

    it('lists newest first, with paid-only orders and totals, subscription and confirmation', async () => {
      const result = await list.listCustomers(db, { q: 'lista.test' });
      expect(result.items.map((c) => c.name)).toEqual(['Maria Souza', 'João Araújo', 'Ana 100% Limpa']);
      const byName = Object.fromEntries(result.items.map((c) => [c.name, c]));
      // paid + delivered + shipped + preparing; not pending, not cancelled (refunded).
      expect(byName['João Araújo']).toMatchObject({ paidOrders: 4, totalSpentCents: 16175, subscriptionStatus: null, emailVerified: true });
      expect(byName['Maria Souza']).toMatchObject({ paidOrders: 0, totalSpentCents: 0, subscriptionStatus: 'active' });
      expect(byName['Ana 100% Limpa']).toMatchObject({ emailVerified: false });
      // The whole list starts with the newest account.
      const all = await list.listCustomers(db, {});
      expect(all.items[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(all.items[1]!.createdAt.getTime());
    });

    it('pages 25 at a time; a page past the end shows the last one', async () => {
      const first = await list.listCustomers(db, { q: 'pagina.test' });
      expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
      expect(first.items).toHaveLength(25);
      expect(first.items[0]!.email).toBe('fila-29@pagina.test');
      const second = await list.listCustomers(db, { q: 'pagina.test', page: 2 });
      expect(second.items.map((c) => c.email)).toEqual(['fila-04@pagina.test', 'fila-03@pagina.test', 'fila-02@pagina.test', 'fila-01@pagina.test', 'fila-00@pagina.test']);
      expect((await list.listCustomers(db, { q: 'pagina.test', page: 99 })).page).toBe(2);
    });

    it('searches names and e-mails without regard to accents or case', async () => {
      const names = async (q: string) => (await list.listCustomers(db, { q })).items.map((c) => c.name);
      expect(await names('joao')).toEqual(['João Araújo']);
      expect(await names('JOÃO ARAUJO')).toEqual(['João Araújo']);
      expect(await names('araújo')).toEqual(['João Araújo']);
      expect(await names('maria.souza@LISTA')).toEqual(['Maria Souza']);
      // LIKE wildcards typed are literal.
      expect(await names('100%')).toEqual(['Ana 100% Limpa']);
      expect(await names('ana_limpa')).toEqual(['Ana 100% Limpa']);
      expect(await names('a_a@lista')).toEqual([]);
      expect(await names('ninguém-assim')).toEqual([]);
    });

    it('searches the CPF/CNPJ with or without its punctuation', async () => {
      const names = async (q: string) => (await list.listCustomers(db, { q })).items.map((c) => c.name);
      expect(await names('529.982.247-25')).toEqual(['João Araújo']);
      expect(await names('52998224725')).toEqual(['João Araújo']);
      expect(await names('982.247')).toEqual(['João Araújo']);
      expect(await names('11.222.333/0001-81')).toEqual(['Maria Souza']);
      expect(await names('11222333000181')).toEqual(['Maria Souza']);
    });

    it('has the trigram indexes the search uses', async () => {
      const { rows } = await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'user' order by indexname`);
      const defs = Object.fromEntries((rows as { indexname: string; indexdef: string }[]).map((r) => [r.indexname, r.indexdef]));
      expect(defs.user_name_trgm_idx).toMatch(/gin \(clarear_unaccent\(lower\(name\)\) gin_trgm_ops\)/);
      expect(defs.user_email_trgm_idx).toMatch(/gin \(clarear_unaccent\(lower\(email\)\) gin_trgm_ops\)/);
      expect(defs.user_tax_id_trgm_idx).toMatch(/gin \(tax_id gin_trgm_ops\)/);
      expect(defs.user_created_at_idx).toMatch(/created_at DESC/);
    });
  });

  describe('the customer page', () => {
    it("loads what the page shows and nothing secret: no password hash, session token or whole CPF", async () => {
      const bia = await signUp('Bia Sigilosa', { taxId: '39053344705' });
      await signInCookie(bia.email, bia.password);
      const adminCookie = await signInCookie(TEST_ADMIN.email, TEST_ADMIN.password);
      const [credential] = await db.select({ password: s.account.password }).from(s.account).where(eq(s.account.userId, bia.id));
      const sessions = await db.select({ token: s.session.token }).from(s.session).where(eq(s.session.userId, bia.id));
      expect(credential!.password).toBeTruthy();
      expect(sessions.length).toBeGreaterThan(0);

      const request = new Request(`${ORIGIN}/admin/customers/${bia.id}`, { headers: { cookie: adminCookie } });
      const loaded = await customerRoute.loader({ request, params: { id: bia.id }, context: {} } as unknown as Parameters<typeof customerRoute.loader>[0]);
      const serialized = JSON.stringify(loaded);
      expect(loaded.customer.profile).toMatchObject({ name: 'Bia Sigilosa', email: bia.email, taxIdMasked: '***.533.447-**', emailVerified: true });
      expect(serialized).not.toContain(credential!.password!);
      for (const { token } of sessions) expect(serialized).not.toContain(token);
      expect(serialized).not.toContain('39053344705');
      expect(serialized).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)"/);

      // "mostrar" posts the action: the whole CPF in the answer, and a record.
      const form = new URLSearchParams({ intent: 'reveal_tax_id' });
      const post = new Request(`${ORIGIN}/admin/customers/${bia.id}`, { method: 'POST', headers: { cookie: adminCookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      const answer = (await customerRoute.action({ request: post, params: { id: bia.id }, context: {} } as unknown as Parameters<typeof customerRoute.action>[0])) as unknown as {
        data: { ok: boolean; taxId?: string };
      };
      expect(answer.data).toMatchObject({ ok: true, taxId: '39053344705' });
      expect(await auditOf(bia.id)).toEqual([{ action: 'reveal_tax_id', adminUserId: adminId }]);
      const reloaded = await customerRoute.loader({ request, params: { id: bia.id }, context: {} } as unknown as Parameters<typeof customerRoute.loader>[0]);
      expect(reloaded.customer.audit).toEqual([expect.objectContaining({ action: 'reveal_tax_id', adminName: expect.any(String) })]);
    });

    it('the action refuses an unknown intent and oneself in pt-BR, changing nothing', async () => {
      const adminCookie = await signInCookie(TEST_ADMIN.email, TEST_ADMIN.password);
      const post = (id: string, body: Record<string, string>) =>
        customerRoute.action({
          request: new Request(`${ORIGIN}/admin/customers/${id}`, { method: 'POST', headers: { cookie: adminCookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) }),
          params: { id },
          context: {},
        } as unknown as Parameters<typeof customerRoute.action>[0]) as unknown as Promise<{ data: { ok: boolean; toast: { description: string } }; init: { status: number } }>;
      const bad = await post(adminId, { intent: 'delete_everything' });
      expect(bad.init.status).toBe(400);
      expect(bad.data.toast.description).toBe('Não foi possível concluir. Recarregue a página e tente novamente.');
      const self = await post(adminId, { intent: 'block' });
      expect(self.init.status).toBe(409);
      expect(self.data.toast.description).toBe('Você não pode fazer isso com a sua própria conta.');
      const [me] = await db.select({ banned: s.user.banned, role: s.user.role }).from(s.user).where(eq(s.user.id, adminId));
      expect(me).toEqual({ banned: false, role: 'admin' });
      expect(await auditOf(adminId)).toEqual([]);
    });

    it('reveal without a CPF/CNPJ is refused and not recorded; unknown ids are 404', async () => {
      const semCpf = await signUp('Caio Sem Documento');
      expect(await apply(semCpf.id, 'reveal_tax_id')).toEqual({ ok: false, reason: 'no-tax-id' });
      expect(await apply('nao-existe', 'block')).toEqual({ ok: false, reason: 'not-found' });
      expect(await auditOf(semCpf.id)).toEqual([]);
    });
  });

  describe('the actions', () => {
    it('resends the confirmation e-mail (a working link) only while the e-mail is unconfirmed', async () => {
      const dani = await signUp('Dani Pendente', { confirmed: false });
      await db.delete(s.emailOutbox).where(eq(s.emailOutbox.toAddress, dani.email));
      expect(await apply(dani.id, 'resend_confirmation')).toEqual({ ok: true });
      const [mail] = await outboxTo(dani.email, 'account-confirmation');
      expect(mail!.subject).toBe('Clarear: confirme seu e-mail');
      const link = /http\S+verify-email\S+/.exec(mail!.textBody)![0];
      expect(await auditOf(dani.id)).toEqual([{ action: 'resend_confirmation', adminUserId: adminId }]);
      // The link is Better Auth's own: following it confirms the account.
      const { handleAuthRequest } = await import('~/server/auth/auth.server');
      const confirmed = await handleAuthRequest(new Request(link.replace(/^https?:\/\/[^/]+/, ORIGIN), { headers: { 'x-forwarded-for': nextAddress() } }));
      expect(confirmed.status).toBeLessThan(400);
      const [row] = await db.select({ emailVerified: s.user.emailVerified }).from(s.user).where(eq(s.user.id, dani.id));
      expect(row!.emailVerified).toBe(true);
      expect(await apply(dani.id, 'resend_confirmation')).toEqual({ ok: false, reason: 'already-verified' });
      expect(await auditOf(dani.id)).toHaveLength(1);
    });

    it('sends a password-reset e-mail whose link sets a new password', async () => {
      const edu = await signUp('Edu Esquecido');
      expect(await apply(edu.id, 'password_reset')).toEqual({ ok: true });
      const [mail] = await outboxTo(edu.email, 'password-reset');
      expect(mail!.subject).toBe('Clarear: redefinição de senha');
      const token = decodeURIComponent(/redefinir-senha\?token=(\S+)/.exec(mail!.textBody)![1]!);
      const reset = await callAuth(authRequest(), '/reset-password', { token, newPassword: 'nova-senha-segura-9' });
      expect(reset.ok).toBe(true);
      expect((await signIn(edu.email, 'nova-senha-segura-9')).ok).toBe(true);
      expect(await auditOf(edu.id)).toEqual([{ action: 'password_reset', adminUserId: adminId }]);
    });

    it('blocking ends the sessions at once and sign-in answers in pt-BR; unblocking lets them in again', async () => {
      const beto = await signUp('Beto Bloqueado');
      const cookie = await signInCookie(beto.email, beto.password);
      expect(await sessionUser(cookie)).toMatchObject({ id: beto.id });

      expect(await apply(beto.id, 'block')).toEqual({ ok: true });
      expect(await db.select().from(s.session).where(eq(s.session.userId, beto.id))).toEqual([]);
      expect(await sessionUser(cookie)).toBeNull();
      expect(await signIn(beto.email, beto.password)).toMatchObject({ ok: false, code: 'BANNED_USER' });
      // The login page's answer.
      const form = new URLSearchParams({ intent: 'login', email: beto.email, password: beto.password });
      const login = new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextAddress(), 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      const answer = (await loginRoute.action({ request: login, params: {}, context: {} } as unknown as Parameters<typeof loginRoute.action>[0])) as unknown as {
        data: { toast?: { description: string } };
        init: { status: number };
      };
      expect(answer.init.status).toBe(403);
      expect(answer.data.toast?.description).toBe('Esta conta está suspensa. Fale com o atendimento.');
      // Twice: nothing more happens, nothing more is recorded.
      expect(await apply(beto.id, 'block')).toEqual({ ok: false, reason: 'unchanged' });

      expect(await apply(beto.id, 'unblock')).toEqual({ ok: true });
      expect((await signIn(beto.email, beto.password)).ok).toBe(true);
      expect(await apply(beto.id, 'unblock')).toEqual({ ok: false, reason: 'unchanged' });
      expect((await auditOf(beto.id)).map((a) => a.action)).toEqual(['block', 'unblock']);
    });

    it('never blocks or demotes oneself, nor blocks an admin', async () => {
      expect(await apply(adminId, 'block')).toEqual({ ok: false, reason: 'self' });
      expect(await apply(adminId, 'make_customer')).toEqual({ ok: false, reason: 'self' });
      const gil = await signUp('Gil Gerente');
      expect(await apply(gil.id, 'make_admin')).toEqual({ ok: true });
      expect(await apply(gil.id, 'block')).toEqual({ ok: false, reason: 'is-admin' });
      expect(await apply(gil.id, 'make_customer')).toEqual({ ok: true });
      expect((await auditOf(gil.id)).map((a) => a.action)).toEqual(['make_admin', 'make_customer']);
      expect((await auditOf(adminId)).map((a) => a.action)).toEqual([]);
    });

    it('a promoted account reaches the admin at once, and loses it at once when demoted', async () => {
      const helo = await signUp('Helô Promovida');
      const cookie = await signInCookie(helo.email, helo.password);
      expect(await sessionUser(cookie)).toMatchObject({ role: 'customer' });
      expect(await apply(helo.id, 'make_admin')).toEqual({ ok: true });
      expect(await sessionUser(cookie)).toMatchObject({ role: 'admin' });
      expect(await apply(helo.id, 'make_customer')).toEqual({ ok: true });
      expect(await sessionUser(cookie)).toMatchObject({ role: 'customer' });
    });

    it('the last admin cannot be demoted, and two demotions at once leave one admin', async () => {
      const admins = () => db.select({ id: s.user.id }).from(s.user).where(eq(s.user.role, 'admin'));
      expect(await admins()).toEqual([{ id: adminId }]);
      const ivo = await signUp('Ivo Segundo');
      expect(await apply(ivo.id, 'make_admin')).toEqual({ ok: true });
      // Each demotes the other at the same time: one wins, the other finds the last admin.
      const results = await Promise.all([apply(ivo.id, 'make_customer', adminId), apply(adminId, 'make_customer', ivo.id)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'last-admin' }]);
      const left = await admins();
      expect(left).toHaveLength(1);
      // The one demoted (with a page still open) cannot demote the last admin either.
      const demoted = left[0]!.id === adminId ? ivo.id : adminId;
      expect(await apply(left[0]!.id, 'make_customer', demoted)).toEqual({ ok: false, reason: 'last-admin' });
      expect(await admins()).toEqual(left);
      // Put the store back as it was for the rest of the file.
      if (left[0]!.id !== adminId) {
        await db.update(s.user).set({ role: 'admin' }).where(eq(s.user.id, adminId));
        await db.update(s.user).set({ role: 'customer' }).where(eq(s.user.id, ivo.id));
      }
    });
  });
});
