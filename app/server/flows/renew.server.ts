// The renewal flow: plan renewals and their retries, in checkout's order of steps. A batch's
// orders, periods and `requested` attempts (idempotency keys: subscription + period) are committed
// first, set-based (subscriptions/renewals.server.ts); then the gateway is called outside any
// transaction (a few at once); then each answer is recorded in its own short transaction
// (payments/charges.server.ts, with the renewal's own steps). A timeout or an unreadable answer
// leaves the attempt `unknown`, never declined: the reconciliation job asks the gateway by key,
// and no retry charges the period with a new key meanwhile.
import type { Database } from '~/db/client.server';
import { todayInBrazil } from '~/lib/plans';
import { mapBounded } from '../jobs/concurrency.server';
import { log } from '../infra/log.server';
import { kickMailDelivery } from '../mail/outbox.server';
import { now } from '~/lib/clock';
import { callProvider, claimAttempts, pendingDeadline, recordAwaitingIn, recordChargeResultIn, type ChargeOutcome } from '../payments/charges.server';
import { getPaymentProvider, type PaymentProvider } from '../payments/provider.server';
import {
  CHARGE_CONCURRENCY,
  countDue,
  dueRetryPeriods,
  lockDueBatchIn,
  prepareRetryIn,
  RENEWAL_BATCH,
  RENEWAL_LANES,
  RenewalCrash,
  renewalCodesIssuedIn,
  renewalHandlers,
  resumeEndedPauses,
  sendRenewalReminders,
  writeRenewalBatchIn,
  writeRenewalOneIn,
  type PendingCharge,
  type RenewalHooks,
  type Renewed,
} from '../subscriptions/renewals.server';

export { RenewalCrash, renewalChargeKey, CHARGE_CONCURRENCY, RENEWAL_BATCH, RENEWAL_LANES, type RenewalHooks } from '../subscriptions/renewals.server';

export type RenewalOptions = {
  provider?: PaymentProvider;
  hooks?: RenewalHooks;
  /** Subscriptions per transaction (renewals) or per run (retries). */
  batch?: number;
  /** Renewal batches in flight at once. */
  lanes?: number;
};

export type RenewalRun = { renewed: number; retried: number; overdue: number; resumed: number; reminded: number };

/** Everything the hourly job does for plans, in order. */
export async function runSubscriptionRenewals(db: Database, options: RenewalOptions = {}): Promise<RenewalRun> {
  const resumed = await resumeEndedPauses(db);
  const renewed = await renewDueSubscriptions(db, options);
  const { retried, overdue } = await retryDueRenewals(db, options);
  const reminded = await sendRenewalReminders(db);
  if (renewed + retried + overdue + resumed + reminded) kickMailDelivery(db);
  return { renewed, retried, overdue, resumed, reminded };
}

/**
 * Calls the gateway for committed attempts, a few at once and outside any transaction, then
 * records the answers: a batch's Pix and boleto codes together in one short transaction (the
 * usual answer, set-based as the batch itself), every other answer (a card paid or declined) in
 * its own. A timeout leaves its attempt `unknown`. A test hook's crash stops the run like a dead
 * process (its answers unrecorded: the attempts stay `calling` for the reconciliation job); any
 * other failure to record leaves that attempt to the reconciliation job and the others go on.
 */
async function chargeAll(db: Database, provider: PaymentProvider, charges: readonly PendingCharge[], hooks: RenewalHooks | undefined): Promise<Map<string, ChargeOutcome['status']>> {
  const outcomes = new Map<string, ChargeOutcome['status']>();
  if (charges.length === 0) return outcomes;
  const claimed = await claimAttempts(db, charges.map((c) => c.request.idempotencyKey));
  const answered = await mapBounded(charges, CHARGE_CONCURRENCY, async (c) => {
    const attemptId = claimed.get(c.request.idempotencyKey);
    // Claimed by nobody here: already called (or given up) elsewhere.
    if (!attemptId) return null;
    const result = await callProvider(db, provider, attemptId, c.request);
    if (!result) return null;
    await hooks?.afterCharge?.(c.subscriptionId, c.periodDate);
    return { charge: c, attemptId, result };
  });
  for (const c of charges) outcomes.set(c.request.orderId, 'unknown');
  const answers = answered.filter((a) => a !== null);
  const codes = answers.flatMap((a) => (a.result.approved && !a.result.settled && !a.result.authorized ? [{ ...a, details: a.result.details }] : []));
  if (codes.length) {
    try {
      const issuedAt = now();
      await db.transaction(async (tx) => {
        const recorded = await recordAwaitingIn(
          tx,
          codes.map((a) => ({ attemptId: a.attemptId, orderId: a.charge.request.orderId, reference: a.result.reference ?? null, details: a.details, deadline: pendingDeadline(a.details, issuedAt) })),
        );
        const of = new Map(codes.map((a) => [a.attemptId, a.charge]));
        await renewalCodesIssuedIn(
          tx,
          recorded.map((r) => ({ orderId: r.orderId, subscriptionId: of.get(r.attemptId)!.subscriptionId, periodDate: of.get(r.attemptId)!.periodDate, details: r.details, deadline: r.deadline })),
        );
        for (const r of recorded) outcomes.set(r.orderId, 'awaiting');
      });
    } catch (error) {
      log.error(`renovação: ${codes.length} código(s) de pagamento não registrado(s); a conciliação resolve`, error);
    }
  }
  const others = answers.filter((a) => !codes.some((c) => c.attemptId === a.attemptId));
  await mapBounded(others, CHARGE_CONCURRENCY, async (a) => {
    try {
      const outcome = await db.transaction((tx) => recordChargeResultIn(tx, a.attemptId, a.result, { handlers: renewalHandlers }));
      outcomes.set(a.charge.request.orderId, outcome.status);
    } catch (error) {
      log.error(`renovação: resposta da cobrança ${a.charge.request.idempotencyKey} não registrada; a conciliação resolve`, error);
    }
  });
  return outcomes;
}

function logRenewed(done: readonly Renewed[], outcomes: Map<string, ChargeOutcome['status']>): void {
  // A renewal the subscription's credit paid whole has no order and no charge.
  for (const { next: _next, ...r } of done) log.info('renovação feita', { ...r, outcome: r.orderId === null ? 'credit' : (outcomes.get(r.orderId) ?? 'unknown') });
}

/** Renews every active subscription whose date has come, batch after batch; returns how many this run renewed. */
export async function renewDueSubscriptions(db: Database, options: RenewalOptions = {}): Promise<number> {
  const today = todayInBrazil();
  const size = options.batch ?? RENEWAL_BATCH;
  const provider = options.provider ?? getPaymentProvider();
  // Claimed by this run and still due (failed and left to the next run, or renewed but several
  // periods behind): not taken again. The others' dates have moved past today.
  const tried = new Set<string>();
  let renewed = 0;
  let stopped = false;
  const lane = async () => {
    while (!stopped) {
      let claimed: string[] = [];
      let written: { renewed: Renewed[]; charges: PendingCharge[] };
      try {
        written = await db.transaction(async (tx) => {
          const rows = await lockDueBatchIn(tx, today, size, tried);
          claimed = rows.map((r) => r.id);
          return writeRenewalBatchIn(tx, rows, today, provider);
        });
      } catch (error) {
        // Rolled back whole: the same subscriptions one transaction each, so one bad row (a period
        // already there, a constraint) fails alone and the others are renewed.
        log.warn(`renovação: lote de ${claimed.length} refeito uma assinatura por vez`, error);
        written = { renewed: [], charges: [] };
        for (const id of claimed) {
          try {
            const one = await db.transaction((tx) => writeRenewalOneIn(tx, id, today, provider));
            if (one) {
              written.renewed.push(one.renewed);
              if (one.charge) written.charges.push(one.charge);
            }
          } catch (oneError) {
            log.error(`renovação: falha na assinatura ${id}`, oneError);
          }
        }
      }
      // Committed: now the gateway, outside any transaction and with no lock held.
      const outcomes = await chargeAll(db, provider, written.charges, options.hooks);
      logRenewed(written.renewed, outcomes);
      renewed += written.renewed.length;
      const movedOn = new Set(written.renewed.filter((r) => r.next > today).map((r) => r.subscriptionId));
      for (const id of claimed) if (!movedOn.has(id)) tried.add(id);
      if (claimed.length === 0) return;
    }
  };
  const due = await countDue(db, today, size + 1);
  if (due === 0) return 0;
  // A few batches at once: while one lane's batch waits on the database, another's is built.
  const lanes = await Promise.allSettled(
    Array.from({ length: due > size ? (options.lanes ?? RENEWAL_LANES) : 1 }, () =>
      lane().catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
  return renewed;
}

/**
 * One subscription renewed now if its date has come (a resumed plan's new period: flows/resume-plan),
 * in the same order of steps: written and committed, then charged. 'credit': its credit paid it whole.
 */
export async function renewNow(db: Database, subscriptionId: string, options: RenewalOptions = {}): Promise<ChargeOutcome['status'] | 'credit' | null> {
  const provider = options.provider ?? getPaymentProvider();
  const one = await db.transaction((tx) => writeRenewalOneIn(tx, subscriptionId, todayInBrazil(), provider));
  if (!one) return null;
  const outcomes = one.charge ? await chargeAll(db, provider, [one.charge], options.hooks) : null;
  kickMailDelivery(db);
  return one.charge ? (outcomes?.get(one.charge.request.orderId) ?? 'unknown') : 'credit';
}

/**
 * Periods whose payment is due for another look: a declined card's retry, or a Pix/boleto code
 * whose deadline passed unpaid (a new code is issued). After the last attempt, overdue.
 */
export async function retryDueRenewals(db: Database, options: RenewalOptions = {}): Promise<{ retried: number; overdue: number }> {
  const provider = options.provider ?? getPaymentProvider();
  let retried = 0;
  let overdue = 0;
  for (const id of await dueRetryPeriods(db, options.batch ?? 200)) {
    try {
      const prepared = await db.transaction((tx) => prepareRetryIn(tx, id, provider));
      if (prepared === 'overdue') overdue += 1;
      else if (prepared) {
        // A declined last try makes the period overdue (renewalHandlers).
        await chargeAll(db, provider, [prepared], options.hooks);
        retried += 1;
      }
    } catch (error) {
      if (error instanceof RenewalCrash) throw error;
      log.error(`renovação: falha ao tentar de novo o período ${id}`, error);
    }
  }
  return { retried, overdue };
}
