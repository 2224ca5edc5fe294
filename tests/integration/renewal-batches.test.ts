// The renewal job over many subscriptions at once (issue 17, goal 9: batches of subscriptions per
// transaction, two batch lanes, FOR UPDATE SKIP LOCKED), on both engines: concurrent runs renew
// each subscription exactly once with one order, line, attempt, history row and e-mail; a batch
// failing on one subscription renews the others; a crash mid-batch (between the gateway's answers
// and their recording) charges nothing twice and reconciliation records the charges made;
// reminders are queued once.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { MINUTE_MS, resetClock, setClock } from '~/lib/clock';
import { addDays } from '~/lib/subscription-schedule';
import { addMonths, todayInBrazil } from '~/lib/plans';
import { setMailTransport } from '~/server/mail/outbox.server';
import { reconcilePayments } from '~/server/flows/reconcile.server';
import { builtInProvider, setPaymentProvider, type ChargeRequest, type ChargeResult, type PaymentProvider } from '~/server/payments/provider.server';
import { RenewalCrash, renewalChargeKey, runSubscriptionRenewals } from '~/server/flows/renew.server';
import { engines } from '../support/engines';

/** A gateway double that answers a key seen before with its first answer, and counts its calls; found by key like a gateway's search. */
function gateway() {
  const charges = new Map<string, ChargeResult>();
  let calls = 0;
  const provider = {
    ...builtInProvider,
    name: 'gateway-lotes',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      calls += 1;
      const seen = charges.get(request.idempotencyKey);
      if (seen) return seen;
      const result = await builtInProvider.charge(request);
      charges.set(request.idempotencyKey, result);
      return result;
    },
    async findByKey(key: string) {
      const result = charges.get(key);
      if (!result?.approved) return null;
      return { reference: result.reference ?? key, externalReference: key, status: result.settled ? ('approved' as const) : ('pending' as const), amountCents: 4990, details: result.details };
    },
  } satisfies PaymentProvider;
  return { provider, charges, calls: () => calls };
}

describe.each(engines)('renewal batches on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const today = todayInBrazil();

  beforeAll(async () => {
    resetClock();
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async () => undefined);
  });
  afterAll(async () => {
    setMailTransport(null);
    await handle.drop();
  });

  /** `count` Pix subscriptions due on `date`, each of its own customer; their ids. */
  async function due(count: number, date = today): Promise<string[]> {
    const tag = randomUUID().slice(0, 8);
    const users = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), name: `Assinante ${tag} ${i}`, email: `lote-${tag}-${i}@exemplo.com.br` }));
    await handle.db.insert(t.user).values(users);
    const rows = await handle.db
      .insert(t.userSubscriptions)
      .values(
        users.map((u) => ({
          userId: u.id,
          frequency: 'monthly' as const,
          status: 'active' as const,
          anchorDate: addMonths(date, -1),
          nextDeliveryDate: date,
          paidThrough: date,
          totalValue: '49.90',
          paymentMethod: 'pix' as const,
          shipName: u.name,
          shipStreet: 'Avenida Paulista',
          shipNumber: '1000',
          shipNeighborhood: 'Bela Vista',
          shipCity: 'São Paulo',
          shipState: 'SP',
          shipZipCode: '01310100',
        })),
      )
      .returning({ id: t.userSubscriptions.id });
    return rows.map((r) => r.id);
  }

  /** Per subscription: periods, orders, lines, first history rows, attempts, 'renewed' rows, pending e-mails, next date. */
  async function state(ids: string[]) {
    const q = async (query: ReturnType<typeof sql>) => (await handle.db.execute(query)).rows as Record<string, unknown>[];
    const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
    return q(sql`
      select s.id, s.next_delivery_date::text as next,
        (select count(*)::int from subscription_periods p where p.subscription_id = s.id and p.kind = 'renewal') as periods,
        (select count(*)::int from orders o where o.subscription_id = s.id) as orders,
        (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.subscription_id = s.id) as lines,
        (select count(*)::int from order_events e join orders o on o.id = e.order_id where o.subscription_id = s.id and e.to_status = 'pending') as created,
        (select count(*)::int from payment_attempts a join orders o on o.id = a.order_id where o.subscription_id = s.id and a.status = 'awaiting') as attempts,
        (select count(*)::int from subscription_events v where v.subscription_id = s.id and v.kind = 'renewed') as history,
        (select count(*)::int from email_outbox m where m.dedupe_key = 'sub:' || s.id || ':pending:' || ${today} || ':1') as emails,
        (select count(*)::int from orders o where o.subscription_id = s.id and o.payment_expires_at is not null and o.payment_details ->> 'method' = 'pix') as codes
      from user_subscriptions s where s.id in (${list}) order by s.id`);
  }

  it('three runs at once (two lanes each) over 250 due subscriptions renew each exactly once, with everything a renewal writes once', async () => {
    const ids = await due(250);
    const soon = await due(30, addDays(today, 2));
    const g = gateway();
    const runs = await Promise.all([1, 2, 3].map(() => runSubscriptionRenewals(handle.db, { provider: g.provider, batch: 40, lanes: 2 })));
    expect(runs.reduce((sum, r) => sum + r.renewed, 0)).toBe(250);
    const rows = await state(ids);
    const next = addMonths(today, 1);
    expect(rows.filter((r) => !(r.next === next && r.periods === 1 && r.orders === 1 && r.lines === 1 && r.created === 1 && r.attempts === 1 && r.history === 1 && r.emails === 1 && r.codes === 1))).toEqual([]);
    expect(g.charges.size).toBe(250);
    expect(g.calls()).toBe(250);
    // The reminders of the 30 renewing in two days (and of the 250, whose next date is a month off: none), once across the runs.
    expect(runs.reduce((sum, r) => sum + r.reminded, 0)).toBe(30);
    const reminders = await handle.db.select({ key: t.emailOutbox.dedupeKey }).from(t.emailOutbox).where(eq(t.emailOutbox.kind, 'plan-reminder'));
    expect(new Set(reminders.map((r) => r.key))).toEqual(new Set(soon.map((id) => `sub:${id}:reminder:${addDays(today, 2)}`)));
    expect(reminders).toHaveLength(30);
    // A run after them has nothing left to renew or remind.
    expect(await runSubscriptionRenewals(handle.db, { provider: g.provider })).toMatchObject({ renewed: 0, reminded: 0 });
    expect(g.calls()).toBe(250);
  });

  it('a batch where one subscription already has its period renews the others; that one fails alone, untouched', async () => {
    const ids = await due(30);
    const stuck = ids[17]!;
    // A period for today already there (another way, or data gone wrong): the batch's insert meets it.
    const [order] = await handle.db
      .insert(t.orders)
      .values({ userId: null, status: 'pending', totalPrice: '49.90', subtotalPrice: '49.90', paymentMethod: 'pix', idempotencyKey: `manual-${stuck}`, subscriptionId: stuck })
      .returning({ id: t.orders.id });
    await handle.db.insert(t.subscriptionPeriods).values({ subscriptionId: stuck, periodDate: today, periodEnd: addMonths(today, 1), kind: 'renewal', amount: '49.90', orderId: order!.id, status: 'awaiting' });
    const g = gateway();
    const run = await runSubscriptionRenewals(handle.db, { provider: g.provider, batch: 100 });
    expect(run.renewed).toBe(29);
    const rows = await state(ids);
    expect(rows.filter((r) => r.id !== stuck && !(r.periods === 1 && r.orders === 1 && r.attempts === 1 && r.emails === 1 && r.next === addMonths(today, 1)))).toEqual([]);
    expect(rows.find((r) => r.id === stuck)).toMatchObject({ next: today, periods: 1, orders: 1, attempts: 0, history: 0, emails: 0 });
    // Out of the next test's way (it would send that test's batch one by one again).
    await handle.db.update(t.userSubscriptions).set({ nextDeliveryDate: addMonths(today, 1) }).where(eq(t.userSubscriptions.id, stuck));
  });

  it('a crash at the 25th charge of a batch: the batch was committed before any charge, nothing is charged twice, and reconciliation records the charges made', async () => {
    const ids = await due(60);
    const g = gateway();
    let charged = 0;
    await expect(
      runSubscriptionRenewals(handle.db, {
        provider: g.provider,
        batch: 100,
        hooks: {
          afterCharge: async () => {
            charged += 1;
            if (charged === 25) throw new RenewalCrash('processo morreu no meio do lote');
          },
        },
      }),
    ).rejects.toThrow('processo morreu no meio do lote');
    // Orders, periods, attempts and dates were committed before the gateway was called.
    const after = await state(ids);
    expect(after.filter((r) => !(r.next === addMonths(today, 1) && r.periods === 1 && r.orders === 1 && r.history === 1 && r.attempts === 0))).toEqual([]);
    const keysBefore = new Set(g.charges.keys());
    expect(keysBefore.size).toBeGreaterThanOrEqual(25);
    expect(keysBefore.size).toBeLessThan(60);

    // The next run renews nothing again and charges nothing.
    expect((await runSubscriptionRenewals(handle.db, { provider: g.provider, batch: 100 })).renewed).toBe(0);
    expect(g.calls()).toBe(keysBefore.size);
    // Reconciliation asks the gateway by key: the charges it made are recorded (a code each, its e-mail), once.
    setPaymentProvider(g.provider);
    try {
      setClock(Date.now() + 3 * MINUTE_MS);
      expect((await reconcilePayments(handle.db)).settled).toBe(keysBefore.size);
      expect((await reconcilePayments(handle.db)).settled).toBe(0);
    } finally {
      setPaymentProvider(undefined);
      resetClock();
    }
    const rows = await state(ids);
    const madeFor = new Set([...keysBefore].map((key) => key.split(':')[1]));
    expect(rows.filter((r) => madeFor.has(r.id as string) && !(r.attempts === 1 && r.emails === 1 && r.codes === 1))).toEqual([]);
    expect(rows.filter((r) => !madeFor.has(r.id as string) && r.attempts !== 0)).toEqual([]);
    expect(g.calls()).toBe(keysBefore.size);
    for (const key of keysBefore) expect(ids.some((id) => key === renewalChargeKey(id, today))).toBe(true);
    const attempts = await handle.db
      .select({ key: t.paymentAttempts.idempotencyKey })
      .from(t.paymentAttempts)
      .innerJoin(t.orders, eq(t.orders.id, t.paymentAttempts.orderId))
      .where(and(inArray(t.orders.subscriptionId, ids), like(t.paymentAttempts.idempotencyKey, 'renewal:%')));
    expect(new Set(attempts.map((a) => a.key))).toEqual(new Set(ids.map((id) => renewalChargeKey(id, today))));
  });
});
