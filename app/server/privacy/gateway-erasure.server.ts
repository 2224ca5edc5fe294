// After "Excluir minha conta": the customer's saved cards and customer record at the payment
// gateway are deleted there too (LGPD art. 18 VI). The erasure's transaction writes one
// gateway_erasures row per customer record (references only); this job asks the gateway to
// forget each, deletes the row once it has, and retries with a growing pause while the gateway
// fails — every run of the 'privacy-gateway-erasures' job, and once right after the erasure.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { gatewayErasures, savedCards } from '~/db/schema';
import { HOUR_MS, MINUTE_MS, now } from '~/lib/clock';
import { runInBackground } from '../infra/background.server';
import { log } from '../infra/log.server';
import { providerNamed } from '../payments/provider.server';
import type { PaymentProvider } from '../payments/provider.server';

const BATCH = 50;

/** 1, 2, 4… minutes after each failure, at most 6 hours. */
const retryDelayMs = (attempts: number) => Math.min(6 * HOUR_MS, 2 ** Math.min(attempts, 12) * MINUTE_MS);

export type GatewayErasureRun = { forgotten: number; failed: number };

/** One pass over the due rows. `providerFor` lets tests name the gateway double. */
export async function runGatewayErasures(db: Database, providerFor: (name: string) => PaymentProvider | null = providerNamed): Promise<GatewayErasureRun> {
  const due = await db
    .select()
    .from(gatewayErasures)
    .where(lte(gatewayErasures.nextAttemptAt, now()))
    .orderBy(asc(gatewayErasures.nextAttemptAt))
    .limit(BATCH);
  const run: GatewayErasureRun = { forgotten: 0, failed: 0 };
  for (const row of due) {
    // The same person back with a card on the same gateway customer (found by e-mail) before this
    // ran: that record is a live account's again, so it stays.
    const [inUse] = await db
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(eq(savedCards.provider, row.provider), eq(savedCards.customerReference, row.customerReference)))
      .limit(1);
    const provider = inUse ? null : providerFor(row.provider);
    try {
      if (!inUse) {
        if (!provider?.forgetCustomer) throw new Error(`provedor ${row.provider} indisponível para apagar o cliente`);
        await provider.forgetCustomer(row.customerReference);
      }
      await db.delete(gatewayErasures).where(eq(gatewayErasures.id, row.id));
      run.forgotten += 1;
    } catch (error) {
      run.failed += 1;
      log.error(`exclusão de conta: o gateway ${row.provider} não apagou o cliente (tentativa ${row.attempts + 1})`, error);
      await db
        .update(gatewayErasures)
        .set({ attempts: sql`${gatewayErasures.attempts} + 1`, nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)) })
        .where(eq(gatewayErasures.id, row.id));
    }
  }
  return run;
}

/** Right after an erasure's commit, off the response path; the scheduled job does the rest. */
export function kickGatewayErasures(db: Database): void {
  runInBackground(runGatewayErasures(db), 'exclusão de dados no gateway');
}
