// SIGKILL in the middle of a checkout load, on PostgreSQL and on PGlite: after a restart on the same
// data, every order the store confirmed is there, every order has all its items, every purchased
// subscription its order, nothing is half-written, and the store serves and sells again.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { MINUTE_MS, resetClock, setClock } from '~/lib/clock';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { MAX_UNPAID_ORDERS } from '~/server/orders/checkout-limits.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { reconcilePayments } from '~/server/flows/reconcile.server';
import { createCustomers, type Customer } from '../support/faults/accounts';
import { Visitor } from '../support/faults/http';
import { privateCluster } from '../support/faults/postgres';
import { startApp } from '../support/faults/server';
import {
  brokenInvariants,
  checkout,
  NO_BROKEN_INVARIANTS,
  pgliteTarget,
  planLine,
  postgresTarget,
  prepareStore,
  rows,
  type CartLine,
  type StoreTarget,
} from '../support/faults/store';

const CUSTOMERS = 6;
/** Confirmed orders to wait for before the kill (or KILL_AFTER_MS, whichever comes first). */
const KILL_AFTER_CONFIRMED = 12;
const KILL_AFTER_MS = 10_000;

const { dataDir, port } = inject('pgCluster');
const cluster = privateCluster(dataDir, port);

const targets: { name: string; make: () => Promise<StoreTarget> }[] = [
  { name: 'postgres', make: () => postgresTarget(cluster.adminUrl, 'clarear_kill') },
  { name: 'pglite', make: async () => pgliteTarget() },
];

describe.each(targets)('SIGKILL during checkouts on $name', ({ make }) => {
  it('loses no confirmed order and leaves nothing half-written', async () => {
    if (!cluster.isRunning()) await cluster.start();
    const target = await make();
    let handle = await target.open();
    const { variants, kit } = await prepareStore(handle);
    // The last one signs in before the kill and buys only after the restart (the others stop at the
    // unpaid-orders cap, so a buyer of the load could not order again until it pays).
    const [bystander, ...customers] = await createCustomers(handle.db, CUSTOMERS + 1, 'sigkill');
    await handle.close();

    const app = await startApp({ env: target.env });
    const visitors = new Map<Customer, Visitor>([bystander!, ...customers].map((c) => [c, new Visitor(app.url)]));
    await Promise.all([bystander!, ...customers].map((c) => visitors.get(c)!.signIn(c.email, c.password)));
    const confirmed: string[] = [];
    const statuses: (number | string)[] = [];
    let killed = false;
    const worker = async (customer: Customer, index: number) => {
      const visitor = visitors.get(customer)!;
      const taxId = generateCpf();
      let mine = 0;
      // Pix orders stay unpaid: each buyer stops at the cap (MAX_UNPAID_ORDERS orders awaiting payment).
      for (let n = 0; !killed && mine < MAX_UNPAID_ORDERS; n++) {
        // Half the customers buy the plan with their first order (subscription + order in one transaction).
        const cart: CartLine[] = [
          ...(n === 0 && index % 2 === 0 ? [planLine()] : []),
          { id: variants[n % variants.length]!.id, product_id: variants[n % variants.length]!.productId, quantity: 1 + (n % 3) },
          ...(n % 2 ? [{ id: kit.id, product_id: kit.id, quantity: 1 }] : []),
        ];
        const key = randomUUID();
        // Every third attempt is submitted twice at once (a double click): still one order.
        const attempts = n % 3 === 0 ? [checkout(visitor, cart, taxId, key), checkout(visitor, cart, taxId, key)] : [checkout(visitor, cart, taxId, key)];
        const results = await Promise.allSettled(attempts);
        for (const result of results) {
          if (result.status === 'rejected') statuses.push('sem resposta');
          else {
            statuses.push(result.value.status);
            if (result.value.status === 200 && !confirmed.includes(key)) {
              confirmed.push(key);
              mine++;
            }
          }
        }
      }
    };
    const load = Promise.all(customers.map((c, i) => worker(c, i)));
    const started = Date.now();
    while (confirmed.length < KILL_AFTER_CONFIRMED && Date.now() - started < KILL_AFTER_MS) await new Promise((r) => setTimeout(r, 25));
    // Mid-load: workers have requests in flight right now.
    expect(await app.stop('SIGKILL')).toBe('SIGKILL');
    killed = true;
    await load;
    expect(confirmed.length, `statuses: ${statuses.join(',')}`).toBeGreaterThan(0);
    // The only answers before the kill: paid (200) or a welcome offer taken by a concurrent first purchase (409).
    expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 'sem resposta'), app.output()).toEqual([]);

    // Restarted on the same data (PGlite reopens its folder after the kill).
    const restarted = await startApp({ env: app.env, port: app.port });
    try {
      expect((await new Visitor(restarted.url).get('/')).status).toBe(200);
      // Sessions live in the database: the customer is still signed in, and can buy again.
      const again = visitors.get(bystander!)!;
      const orders = await again.get('/area-cliente/meus-pedidos');
      expect(orders.status).toBe(200);
      await orders.arrayBuffer();
      const after = await checkout(again, [{ id: variants[0]!.id, product_id: variants[0]!.productId, quantity: 1 }], generateCpf());
      expect(after.status).toBe(200);
      confirmed.push(after.idempotencyKey);
    } finally {
      expect(await restarted.stop('SIGTERM')).toBe(0);
    }
    handle = await target.open();
    try {
      const stored = await rows<{ key: string }>(handle, sql`select idempotency_key as key from orders`);
      const storedKeys = new Set(stored.map((r) => r.key));
      // Every order the store answered 200 for survived the kill; a double submit made one order.
      expect(confirmed.filter((key) => !storedKeys.has(key))).toEqual([]);
      expect(stored.length).toBe(storedKeys.size);
      expect(await brokenInvariants(handle)).toEqual(NO_BROKEN_INVARIANTS);
      const [count] = await rows<{ subs: number }>(handle, sql`select count(*)::int as subs from user_subscriptions`);
      expect(count!.subs).toBeGreaterThan(0);
      // What the kill cut off between an order's commit and its provider's answer is the reconciliation
      // job's: past its wait, an attempt the provider never received is given up and its stock returned.
      setMailTransport(async () => undefined);
      setClock(Date.now() + 20 * MINUTE_MS);
      try {
        await reconcilePayments(handle.db);
      } finally {
        resetClock();
        await settleBackgroundTasks();
        setMailTransport(null);
      }
      expect(await rows(handle, sql`select id from orders where status = 'pending' and payment_details is null`)).toEqual([]);
      expect(await rows(handle, sql`select id from payment_attempts where status in ('requested', 'calling')`)).toEqual([]);
      expect(await brokenInvariants(handle)).toEqual(NO_BROKEN_INVARIANTS);
    } finally {
      await handle.close();
    }
  });
});
