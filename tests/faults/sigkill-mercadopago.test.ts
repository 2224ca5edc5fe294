// SIGKILL while card payments are in flight at Mercado Pago (the local stand-in of its API, answering
// slowly so the kill lands between the gateway's approval and the store recording it), on PostgreSQL
// and on PGlite. Afterwards the reconciliation job asks the gateway and records the truth: every
// payment the gateway approved ends on its paid order, no order is charged twice, an order whose
// charge never reached the gateway is given up with its stock back, and nothing is half-written.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { MINUTE_MS, resetClock, setClock } from '~/lib/clock';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { reconcilePayments } from '~/server/flows/reconcile.server';
import { createMercadoPagoProvider } from '~/server/payments/mercadopago.server';
import { setPaymentProvider } from '~/server/payments/provider.server';
import { startMercadoPagoApi } from '../support/mercadopago-api.mjs';
import { NEW_ADDRESS_FIELDS } from '../support/delivery';
import { createCustomers, type Customer } from '../support/faults/accounts';
import { Visitor } from '../support/faults/http';
import { privateCluster } from '../support/faults/postgres';
import { startApp } from '../support/faults/server';
import { brokenInvariants, NO_BROKEN_INVARIANTS, pgliteTarget, postgresTarget, prepareStore, rows, type StoreTarget } from '../support/faults/store';

const CUSTOMERS = 4;
const KILL_AFTER_PAYMENTS = 10;
const KILL_AFTER_MS = 15_000;
const TOKEN = 'TEST-faults-token';
const SECRET = 'faults-segredo-webhook';

const { dataDir, port } = inject('pgCluster');
const cluster = privateCluster(dataDir, port);

const targets: { name: string; make: () => Promise<StoreTarget> }[] = [
  { name: 'postgres', make: () => postgresTarget(cluster.adminUrl, 'clarear_mpkill') },
  { name: 'pglite', make: async () => pgliteTarget() },
];

describe.each(targets)('SIGKILL during Mercado Pago card payments on $name', ({ make }) => {
  it('charges every order at most once and, reconciled, leaves each gateway payment on its paid order', async () => {
    if (!cluster.isRunning()) await cluster.start();
    const target = await make();
    let handle = await target.open();
    const { variants } = await prepareStore(handle);
    const customers = await createCustomers(handle.db, CUSTOMERS, 'mpkill');
    await handle.close();

    const api = await startMercadoPagoApi({ accessToken: TOKEN, webhookSecret: SECRET });
    api.control.latencyMs = 250;
    const app = await startApp({
      env: { ...target.env, MERCADOPAGO_ACCESS_TOKEN: TOKEN, MERCADOPAGO_WEBHOOK_SECRET: SECRET, MERCADOPAGO_PUBLIC_KEY: 'TEST-faults-public', MERCADOPAGO_API_URL: api.url },
    });
    try {
      const visitors = new Map<Customer, Visitor>(customers.map((c) => [c, new Visitor(app.url)]));
      await Promise.all(customers.map((c) => visitors.get(c)!.signIn(c.email, c.password)));
      let killed = false;
      const worker = async (customer: Customer) => {
        const visitor = visitors.get(customer)!;
        const taxId = generateCpf();
        for (let n = 0; !killed; n++) {
          const variant = variants[n % variants.length]!;
          const form = {
            intent: 'pay',
            cart: JSON.stringify([{ id: variant.id, product_id: variant.productId, quantity: 1 }]),
            idempotencyKey: randomUUID(),
            paymentMethod: 'credit_card',
            installments: '2',
            cardToken: `tok-APRO-${randomUUID().slice(0, 8)}`,
            cardPaymentMethodId: 'master',
            taxId,
            ...NEW_ADDRESS_FIELDS,
            // "Li e aceito os Termos de Uso", ticked for the seeded version 1.
            acceptTerms: '1',
          };
          // Every other attempt is submitted twice at once (a double click).
          const sends = n % 2 ? [visitor.post('/checkout', form), visitor.post('/checkout', form)] : [visitor.post('/checkout', form)];
          await Promise.allSettled(sends.map((p) => p.then((r) => r.arrayBuffer())));
        }
      };
      const load = Promise.all(customers.map((c) => worker(c)));
      const started = Date.now();
      while (api.payments.size < KILL_AFTER_PAYMENTS && Date.now() - started < KILL_AFTER_MS) await new Promise((r) => setTimeout(r, 20));
      // Payments are being answered right now (each answer takes 250 ms).
      expect(await app.stop('SIGKILL')).toBe('SIGKILL');
      killed = true;
      await load;
    } finally {
      if (app.child.exitCode === null && app.child.signalCode === null) await app.stop('SIGKILL');
    }
    expect(api.payments.size).toBeGreaterThan(0);

    handle = await target.open();
    setPaymentProvider(createMercadoPagoProvider({ accessToken: TOKEN, apiUrl: api.url, notificationUrl: 'http://127.0.0.1:9/webhooks/mercadopago', timeoutMs: 2000 }));
    setMailTransport(async () => undefined);
    try {
      const before = await rows<{ id: string }>(handle, sql`select order_id as id from payment_attempts where status in ('requested', 'calling')`);
      // The kill cut some off mid-call (2 to 4 in practice): the case this test is about.
      expect(before.length).toBeGreaterThan(0);
      // Past the job's waits: an unanswered attempt is asked about, and one the gateway never saw is given up.
      setClock(Date.now() + 20 * MINUTE_MS);
      const report = await reconcilePayments(handle.db);
      expect(report.settled + report.abandoned).toBe(before.length);

      const gateway = [...api.payments.values()] as { external_reference: string; status: string }[];
      const refs = gateway.map((p) => p.external_reference);
      // Never charged twice: one gateway payment per order attempt, whatever was double-clicked or killed.
      expect(refs.length).toBe(new Set(refs).size);
      const paid = await rows<{ id: string }>(handle, sql`select id from orders where status = 'paid'`);
      const paidKeys = new Set(paid.map((o) => `pedido:${o.id}:1`));
      // Every approved gateway payment is a paid order; every paid order has its gateway payment.
      expect(refs.filter((ref) => !paidKeys.has(ref))).toEqual([]);
      expect([...paidKeys].filter((key) => !refs.includes(key))).toEqual([]);
      expect(await rows(handle, sql`select id from orders where status = 'pending'`)).toEqual([]);
      expect(await rows(handle, sql`select id from payment_attempts where status in ('requested', 'calling')`)).toEqual([]);
      expect(await brokenInvariants(handle)).toEqual(NO_BROKEN_INVARIANTS);
    } finally {
      resetClock();
      await settleBackgroundTasks();
      setMailTransport(null);
      setPaymentProvider(undefined);
      await handle.close();
      await api.close();
    }
  });
});
