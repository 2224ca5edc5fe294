// The record of what admins did to (or saw of) a customer's account: written in the transaction of
// the action itself, ids only; the admin's name is joined when the customer page reads it.
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { customerAudit, user } from '~/db/schema';
import type { CustomerAuditAction } from '~/lib/customers';
import { now } from '~/lib/clock';

export async function recordCustomerAudit(tx: Executor, entry: { customerUserId: string; adminUserId: string; action: CustomerAuditAction }): Promise<void> {
  await tx.insert(customerAudit).values({ ...entry, createdAt: now() });
}

export type CustomerAuditEntry = { id: string; action: CustomerAuditAction; createdAt: Date; adminName: string | null };

/** Who, when, what — newest first. */
export async function listCustomerAudit(db: Executor, customerUserId: string, limit = 100): Promise<CustomerAuditEntry[]> {
  return db
    .select({ id: customerAudit.id, action: customerAudit.action, createdAt: customerAudit.createdAt, adminName: user.name })
    .from(customerAudit)
    .leftJoin(user, eq(user.id, customerAudit.adminUserId))
    .where(eq(customerAudit.customerUserId, customerUserId))
    .orderBy(desc(customerAudit.createdAt), desc(customerAudit.id))
    .limit(limit);
}
