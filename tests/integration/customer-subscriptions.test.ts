// The customer's subscriptions tab and site preferences (SPEC §4, §7), on every engine.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { getOrCreatePreferences, savePreferences } from '~/server/preferences.server';
import { cancelOwnSubscription, changeOwnPlan, isSubscriber, listActiveSubscriptions } from '~/server/subscriptions/subscriptions.server';
import { engines } from './engines';

describe.each(engines)('customer subscriptions and preferences on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let n = 0;

  async function newCustomer() {
    n += 1;
    const id = `cliente-${n}-${randomUUID().slice(0, 6)}`;
    await handle.db.insert(t.user).values({ id, name: `Cliente ${n}`, email: `${id}@exemplo.com.br` });
    return id;
  }

  async function insertSubscription(userId: string, values: Partial<typeof t.userSubscriptions.$inferInsert> = {}) {
    const [row] = await handle.db
      .insert(t.userSubscriptions)
      .values({ userId, frequency: 'monthly', status: 'active', nextDeliveryDate: '2026-02-10', totalValue: '49.90', ...values })
      .returning();
    return row!;
  }

  const byId = async (id: string) => (await handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.id, id)))[0]!;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('lists only the active subscriptions of the user, newest first', async () => {
    const userId = await newCustomer();
    const other = await newCustomer();
    // Older ones were cancelled (the one-live index allows any number of them).
    const oldest = await insertSubscription(userId, { status: 'cancelled', createdAt: new Date('2025-01-01T12:00:00Z') });
    await insertSubscription(userId, { status: 'cancelled', createdAt: new Date('2025-06-01T12:00:00Z') });
    const live = await insertSubscription(userId, { frequency: 'semiannual', totalValue: '249.50', createdAt: new Date('2026-01-10T12:00:00Z') });
    await insertSubscription(other);

    const list = await listActiveSubscriptions(handle.db, userId);
    expect(list).toEqual([
      {
        id: live.id,
        frequency: 'semiannual',
        status: 'active',
        nextDeliveryDate: '2026-02-10',
        totalValue: '249.50',
        createdAt: '2026-01-10T12:00:00.000Z',
      },
    ]);
    expect(list.map((s) => s.id)).not.toContain(oldest.id);
    expect(await listActiveSubscriptions(handle.db, await newCustomer())).toEqual([]);
  });

  it('does not list a paused subscription, which still makes the user a subscriber', async () => {
    // (The one-live index keeps a customer to one active row, so newest-first only matters across history.)
    const a = await newCustomer();
    await insertSubscription(a, { status: 'paused' });
    expect(await listActiveSubscriptions(handle.db, a)).toEqual([]);
    expect(await isSubscriber(handle.db, a)).toBe(true);
  });

  it('changes the plan: frequency, price, next date from today and updated_at; the subscription stays active', async () => {
    const userId = await newCustomer();
    const sub = await insertSubscription(userId, { updatedAt: new Date('2025-01-01T00:00:00Z') });
    expect(await changeOwnPlan(handle.db, userId, sub.id, 'annual', '2026-01-31')).toBe(true);
    const row = await byId(sub.id);
    expect(row).toMatchObject({ frequency: 'annual', totalValue: '538.90', nextDeliveryDate: '2027-01-31', status: 'active' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(new Date('2025-01-01T00:00:00Z').getTime());
    expect(row.createdAt.getTime()).toBe(sub.createdAt.getTime());

    expect(await changeOwnPlan(handle.db, userId, sub.id, 'semiannual', '2026-08-31')).toBe(true);
    expect(await byId(sub.id)).toMatchObject({ frequency: 'semiannual', totalValue: '249.50', nextDeliveryDate: '2027-02-28' });
  });

  it('cancels: the record is kept with status cancelled and leaves the list; a new subscription is then allowed', async () => {
    const userId = await newCustomer();
    const sub = await insertSubscription(userId);
    expect(await cancelOwnSubscription(handle.db, userId, sub.id)).toBe(true);
    const row = await byId(sub.id);
    expect(row.status).toBe('cancelled');
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(sub.updatedAt.getTime());
    expect(await listActiveSubscriptions(handle.db, userId)).toEqual([]);
    expect(await isSubscriber(handle.db, userId)).toBe(false);
    // Cancelling again or changing a cancelled one finds nothing.
    expect(await cancelOwnSubscription(handle.db, userId, sub.id)).toBe(false);
    expect(await changeOwnPlan(handle.db, userId, sub.id, 'annual')).toBe(false);
    expect((await byId(sub.id)).frequency).toBe('monthly');
    await insertSubscription(userId);
    expect(await listActiveSubscriptions(handle.db, userId)).toHaveLength(1);
  });

  it("another user's subscription id changes nothing", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const sub = await insertSubscription(owner);
    const before = await byId(sub.id);
    expect(await changeOwnPlan(handle.db, intruder, sub.id, 'annual')).toBe(false);
    expect(await cancelOwnSubscription(handle.db, intruder, sub.id)).toBe(false);
    expect(await changeOwnPlan(handle.db, intruder, randomUUID(), 'annual')).toBe(false);
    expect(await byId(sub.id)).toEqual(before);
  });

  it('creates missing preferences from the defaults with the browser theme, then upserts on user_id', async () => {
    const userId = await newCustomer();
    expect(await getOrCreatePreferences(handle.db, userId, 'dark')).toEqual({
      hideChatbot: false,
      hideWhatsapp: false,
      theme: 'dark',
      receiveNotifications: true,
    });
    // Without a browser theme: light.
    const plain = await newCustomer();
    expect((await getOrCreatePreferences(handle.db, plain, null)).theme).toBe('light');
    // An existing row is read as it is; the browser theme no longer matters.
    expect((await getOrCreatePreferences(handle.db, userId, 'light')).theme).toBe('dark');

    await savePreferences(handle.db, userId, { hideChatbot: true });
    await savePreferences(handle.db, userId, { theme: 'light' });
    expect(await savePreferences(handle.db, userId, { receiveNotifications: false })).toEqual({
      hideChatbot: true,
      hideWhatsapp: false,
      theme: 'light',
      receiveNotifications: false,
    });
    // savePreferences also creates the row when none exists.
    const fresh = await newCustomer();
    expect(await savePreferences(handle.db, fresh, { hideWhatsapp: true })).toMatchObject({ hideWhatsapp: true, theme: 'light' });
    const [counted] = (
      await handle.db.execute(sql`select count(*)::int as count from user_preferences where user_id in (${userId}, ${fresh})`)
    ).rows as { count: number }[];
    expect(counted?.count).toBe(2);
  });
});
