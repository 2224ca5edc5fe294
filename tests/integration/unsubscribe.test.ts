// One-click unsubscribe (issue 16): optional e-mails (the newsletter's, the subscription reminders)
// carry a signed link and the RFC 8058 headers, transactional ones do not; /descadastrar shows on
// GET and leaves on POST (the page's button or a mail provider's one-click POST: no cookie, no
// Origin), once and for all, twice the same answer; a forged token changes nothing; Preferências
// puts the account's e-mail on and off the newsletter. Runs the app's own database and routes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as Background from '~/server/infra/background.server';
import type * as NewsletterAdmin from '~/server/newsletter/admin.server';
import type * as Outbox from '~/server/mail/outbox.server';
import type * as Transport from '~/server/mail/transport.server';
import type * as Unsubscribe from '~/server/mail/unsubscribe.server';
import type * as SubscriptionEmails from '~/server/subscriptions/emails.server';
import { setTestAdminEnv } from '../support/test-admin';
import { createScratchDatabase, engines } from '../support/engines';
import { pgliteFromTemplate } from '../support/fresh-app';

const ORIGIN = 'http://localhost:3000';
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

type Answer = { status: number; data: unknown };
type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
};

/** A loader's or action's answer the way React Router reads it: thrown or returned, data() or a plain value. */
async function answer(run: () => unknown): Promise<Answer> {
  const read = (value: unknown, thrown: boolean): Answer => {
    if (value instanceof Response) return { status: value.status, data: null };
    const init = value as { type?: string; init?: { status?: number } | null; data?: unknown } | null;
    if (init?.type === 'DataWithResponseInit') return { status: init.init?.status ?? 200, data: init.data };
    if (thrown) throw value;
    return { status: 200, data: value };
  };
  try {
    return read(await run(), false);
  } catch (thrown) {
    return read(thrown, true);
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(engines.map((e) => e.name))('one-click unsubscribe on %s', (engineName) => {
  let db: Database;
  let t: typeof Schema;
  let m: Record<'unsubscribe' | 'newsletter' | 'preferences', RouteModule>;
  let customer: { id: string; email: string; cookie: string };
  let publicUrl: string;
  let dataDir: string;
  /** What the mail worker handed to the transport (SMTP's place). */
  const sent: Transport.MailMessage[] = [];
  let mod: {
    mail: typeof Outbox;
    transport: typeof Transport;
    unsubscribe: typeof Unsubscribe;
    subscriptionEmails: typeof SubscriptionEmails;
    background: typeof Background;
    newsletterAdmin: typeof NewsletterAdmin;
  };

  const get = (route: RouteModule, url: string, cookie?: string) =>
    answer(() => route.loader!({ request: new Request(`${ORIGIN}${url}`, { headers: { 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}) } }), params: {}, context: {} }));
  /** A POST as a mail provider makes it (RFC 8058): the one field, form-encoded, no cookie, no Origin. */
  const post = (route: RouteModule, url: string, form: Record<string, string> = { 'List-Unsubscribe': 'One-Click' }, cookie?: string) =>
    answer(() =>
      route.action!({
        request: new Request(`${ORIGIN}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp(), ...(cookie ? { cookie, origin: ORIGIN } : {}) },
          body: new URLSearchParams(form).toString(),
        }),
        params: {},
        context: {},
      }),
    );
  /** The path and query of a link the store wrote (the routes get them under the test origin). */
  const pathOf = (url: string) => url.slice(publicUrl.length);
  const outbox = (kind: string) => db.select().from(t.emailOutbox).where(sql`${t.emailOutbox.kind} = ${kind}`).orderBy(t.emailOutbox.createdAt);
  const newsletterRows = () => db.select().from(t.newsletterSubscriptions).orderBy(t.newsletterSubscriptions.email);
  const notificationsOn = async () =>
    (await db.select().from(t.userPreferences).where(sql`${t.userPreferences.userId} = ${customer.id}`))[0]?.receiveNotifications ?? true;

  it('opens the app database and signs a customer in', async () => {
    const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
    delete g.__clarearDb;
    delete g.__clarearAuth;
    vi.resetModules();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-unsubscribe-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    delete process.env.DATABASE_URL;
    setTestAdminEnv();
    // PGlite: a copy of the run's migrated template (tests/support/pglite-template.ts), not initdb and every migration again.
    if (engineName === 'pglite') pgliteFromTemplate(dataDir);
    let dropDatabase = async () => {};
    if (engineName === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clarear_unsub');
      process.env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { getEnv } = await import('~/server/infra/env.server');
    t = await import('~/db/schema');
    db = await getDb();
    publicUrl = getEnv().publicUrl;
    mod = {
      mail: await import('~/server/mail/outbox.server'),
      transport: await import('~/server/mail/transport.server'),
      unsubscribe: await import('~/server/mail/unsubscribe.server'),
      subscriptionEmails: await import('~/server/subscriptions/emails.server'),
      background: await import('~/server/infra/background.server'),
      newsletterAdmin: await import('~/server/newsletter/admin.server'),
    };
    mod.mail.setMailTransport(async (message) => {
      sent.push(message);
    });
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await mod.background.settleBackgroundTasks();
      mod.mail.setMailTransport(null);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const page = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextIp() } });
    const email = `cliente.${randomBytes(3).toString('hex')}@exemplo.com.br`;
    expect((await callAuth(page(), '/sign-up/email', { name: 'Rita Lopes', email, password: 'senha-segura-1' })).ok).toBe(true);
    await db.update(t.user).set({ emailVerified: true }).where(sql`${t.user.email} = ${email}`);
    const signedIn = await callAuth(page(), '/sign-in/email', { email, password: 'senha-segura-1' });
    if (!signedIn.ok) throw new Error('sign-in failed');
    const [row] = await db.select().from(t.user).where(sql`${t.user.email} = ${email}`);
    customer = { id: row!.id, email, cookie: signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
    m = {
      unsubscribe: (await import('~/routes/unsubscribe')) as unknown as RouteModule,
      newsletter: (await import('~/routes/newsletter')) as unknown as RouteModule,
      preferences: (await import('~/routes/customer/preferences')) as unknown as RouteModule,
    };
  }, 180_000);

  it('a newsletter sign-up queues the welcome e-mail with the link, the headers and a footer; an account e-mail has none', async () => {
    expect((await post(m.newsletter, '/newsletter', { email: 'Leitora@Exemplo.com.br', source: 'blog' })).status).toBe(200);
    const [welcome] = await outbox('newsletter-welcome');
    const [row] = await newsletterRows();
    expect(row).toMatchObject({ email: 'leitora@exemplo.com.br', source: 'blog' });
    const link = mod.unsubscribe.newsletterUnsubscribeLink(row!.id).url;
    expect(link).toMatch(new RegExp(`^${publicUrl}/descadastrar\\?t=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`));
    expect(welcome).toMatchObject({ toAddress: 'leitora@exemplo.com.br', listUnsubscribe: link });
    expect(welcome!.textBody).toContain(`Para não receber mais, descadastre-se: ${link}`);
    // The HTML part as the mail worker lays it out when it sends.
    const welcomeHtml = await mod.mail.outboxHtml(welcome!);
    expect(welcomeHtml).toContain(`href="${link}"`);
    expect(welcomeHtml).toContain('Descadastrar');
    expect(welcomeHtml).toContain('porque se inscreveu na newsletter');
    // A duplicate sign-up sends nothing more.
    expect((await post(m.newsletter, '/newsletter', { email: 'LEITORA@exemplo.com.br' })).status).toBe(409);
    expect(await outbox('newsletter-welcome')).toHaveLength(1);

    const [confirmation] = await outbox('account-confirmation');
    expect(confirmation).toBeDefined();
    expect(confirmation!.listUnsubscribe).toBeNull();
    expect(confirmation!.textBody).not.toContain('descadastr');
    expect(await mod.mail.outboxHtml(confirmation!)).not.toContain('Descadastrar');
  });

  it('the headers leave with the e-mail: to SMTP through the transport, and in the outbox JSON file', async () => {
    await mod.background.settleBackgroundTasks();
    await mod.mail.deliverDueMail(db);
    const [welcome] = await outbox('newsletter-welcome');
    expect(welcome!.status).toBe('sent');
    expect(sent.find((s) => s.subject === welcome!.subject)?.listUnsubscribe).toBe(welcome!.listUnsubscribe);
    expect(sent.find((s) => s.to === customer.email)).toMatchObject({ subject: expect.stringContaining('confirme'), listUnsubscribe: undefined });
    expect(sent.filter((s) => s.listUnsubscribe).map((s) => s.to)).toEqual(['leitora@exemplo.com.br']);

    await mod.transport.deliverMessage({ to: 'x@exemplo.com.br', subject: 'Com cabeçalhos', text: 'oi', listUnsubscribe: welcome!.listUnsubscribe! });
    await mod.transport.deliverMessage({ to: 'x@exemplo.com.br', subject: 'Sem cabeçalhos', text: 'oi' });
    const files = readdirSync(path.join(dataDir, 'outbox')).map((f) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as { subject: string; headers?: Record<string, string> });
    expect(files.find((f) => f.subject === 'Com cabeçalhos')!.headers).toEqual({
      'List-Unsubscribe': `<${welcome!.listUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(files.find((f) => f.subject === 'Sem cabeçalhos')!.headers).toBeUndefined();
  });

  it('GET shows the address and a button, and unsubscribes nobody (mail scanners open links)', async () => {
    const [row] = await newsletterRows();
    const url = pathOf(mod.unsubscribe.newsletterUnsubscribeLink(row!.id).url);
    for (let i = 0; i < 2; i++) {
      expect(await get(m.unsubscribe, url)).toEqual({ status: 200, data: { status: 'ready', list: 'newsletter', email: 'leitora@exemplo.com.br', receiving: true } });
    }
    expect(await newsletterRows()).toHaveLength(1);
  });

  it("the admin's CSV export gives each sign-up its own link (a newsletter sent from a mailing tool needs one too)", async () => {
    const [row] = await newsletterRows();
    expect(await mod.newsletterAdmin.exportNewsletterSubscribers(db)).toEqual([
      expect.objectContaining({ email: 'leitora@exemplo.com.br', unsubscribeUrl: mod.unsubscribe.newsletterUnsubscribeLink(row!.id).url }),
    ]);
  });

  it('a forged, altered or missing token is a 400 with a pt-BR message, and changes nothing', async () => {
    const [row] = await newsletterRows();
    const token = new URL(mod.unsubscribe.newsletterUnsubscribeLink(row!.id).url).searchParams.get('t')!;
    const [payload, sig] = token.split('.') as [string, string];
    const forged = [
      `${payload}.${sig.slice(0, 5)}${sig[5] === 'x' ? 'y' : 'x'}${sig.slice(6)}`,
      `${Buffer.from(`notifications:${customer.id}`).toString('base64url')}.${sig}`,
      payload,
      'a'.repeat(400),
    ];
    for (const url of [...forged.map((f) => `/descadastrar?t=${encodeURIComponent(f)}`), '/descadastrar', '/descadastrar?t=']) {
      for (const reply of [await get(m.unsubscribe, url), await post(m.unsubscribe, url)]) {
        expect(reply.status, url).toBe(400);
        expect(reply.data).toEqual({ status: 'invalid', message: 'Este link de descadastro não é válido. Confira se o endereço foi copiado inteiro.' });
      }
    }
    expect(await newsletterRows()).toHaveLength(1);
    expect(await notificationsOn()).toBe(true);
  });

  it("a mail provider's one-click POST (no cookie, no Origin) leaves the newsletter; twice answers the same and changes nothing more", async () => {
    const [row] = await newsletterRows();
    const url = pathOf(mod.unsubscribe.newsletterUnsubscribeLink(row!.id).url);
    await post(m.newsletter, '/newsletter', { email: 'outra@exemplo.com.br' });
    const done = { status: 200, data: { status: 'done', list: 'newsletter' } };
    expect(await post(m.unsubscribe, url)).toEqual(done);
    expect((await newsletterRows()).map((r) => r.email)).toEqual(['outra@exemplo.com.br']);
    // The page's button posts the same field; an empty body is accepted too (the token is the authorization).
    expect(await post(m.unsubscribe, url)).toEqual(done);
    expect(await post(m.unsubscribe, url, {})).toEqual(done);
    expect((await newsletterRows()).map((r) => r.email)).toEqual(['outra@exemplo.com.br']);
    // Afterwards the page says so, without a button.
    expect((await get(m.unsubscribe, url)).data).toMatchObject({ status: 'ready', receiving: false, email: null });
    // Once and for all: signing up again is a new row the old link does not reach.
    await post(m.newsletter, '/newsletter', { email: 'leitora@exemplo.com.br' });
    expect(await post(m.unsubscribe, url)).toEqual(done);
    expect((await newsletterRows()).map((r) => r.email)).toEqual(['leitora@exemplo.com.br', 'outra@exemplo.com.br']);
  });

  it('reminders carry the notifications link, money e-mails do not; after the one-click POST (twice at once) reminders are skipped', async () => {
    const emails = mod.subscriptionEmails;
    expect(await emails.queueSubscriptionEmail(db, customer.id, { kind: 'plan-reminder', date: '2026-12-10', amount: '89.90', method: 'pix' }, 'reminder-1')).toBe(true);
    expect(await emails.queueSubscriptionEmail(db, customer.id, { kind: 'plan-renewed', orderId: '7d1f0a52-3c1e-4f7a-9a55-0c7f2b8f1e21', amount: '89.90', next: '2027-01-10' }, 'renewed-1')).toBe(true);
    const link = mod.unsubscribe.notificationsUnsubscribeLink(customer.id).url;
    const [reminder] = await outbox('plan-reminder');
    const [renewed] = await outbox('plan-renewed');
    expect(reminder).toMatchObject({ toAddress: customer.email, listUnsubscribe: link });
    expect(reminder!.textBody).toContain(link);
    expect(await mod.mail.outboxHtml(reminder!)).toContain('notificações por e-mail estão ligadas');
    expect(renewed!.listUnsubscribe).toBeNull();
    expect(await mod.mail.outboxHtml(renewed!)).not.toContain('Descadastrar');

    const url = pathOf(link);
    expect((await get(m.unsubscribe, url)).data).toEqual({ status: 'ready', list: 'notifications', email: customer.email, receiving: true });
    expect(await notificationsOn()).toBe(true);
    const done = { status: 200, data: { status: 'done', list: 'notifications' } };
    expect(await Promise.all([post(m.unsubscribe, url), post(m.unsubscribe, url)])).toEqual([done, done]);
    expect(await notificationsOn()).toBe(false);
    const [prefs] = await db.select().from(t.userPreferences).where(sql`${t.userPreferences.userId} = ${customer.id}`);
    expect(await post(m.unsubscribe, url)).toEqual(done);
    const [again] = await db.select().from(t.userPreferences).where(sql`${t.userPreferences.userId} = ${customer.id}`);
    expect(again).toEqual(prefs);

    expect(await emails.queueSubscriptionEmail(db, customer.id, { kind: 'plan-reminder', date: '2027-01-10', amount: '89.90', method: 'pix' }, 'reminder-2')).toBe(false);
    expect(await emails.queueSubscriptionEmail(db, customer.id, { kind: 'delivery-reminder', date: '2027-01-10', items: ['Detergente'] }, 'reminder-3')).toBe(false);
    expect(await emails.queueSubscriptionEmail(db, customer.id, { kind: 'plan-renewed', orderId: '7d1f0a52-3c1e-4f7a-9a55-0c7f2b8f1e21', amount: '89.90', next: '2027-02-10' }, 'renewed-2')).toBe(true);
    expect(await outbox('plan-reminder')).toHaveLength(1);
  });

  it('Preferências: the newsletter switch shows the state and puts the account e-mail on and off the list', async () => {
    const state = async () => ((await get(m.preferences, '/area-cliente/preferencias', customer.cookie)).data as { newsletter: boolean }).newsletter;
    const toggle = (value: 'true' | 'false') => post(m.preferences, '/area-cliente/preferencias', { name: 'newsletter', value }, customer.cookie);
    const mine = async () => (await newsletterRows()).filter((r) => r.email === customer.email);
    expect(await state()).toBe(false);
    expect(await toggle('true')).toEqual({ status: 200, data: { ok: true } });
    expect(await toggle('true')).toEqual({ status: 200, data: { ok: true } });
    expect(await mine()).toEqual([expect.objectContaining({ source: 'preferences' })]);
    expect(await state()).toBe(true);
    expect((await outbox('newsletter-welcome')).filter((e) => e.toAddress === customer.email)).toHaveLength(1);
    expect(await toggle('false')).toEqual({ status: 200, data: { ok: true } });
    expect(await toggle('false')).toEqual({ status: 200, data: { ok: true } });
    expect(await mine()).toEqual([]);
    expect(await state()).toBe(false);
    // Another address's sign-up is untouched; an anonymous post is sent to the login.
    expect((await newsletterRows()).map((r) => r.email)).toEqual(['leitora@exemplo.com.br', 'outra@exemplo.com.br']);
    expect((await post(m.preferences, '/area-cliente/preferencias', { name: 'newsletter', value: 'true' })).status).toBe(302);
    expect(await mine()).toEqual([]);
  });
});
