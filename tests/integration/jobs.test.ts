// The job runner (pg-boss) on both engines, PGlite through pg-boss's adapter: started with the
// store, it runs each job at start-up, so an unpaid order that expired while the store was down
// is cancelled and its e-mail delivered without anyone calling the functions by hand. Two
// runners on one database (two instances) cancel it once.
import { randomUUID } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { advanceClock, resetClock, HOUR_MS } from '~/lib/clock';
import { payNowSchema } from '~/lib/schemas/checkout';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { reloadEnv } from '~/server/infra/env.server';
import { searchProducts, getProductDetail } from '~/server/catalog/catalog.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { startJobs, type JobRunner } from '~/server/jobs/runner.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import type { MailMessage } from '~/server/mail/transport.server';
import { builtInProvider } from '~/server/payments/provider.server';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(engines)('scheduled jobs on $name', ({ name, open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const runners: JobRunner[] = [];
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    // The shortest heartbeat pg-boss allows (as playwright.config.ts): the workers poll every 5 s, not
    // every 10, so the start-up run queued just after a worker's first poll is picked up sooner.
    process.env.JOBS_HEARTBEAT_SECONDS = '10';
    reloadEnv();
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    setMailTransport(async (m) => void sent.push(m));
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await settleBackgroundTasks();
    setMailTransport(null);
    resetClock();
    await handle?.drop();
    delete process.env.JOBS_HEARTBEAT_SECONDS;
    reloadEnv();
  });

  it('expires an overdue Pix order at start-up, gives its stock back and e-mails the customer, once across two runners', async () => {
    const [p] = await searchProducts(handle.db, { term: 'detergente' });
    const detail = await getProductDetail(handle.db, p!.slug);
    const variant = detail!.variants[0]!;
    await handle.db.update(t.productVariants).set({ stock: 7 }).where(eq(t.productVariants.id, variant.id));
    const buyer = { id: `jobs-${randomUUID().slice(0, 6)}`, name: 'Rita', email: `rita-${randomUUID().slice(0, 6)}@exemplo.com.br` };
    await handle.db.insert(t.user).values(buyer);
    const { orderId } = await placeOrder(
      handle.db,
      buyer,
      payNowSchema.parse({ intent: 'pay', cart: JSON.stringify([{ id: variant.id, product_id: detail!.id, quantity: 2 }]), idempotencyKey: randomUUID(), paymentMethod: 'pix', taxId: generateCpf(), delivery: NEW_ADDRESS_DELIVERY }),
      builtInProvider,
    );
    await settleBackgroundTasks();
    // The store was down for two hours.
    advanceClock(2 * HOUR_MS);
    runners.push(await startJobs(handle));
    // A second instance on PostgreSQL (PGlite is one process: one runner).
    if (name === 'postgres') runners.push(await startJobs(handle));

    const status = await until(
      async () => (await handle.db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!.status,
      (s) => s === 'cancelled',
    );
    expect(status).toBe('cancelled');
    const [row] = await handle.db.select({ stock: t.productVariants.stock }).from(t.productVariants).where(eq(t.productVariants.id, variant.id));
    expect(row!.stock).toBe(7);
    await until(async () => sent.filter((m) => m.to === buyer.email && m.subject.includes('falta de pagamento')).length, (count) => count > 0);
    await settleBackgroundTasks();
    expect(sent.filter((m) => m.to === buyer.email && m.subject.includes('falta de pagamento'))).toHaveLength(1);
    const events = await handle.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, orderId));
    expect(events.filter((e) => e.toStatus === 'cancelled')).toHaveLength(1);
  });
});
