// What an admin does to a customer's account from /admin/customers/:id. Each action runs in one
// transaction with the account row locked and writes its record (customer_audit) in it:
// - reveal the whole CPF/CNPJ (the page shows it masked);
// - resend the confirmation e-mail / send a password-reset e-mail: the same links and texts Better
//   Auth's own flows send (a signed confirmation token; a `reset-password:<token>` verification row),
//   queued in the outbox with the record;
// - block / unblock sign-in: Better Auth's admin plugin `banned` flag (its session hook refuses a
//   banned account's sign-in with BANNED_USER), and the account's sessions deleted at once;
// - make admin / make customer: never oneself, never the last admin. A demotion locks every admin
//   row first, so two demotions at once are serialised and the second sees the first's result.
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Database, Executor } from '~/db/client.server';
import { session, user, verification } from '~/db/schema';
import { now } from '~/lib/clock';
import type { CustomerAuditAction } from '~/lib/customers';
import { confirmationEmail, confirmationUrl, EMAIL_VERIFICATION_EXPIRES_IN, passwordResetEmail, RESET_PASSWORD_EXPIRES_IN } from '../auth/emails.server';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';
import { recordCustomerAudit } from './audit.server';

export type CustomerActionRefusal = 'not-found' | 'self' | 'last-admin' | 'is-admin' | 'blocked' | 'already-verified' | 'no-tax-id' | 'unchanged' | 'forbidden';

export type CustomerActionResult = { ok: true; taxId?: string } | { ok: false; reason: CustomerActionRefusal };

type Input = { customerId: string; adminUserId: string; action: CustomerAuditAction };

const refuse = (reason: CustomerActionRefusal): CustomerActionResult => ({ ok: false, reason });

/** Better Auth's reset tokens are 24 letters and digits; ours are as long and URL-safe. */
const resetToken = () => randomBytes(18).toString('base64url');

async function lockAccount(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified, role: user.role, banned: user.banned, taxId: user.taxId })
    .from(user)
    .where(eq(user.id, id))
    .for('update');
  return row ?? null;
}

export async function applyCustomerAction(db: Database, input: Input): Promise<CustomerActionResult> {
  const { customerId, adminUserId, action } = input;
  const env = getEnv();
  let mailed = false;
  const result = await db.transaction(async (tx): Promise<CustomerActionResult> => {
    // A demotion locks all admins (in id order, as every demotion does) before anything else.
    const admins =
      action === 'make_customer'
        ? await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.id)).for('update')
        : null;
    const account = await lockAccount(tx, customerId);
    if (!account) return refuse('not-found');
    const audit = () => recordCustomerAudit(tx, { customerUserId: customerId, adminUserId, action });

    switch (action) {
      case 'reveal_tax_id': {
        if (!account.taxId) return refuse('no-tax-id');
        await audit();
        return { ok: true, taxId: account.taxId };
      }
      case 'resend_confirmation': {
        if (account.emailVerified) return refuse('already-verified');
        const token = await createEmailVerificationToken(env.authSecret, account.email, undefined, EMAIL_VERIFICATION_EXPIRES_IN, { userId: account.id });
        await enqueueMail(tx, { kind: 'account-confirmation', ...confirmationEmail(account, confirmationUrl(env.publicUrl, token)) });
        await audit();
        mailed = true;
        return { ok: true };
      }
      case 'password_reset': {
        const token = resetToken();
        await tx.insert(verification).values({
          id: randomUUID(),
          identifier: `reset-password:${token}`,
          value: account.id,
          expiresAt: new Date(now().getTime() + RESET_PASSWORD_EXPIRES_IN * 1000),
        });
        await enqueueMail(tx, { kind: 'password-reset', ...passwordResetEmail(account, token, env.publicUrl) });
        await audit();
        mailed = true;
        return { ok: true };
      }
      case 'block': {
        if (account.id === adminUserId) return refuse('self');
        // An admin is demoted first: blocking could otherwise lock the store's last admin out.
        if (account.role === 'admin') return refuse('is-admin');
        if (account.banned) return refuse('unchanged');
        await tx.update(user).set({ banned: true, banReason: 'Bloqueado pela loja', banExpires: null, updatedAt: now() }).where(eq(user.id, account.id));
        // Sessions end now, not when they expire: the guards read the session row on every request.
        await tx.delete(session).where(eq(session.userId, account.id));
        await audit();
        return { ok: true };
      }
      case 'unblock': {
        if (!account.banned) return refuse('unchanged');
        await tx.update(user).set({ banned: false, banReason: null, banExpires: null, updatedAt: now() }).where(eq(user.id, account.id));
        await audit();
        return { ok: true };
      }
      case 'make_admin': {
        if (account.id === adminUserId) return refuse('self');
        if (account.role === 'admin') return refuse('unchanged');
        if (account.banned) return refuse('blocked');
        await tx.update(user).set({ role: 'admin', updatedAt: now() }).where(eq(user.id, account.id));
        await audit();
        return { ok: true };
      }
      case 'make_customer': {
        if (account.id === adminUserId) return refuse('self');
        const ids = new Set(admins!.map((a) => a.id));
        if (!ids.has(account.id)) return refuse('unchanged');
        if (ids.size <= 1) return refuse('last-admin');
        // Demoted meanwhile (the lock waited for a concurrent demotion): no longer allowed to demote.
        if (!ids.has(adminUserId)) return refuse('forbidden');
        await tx.update(user).set({ role: 'customer', updatedAt: now() }).where(eq(user.id, account.id));
        await audit();
        return { ok: true };
      }
    }
  });
  if (mailed) kickMailDelivery(db);
  return result;
}
