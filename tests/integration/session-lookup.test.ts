// The signed-in lookup every page makes (auth/session.server.ts): one statement reads the session,
// its user, preferences and subscriber standing, and it answers only when Better Auth would answer
// the same without writing; a forged cookie, an expired session and one due for its sliding
// refresh go to Better Auth, which refuses, deletes or extends them as before. Both engines.
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Schema from '~/db/schema';
import type { getAuth } from '~/server/auth/auth.server';
import type * as SessionModule from '~/server/auth/session.server';
import type { getDb } from '~/server/infra/db.server';
import { addMonths, todayInBrazil } from '~/lib/plans';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(engines)('session lookup on $name', ({ name }) => {
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  let m: {
    t: typeof Schema;
    db: Awaited<ReturnType<typeof getDb>>;
    session: typeof SessionModule;
    auth: Awaited<ReturnType<typeof getAuth>>;
    close: () => Promise<void>;
  };
  let cookie: string;
  let adminId: string;

  const get = (cookieHeader = cookie) => new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader } });
  const sessionRow = async () => {
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const [row] = await m.db.select().from(m.t.session).where(eq(m.t.session.token, token));
    return row;
  };

  beforeAll(async () => {
    ({ dataDir, dropDatabase } = await prepareFreshApp(name, 'clarear-session-', 'perf_render_session'));
    const t = await import('~/db/schema');
    const { getDatabaseHandle, getDb: openDb } = await import('~/server/infra/db.server');
    const { callAuth, getAuth: auth } = await import('~/server/auth/auth.server');
    const session = await import('~/server/auth/session.server');
    await getDatabaseHandle();
    const db = await openDb();
    m = { t, db, session, auth: await auth(), close: async () => (await getDatabaseHandle()).close() };
    const result = await callAuth(
      new Request(`${ORIGIN}/login`, { method: 'POST', headers: { 'x-forwarded-for': '10.1.0.1', origin: ORIGIN } }),
      '/sign-in/email',
      { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    );
    if (!result.ok) throw new Error('sign-in failed');
    cookie = result.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => c!.startsWith('clarear.session_token='))
      .join('; ');
    const [admin] = await db.select({ id: t.user.id }).from(t.user).where(eq(t.user.email, TEST_ADMIN.email));
    adminId = admin!.id;
  });
  afterAll(async () => {
    await m?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the user, their preferences and standing with the session, as Better Auth sees the user', async () => {
    const details = await m.session.getSessionDetails(get());
    const better = await m.auth.api.getSession({ headers: get().headers });
    expect(details?.user).toEqual({ id: better!.user.id, name: better!.user.name, email: better!.user.email, role: 'admin' });
    // No preferences row yet (the root loader makes it), no subscription.
    expect(details?.extra).toEqual({ taxId: null, preferences: null, standing: { hasSubscription: false, isSubscriber: false } });

    await m.db.insert(m.t.userPreferences).values({ userId: adminId, theme: 'dark', hideChatbot: true });
    await m.db.update(m.t.user).set({ taxId: '52998224725' }).where(eq(m.t.user.id, adminId));
    await m.db.insert(m.t.userSubscriptions).values({
      userId: adminId,
      status: 'paused',
      pausedReason: 'customer',
      resumeOn: '2026-08-10',
      frequency: 'monthly',
      nextDeliveryDate: '2026-06-10',
      totalValue: '49.90',
      anchorDate: '2026-05-10',
      // Paid through a month from today: the pause is inside the paid period.
      paidThrough: addMonths(todayInBrazil(), 1),
    });
    expect((await m.session.getSessionDetails(get()))?.extra).toEqual({
      taxId: '52998224725',
      preferences: { theme: 'dark', hideChatbot: true, hideWhatsapp: false, receiveNotifications: true, cartReminders: false },
      standing: { hasSubscription: true, isSubscriber: true },
    });
    // The paid period ends today (paid_through is its exclusive end): the plan stays theirs, the 10% stops (issue 30).
    await m.db.update(m.t.userSubscriptions).set({ paidThrough: todayInBrazil() }).where(eq(m.t.userSubscriptions.userId, adminId));
    expect((await m.session.getSessionDetails(get()))?.extra?.standing).toEqual({ hasSubscription: true, isSubscriber: false });
    await m.db.update(m.t.userSubscriptions).set({ paidThrough: addMonths(todayInBrazil(), 1) }).where(eq(m.t.userSubscriptions.userId, adminId));
    // Paused for an unpaid renewal: still a plan (no second one), no discount (as subscriberStanding).
    await m.db.update(m.t.userSubscriptions).set({ pausedReason: 'payment_failed', resumeOn: null }).where(eq(m.t.userSubscriptions.userId, adminId));
    expect((await m.session.getSessionDetails(get()))?.extra?.standing).toEqual({ hasSubscription: true, isSubscriber: false });
  });

  it('refuses a token whose signature does not check out, and a cookie sent twice', async () => {
    const [name_, value] = cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.');
    expect(await m.session.getSessionUser(get(`${name_}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`))).toBeNull();
    expect(await m.session.getSessionUser(get(`${name_}=${token}`))).toBeNull();
    const secret = (await m.auth.$context).secret;
    expect(m.session.signedToken(cookie, name_, secret)).toBe(token);
    expect(m.session.signedToken(`${cookie}; ${cookie}`, name_, secret)).toBeNull();
    expect(m.session.signedToken(cookie, name_, `${secret}x`)).toBeNull();
  });

  it('leaves a session due for its refresh to Better Auth, which extends it', async () => {
    const { expiresIn, updateAge } = (await m.auth.$context).sessionConfig;
    // Last refreshed just over updateAge ago.
    const stale = new Date(Date.now() + expiresIn * 1000 - updateAge * 1000 - 60_000);
    await m.db.update(m.t.session).set({ expiresAt: stale }).where(eq(m.t.session.id, (await sessionRow())!.id));
    const details = await m.session.getSessionDetails(get());
    expect(details?.user.id).toBe(adminId);
    expect(details?.extra).toBeNull();
    expect((await sessionRow())!.expiresAt.getTime()).toBeGreaterThan(Date.now() + expiresIn * 1000 - DAY_MS / 24);
    // Refreshed: the next lookup is the one statement again.
    expect((await m.session.getSessionDetails(get()))?.extra).not.toBeNull();
  });

  it('a signed token whose session was deleted (signed out, blocked) is no one', async () => {
    const row = (await sessionRow())!;
    await m.db.delete(m.t.session).where(eq(m.t.session.id, row.id));
    expect(await m.session.getSessionDetails(get())).toBeNull();
    await m.db.insert(m.t.session).values(row);
    expect((await m.session.getSessionDetails(get()))?.user.id).toBe(adminId);
  });

  it('an expired session is no one, and Better Auth deletes it', async () => {
    await m.db.update(m.t.session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(m.t.session.id, (await sessionRow())!.id));
    expect(await m.session.getSessionDetails(get())).toBeNull();
    expect(await sessionRow()).toBeUndefined();
  });
});
