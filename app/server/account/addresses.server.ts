// The customer's addresses (user_addresses). Every
// query is scoped to the signed-in user's id: an id that belongs to someone
// else behaves exactly like one that does not exist. A company's members also
// see and use the addresses shared with their company (issue 35), read through
// the membership row in the same query: a removed buyer loses them at once,
// even those they saved. Shared addresses are never anyone's default.
import { and, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { companyMembers, userAddresses } from '~/db/schema';
import { companyOfUser } from '../companies/membership.server';
import type { AddressInput } from '~/lib/schemas/address';

export type Address = typeof userAddresses.$inferSelect;

type Tx = Parameters<Parameters<Executor['transaction']>[0]>[0];

/** The user's own personal addresses. */
const personal = (userId: string) => and(eq(userAddresses.userId, userId), isNull(userAddresses.companyId));

/** What the user may see and use: their personal addresses and their company's, by the membership now. */
function visibleTo(db: Executor, userId: string): SQL {
  const theirCompany = db.select({ id: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
  return or(personal(userId), inArray(userAddresses.companyId, theirCompany))!;
}

/**
 * Locks all of the user's addresses for this transaction, so two concurrent
 * default switches run one after the other instead of racing on the
 * one-default index. True when `id` (if given) is one of them.
 */
async function lockOwnAddresses(tx: Tx, userId: string, id?: string): Promise<boolean> {
  const rows = await tx.select({ id: userAddresses.id }).from(userAddresses).where(personal(userId)).for('update');
  return id === undefined || rows.some((r) => r.id === id);
}

/** Default first, then newest (the user_addresses_user_idx order). */
export async function listAddresses(db: Executor, userId: string): Promise<Address[]> {
  return db
    .select()
    .from(userAddresses)
    .where(visibleTo(db, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt), desc(userAddresses.id));
}

export async function getOwnAddress(db: Executor, userId: string, id: string): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), visibleTo(db, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Creates (no id) or updates (id of one of the user's addresses) an address.
 * Marking it default clears the user's other default first, in the same
 * transaction, so the partial unique index (one default per user) always holds.
 * Returns the address id, or null when the id is not one of the user's addresses.
 */
export async function saveAddress(db: Executor, userId: string, input: AddressInput, id?: string, options: { shared?: boolean } = {}): Promise<string | null> {
  return db.transaction(async (tx) => {
    const own = await lockOwnAddresses(tx, userId, id);
    // A company address (shared by any member) is edited by every member; it stays the company's.
    const shared = id !== undefined && !own ? await getOwnAddress(tx, userId, id) : null;
    if (!own && !shared) return null;
    // Sharing a new or personal address: with the company the user is a member of now.
    const company = options.shared && !shared ? await companyOfUser(tx, userId) : null;
    if (shared || company) input = { ...input, isDefault: false };
    if (input.isDefault) {
      const others = and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true));
      await tx.update(userAddresses).set({ isDefault: false }).where(id ? and(others, ne(userAddresses.id, id)) : others);
    }
    const values = {
      name: input.name,
      zipCode: input.zipCode,
      street: input.street,
      number: input.number,
      complement: input.complement,
      neighborhood: input.neighborhood,
      city: input.city,
      state: input.state,
      isDefault: input.isDefault,
    };
    if (id) {
      await tx
        .update(userAddresses)
        .set(shared ? values : { ...values, companyId: company?.id ?? null })
        .where(shared ? eq(userAddresses.id, id) : and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
      return id;
    }
    const [row] = await tx.insert(userAddresses).values({ ...values, userId, companyId: company?.id ?? null }).returning({ id: userAddresses.id });
    return row!.id;
  });
}

/** Deletes one of the user's addresses (or their company's); false when the id is not one of them. */
export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, id), visibleTo(db, userId)))
    .returning({ id: userAddresses.id });
  return removed.length > 0;
}

/** Makes one of the user's addresses the default (clearing the old one first, in one transaction); false when not theirs. */
export async function setDefaultAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnAddresses(tx, userId, id))) return false;
    await tx
      .update(userAddresses)
      .set({ isDefault: false })
      .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), ne(userAddresses.id, id)));
    // lockOwnAddresses found it among the personal ones: a company address is never a default.
    await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, id));
    return true;
  });
}
