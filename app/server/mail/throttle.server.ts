// At most one e-mail of a kind per address per cooldown, decided by the database in
// one statement, so it holds across app instances and concurrent requests.
import { and, eq, sql } from 'drizzle-orm';
import { mailThrottle } from '~/db/schema';
import { getDb } from '../infra/db.server';

/** A won claim: the key and its `sent_at` to the microsecond (a JS Date would round it). */
export type MailClaim = { key: string; at: string };

const microseconds = sql<string>`(extract(epoch from ${mailThrottle.sentAt}) * 1000000)::bigint::text`;

/**
 * Claims the right to send the e-mail `key` now (e.g. `duplicate-sign-up:ana@exemplo.com.br`).
 * Succeeds for exactly one caller per cooldown: a new key, or one last claimed longer ago than
 * `cooldownMinutes`. Concurrent callers queue on the row lock; the losers see the fresh
 * `sent_at` and get null. The winner gets a claim to release if the send fails.
 */
export async function claimMailSlot(key: string, cooldownMinutes: number): Promise<MailClaim | null> {
  const db = await getDb();
  const [row] = await db
    .insert(mailThrottle)
    .values({ key, sentAt: sql`now()` })
    .onConflictDoUpdate({
      target: mailThrottle.key,
      set: { sentAt: sql`excluded.sent_at` },
      setWhere: sql`${mailThrottle.sentAt} < now() - make_interval(mins => ${cooldownMinutes}::int)`,
    })
    .returning({ at: microseconds });
  return row ? { key, at: row.at } : null;
}

/** Gives a claim back (the e-mail could not be sent), unless a later claim replaced it. */
export async function releaseMailSlot(claim: MailClaim): Promise<void> {
  const db = await getDb();
  await db.delete(mailThrottle).where(and(eq(mailThrottle.key, claim.key), sql`${microseconds} = ${claim.at}`));
}
