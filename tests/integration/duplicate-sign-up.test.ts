// Someone signs up with the e-mail of an existing account (issue 11). What the person
// (or attacker) at the form sees must be exactly a new sign-up's answer; only the
// address's owner hears of it, by one e-mail per cooldown, and nothing in the account
// changes. Runs the app's own database, auth and mailer modules on each engine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as AuthModule from '~/server/auth/auth.server';
import type * as BackgroundModule from '~/server/infra/background.server';
import type * as TransportModule from '~/server/mail/transport.server';
import type { MailMessage } from '~/server/mail/transport.server';
import type * as ThrottleModule from '~/server/mail/throttle.server';
import type * as OutboxModule from '~/server/mail/outbox.server';
import type * as ClockModule from '~/lib/clock';
import { createScratchDatabase, engines } from '../support/engines';
import { pgliteFromTemplate } from '../support/fresh-app';

// The store's public URL. Requests reach the app on another host (a proxy, an internal
// address): e-mail links must follow the configuration, never the request.
const PUBLIC_URL = 'http://loja.clarear.test';
const INTERNAL = 'http://10.9.9.9:3000';

type Mail = MailMessage & { sentAt: string };
type Answer = { status: number; headers: Headers; text: string; json: Record<string, unknown> };

// The mailer, wrapped so a test can hold every send until it lets go, or make the next one fail.
const mailer = {
  gate: null as Promise<void> | null,
  failNext: false,
  attempts: [] as MailMessage[],
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(engines.map((e, i) => [e.name, i] as const))('duplicate sign-up on %s', (engineName, engineIndex) => {
  let app: {
    handleAuthRequest: typeof AuthModule.handleAuthRequest;
    callAuth: typeof AuthModule.callAuth;
    getAuth: typeof AuthModule.getAuth;
    cooldown: number;
    settle: typeof BackgroundModule.settleBackgroundTasks;
    backgroundTaskCount: typeof BackgroundModule.backgroundTaskCount;
    claimMailSlot: typeof ThrottleModule.claimMailSlot;
    deliverDueMail: typeof OutboxModule.deliverDueMail;
    clock: typeof ClockModule;
    db: Database;
    schema: typeof Schema;
    loginAction: (args: unknown) => Promise<unknown>;
  };
  let dataDir: string;

  beforeAll(async () => {
    // A fresh app (database, auth) per engine: reset the process-wide singletons and module cache.
    const g = globalThis as { __clarearDb?: unknown; __clarearAuth?: unknown };
    delete g.__clarearDb;
    delete g.__clarearAuth;
    vi.resetModules();
    // The transport is where an e-mail leaves (SMTP or the outbox files); the queue in front of it is real.
    vi.doMock('~/server/mail/transport.server', async (importOriginal) => {
      const real = await importOriginal<typeof TransportModule>();
      return {
        ...real,
        deliverMessage: async (message: MailMessage) => {
          mailer.attempts.push(message);
          if (mailer.gate) await mailer.gate;
          if (mailer.failNext) {
            mailer.failNext = false;
            throw new Error('SMTP fora do ar (teste)');
          }
          await real.deliverMessage(message);
        },
      };
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'clarear-dup-'));
    process.env.DATA_DIR = dataDir;
    process.env.BETTER_AUTH_URL = PUBLIC_URL;
    process.env.AUTH_RATE_LIMIT_MAX = '3';
    delete process.env.SMTP_URL;
    delete process.env.DATABASE_URL;
    let dropDatabase = async () => {};
    if (engineName === 'pglite') pgliteFromTemplate(dataDir);
    if (engineName === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'clarear_dup');
      process.env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
    const auth = await import('~/server/auth/auth.server');
    const background = await import('~/server/infra/background.server');
    const { getDatabaseHandle } = await import('~/server/infra/db.server');
    const handle = await getDatabaseHandle();
    await auth.getAuth();
    app = {
      handleAuthRequest: auth.handleAuthRequest,
      callAuth: auth.callAuth,
      getAuth: auth.getAuth,
      cooldown: auth.DUPLICATE_SIGN_UP_COOLDOWN_MINUTES,
      settle: background.settleBackgroundTasks,
      backgroundTaskCount: background.backgroundTaskCount,
      claimMailSlot: (await import('~/server/mail/throttle.server')).claimMailSlot,
      deliverDueMail: (await import('~/server/mail/outbox.server')).deliverDueMail,
      clock: await import('~/lib/clock'),
      db: handle.db,
      schema: await import('~/db/schema'),
      loginAction: (await import('~/routes/login')).action as (args: unknown) => Promise<unknown>,
    };
    cleanups.push(async () => {
      await background.settleBackgroundTasks();
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      delete process.env.BETTER_AUTH_URL;
    });
  });

  // Every request from its own address: the per-IP rate limit is not what these tests are about.
  let requests = 0;
  const nextIp = () => {
    requests += 1;
    return `10.${100 + engineIndex}.${Math.floor(requests / 250)}.${(requests % 250) + 1}`;
  };
  const uniqueEmail = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@exemplo.com.br`;
  const headers = () => ({ 'content-type': 'application/json', origin: PUBLIC_URL, 'x-forwarded-for': nextIp() });

  async function signUp(body: { name: string; email: string; password: string }): Promise<Answer> {
    const response = await app.handleAuthRequest(
      new Request(`${INTERNAL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ ...body, callbackURL: '/login?verificado=1' }),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Record<string, unknown> };
  }

  async function signIn(email: string, password: string) {
    const page = new Request(`${INTERNAL}/login`, { method: 'POST', headers: { origin: PUBLIC_URL, 'x-forwarded-for': nextIp() } });
    return app.callAuth(page, '/sign-in/email', { email, password });
  }

  /** A confirmed account, as a customer who signed up and clicked the link has. */
  async function existingAccount(name: string) {
    const owner = { name, email: uniqueEmail('dona'), password: 'senha-da-dona-1' };
    expect((await signUp(owner)).status).toBe(200);
    await app.db.update(app.schema.user).set({ emailVerified: true }).where(eq(app.schema.user.email, owner.email));
    await app.settle();
    return owner;
  }

  function outbox(to: string, subject?: string): Mail[] {
    const dir = path.join(dataDir, 'outbox');
    const files = (() => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    })();
    return files
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
      .filter((m) => m.to === to && (!subject || m.subject.includes(subject)))
      .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  }
  const attemptMails = (to: string) => outbox(to, 'tentativa de cadastro');
  const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

  /**
   * What an answer shows once the parts that differ between any two sign-ups (id, the
   * moment, the typed name and e-mail) are checked and replaced by placeholders; key
   * order kept, so the body compares as the bytes a client reads.
   */
  function visible(answer: Answer, typed: { name: string; email: string }, window: { from: number; to: number }) {
    const user = answer.json.user as Record<string, unknown>;
    expect(user.name).toBe(typed.name);
    expect(user.email).toBe(typed.email.toLowerCase());
    expect(user.id).toMatch(/^[A-Za-z0-9]{32}$/);
    for (const key of ['createdAt', 'updatedAt'] as const) {
      // "Created" now, by this request: never the existing account's date.
      expect(user[key]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const at = Date.parse(String(user[key]));
      expect(at, key).toBeGreaterThanOrEqual(window.from);
      expect(at, key).toBeLessThanOrEqual(window.to);
    }
    const placeholders = { id: 'ID', name: 'NOME', email: 'E-MAIL', createdAt: 'AGORA', updatedAt: 'AGORA' };
    const body = JSON.stringify({ ...answer.json, user: Object.fromEntries(Object.entries(user).map(([k, v]) => [k, k in placeholders ? placeholders[k as keyof typeof placeholders] : v])) });
    expect(Number(answer.headers.get('content-length') ?? answer.text.length)).toBe(Buffer.byteLength(answer.text));
    return {
      status: answer.status,
      headers: [...answer.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'date'),
      setCookie: answer.headers.getSetCookie(),
      body,
    };
  }

  async function timed(run: () => Promise<Answer>) {
    const from = Date.now();
    const answer = await run();
    return { answer, window: { from, to: Date.now() } };
  }

  it('answers a sign-up with an existing e-mail exactly as a new sign-up: status, headers, cookies, JSON', async () => {
    const owner = await existingAccount('Ana Beatriz Lopes');
    const fresh = { name: 'Bruno Teles', email: uniqueEmail('novo'), password: 'outra-senha-22' };
    const attempt = { name: 'Bruno Teles', email: owner.email, password: 'outra-senha-22' };

    const a = await timed(() => signUp(fresh));
    const b = await timed(() => signUp(attempt));
    const newOne = visible(a.answer, fresh, a.window);
    const duplicate = visible(b.answer, attempt, b.window);
    expect(newOne.status).toBe(200);
    expect(duplicate).toEqual(newOne);
    expect(JSON.parse(newOne.body)).toMatchObject({ token: null, user: { emailVerified: false, role: 'customer' } });

    // Only the new sign-up made an account.
    const rows = await app.db.select().from(app.schema.user).where(eq(app.schema.user.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ana Beatriz Lopes', emailVerified: true });
  });

  it('tells the owner by one e-mail with links on the public URL; the typed password changes nothing', async () => {
    const owner = await existingAccount('Carla Dias');
    const typed = { name: 'Invasor Qualquer', email: owner.email.toUpperCase(), password: 'senha-do-invasor-9' };
    expect((await signUp(typed)).status).toBe(200);
    await app.settle();

    const mails = attemptMails(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Clarear: tentativa de cadastro com seu e-mail');
    expect(mail!.text.split('\n')[0]).toBe('Olá, Carla Dias!');
    expect(links(mail!.text)).toEqual([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/esqueci-senha`]);
    expect(mail!.text).not.toContain(typed.password);
    expect(mail!.text).not.toContain(typed.name);
    expect(mail!.text).not.toContain('10.9.9.9');
    // No confirmation e-mail for a confirmed account, and nothing to the typed name.
    expect(outbox(owner.email).filter((m) => m.subject.includes('confirme'))).toHaveLength(1); // the owner's own sign-up

    // The account is untouched: the old password signs in, the typed one does not.
    expect((await signIn(owner.email, owner.password)).ok).toBe(true);
    expect(await signIn(owner.email, typed.password)).toMatchObject({ ok: false, status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    const [row] = await app.db.select().from(app.schema.user).where(eq(app.schema.user.email, owner.email));
    expect(row?.name).toBe('Carla Dias');
  });

  it(`sends nothing more within the cooldown, whatever the case of the address; again once it has passed`, async () => {
    const owner = await existingAccount('Davi Moreira');
    const again = (email: string) => signUp({ name: 'Outra Pessoa', email, password: 'qualquer-senha-1' });
    const key = `duplicate-sign-up:${owner.email}`;
    const age = (minutes: number) =>
      app.db
        .update(app.schema.mailThrottle)
        .set({ sentAt: sql`now() - make_interval(mins => ${minutes}::int)` })
        .where(eq(app.schema.mailThrottle.key, key));

    await again(owner.email);
    await app.settle();
    expect(attemptMails(owner.email)).toHaveLength(1);

    await again(owner.email);
    await again(owner.email.replace('dona', 'DONA'));
    await app.settle();
    expect(attemptMails(owner.email)).toHaveLength(1);

    await age(app.cooldown - 1);
    await again(owner.email);
    await app.settle();
    expect(attemptMails(owner.email)).toHaveLength(1);

    await age(app.cooldown + 1);
    await again(owner.email);
    await app.settle();
    expect(attemptMails(owner.email)).toHaveLength(2);
    expect(app.cooldown).toBe(15);
  });

  it('sends one e-mail for many concurrent attempts from many addresses', async () => {
    const owner = await existingAccount('Elisa Nunes');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signUp({ name: `Robô ${i}`, email: owner.email, password: `senha-robo-${i}00` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await app.settle();
    expect(attemptMails(owner.email)).toHaveLength(1);

    // The claim itself, raced directly: one winner.
    const key = `teste:${uniqueEmail('corrida')}`;
    const claims = await Promise.all(Array.from({ length: 20 }, () => app.claimMailSlot(key, 15)));
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
  });

  it('keeps e-mail off the response path: with a mailer that does not answer, both sign-ups answer; one hash each', async () => {
    const owner = await existingAccount('Fábio Ramos');
    const fresh = { name: 'Gabi Souza', email: uniqueEmail('novo'), password: 'senha-nova-333' };
    const context = await (await app.getAuth()).$context;
    const hash = vi.spyOn(context.password, 'hash');
    let letGo!: () => void;
    mailer.gate = new Promise((resolve) => (letGo = resolve));
    mailer.attempts = [];
    try {
      expect((await signUp(fresh)).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      hash.mockClear();
      expect((await signUp({ name: 'Gabi Souza', email: owner.email, password: 'senha-nova-333' })).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);

      // Both e-mails are queued and the mailer is holding the first one: the answers did not wait for it.
      await vi.waitFor(() => expect(mailer.attempts.length).toBeGreaterThan(0));
      const queued = await app.db
        .select({ to: app.schema.emailOutbox.toAddress })
        .from(app.schema.emailOutbox)
        .where(inArray(app.schema.emailOutbox.toAddress, [fresh.email, owner.email]));
      expect(queued.map((q) => q.to).sort()).toEqual([fresh.email, owner.email].sort());
      expect(app.backgroundTaskCount()).toBeGreaterThan(0);
      expect(outbox(fresh.email)).toHaveLength(0);
      expect(attemptMails(owner.email)).toHaveLength(0);
    } finally {
      letGo();
      mailer.gate = null;
      hash.mockRestore();
    }
    await app.settle();
    expect(app.backgroundTaskCount()).toBe(0);
    expect(outbox(fresh.email, 'confirme seu e-mail')).toHaveLength(1);
    expect(attemptMails(owner.email)).toHaveLength(1);
  });

  it("an SMTP failure loses nothing: the owner's warning is retried until it leaves, and the cooldown still holds", async () => {
    const owner = await existingAccount('Helena Prado');
    mailer.failNext = true;
    try {
      expect((await signUp({ name: 'X', email: owner.email, password: 'senha-qualquer-1' })).status).toBe(200);
      await app.settle();
      expect(mailer.failNext).toBe(false);
      expect(attemptMails(owner.email)).toHaveLength(0);
      // Still queued, due again a minute later.
      app.clock.advanceClock(2 * 60_000);
      await app.deliverDueMail(app.db);
      expect(attemptMails(owner.email)).toHaveLength(1);
      // A new attempt within the cooldown sends nothing more.
      await signUp({ name: 'X', email: owner.email, password: 'senha-qualquer-1' });
      await app.settle();
      expect(attemptMails(owner.email)).toHaveLength(1);
    } finally {
      app.clock.resetClock();
    }
  });

  it('sends an account never confirmed a fresh confirmation link that works, for the password chosen back then', async () => {
    const owner = { name: 'Igor Batista', email: uniqueEmail('pendente'), password: 'senha-original-1' };
    expect((await signUp(owner)).status).toBe(200);
    await app.settle();
    const typed = { name: 'Igor B.', email: owner.email, password: 'senha-digitada-2' };
    expect((await signUp(typed)).status).toBe(200);
    await app.settle();

    const [mail] = attemptMails(owner.email);
    expect(mail?.text).toContain('que ainda não foi confirmado');
    const [confirm, login, reset] = links(mail!.text);
    expect([login, reset]).toEqual([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/esqueci-senha`]);
    expect(confirm!.startsWith(`${PUBLIC_URL}/api/auth/verify-email?token=`)).toBe(true);

    const url = new URL(confirm!);
    const answer = await app.handleAuthRequest(new Request(`${INTERNAL}${url.pathname}${url.search}`, { headers: { 'x-forwarded-for': nextIp() } }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/login?verificado=1');
    const [row] = await app.db.select().from(app.schema.user).where(eq(app.schema.user.email, owner.email));
    expect(row).toMatchObject({ emailVerified: true, name: 'Igor Batista' });
    expect((await signIn(owner.email, owner.password)).ok).toBe(true);
    expect((await signIn(owner.email, typed.password)).ok).toBe(false);
  });

  it('shows the same page after the form: same redirect, same toast', async () => {
    const owner = await existingAccount('Joana Ribeiro');
    const submit = async (email: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ intent: 'register', name: 'Kelly Lima', email, password: 'senha-kelly-1', confirmPassword: 'senha-kelly-1', acceptTerms: 'on' })) {
        form.append(k, v);
      }
      const request = new Request(`${INTERNAL}/login`, { method: 'POST', headers: { origin: PUBLIC_URL, 'x-forwarded-for': nextIp() }, body: form });
      const response = (await app.loginAction({ request, params: {}, context: {} })) as Response;
      return {
        status: response.status,
        location: response.headers.get('location'),
        // The toast cookie's Expires is "now + 60 s": the only part that may differ.
        cookies: response.headers.getSetCookie().map((c) => c.replace(/; Expires=[^;]+/i, '')),
      };
    };
    const newOne = await submit(uniqueEmail('novo'));
    const duplicate = await submit(owner.email);
    expect(newOne).toMatchObject({ status: 302, location: '/login' });
    expect(newOne.cookies).toHaveLength(1);
    expect(duplicate).toEqual(newOne);
    await app.settle();
    expect(attemptMails(owner.email)).toHaveLength(1);
  });
});
