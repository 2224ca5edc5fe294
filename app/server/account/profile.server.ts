// The customer's own data (/area-cliente/perfil): name and the CPF/CNPJ kept from checkout.
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { user } from '~/db/schema';
import { now } from '~/lib/clock';
import type { ProfileInput } from '~/lib/schemas/profile';

export type Profile = { name: string; email: string; taxId: string | null };

export async function getProfile(db: Executor, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ name: user.name, email: user.email, taxId: user.taxId })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/** Saves the name and the CPF/CNPJ (null clears it) of the signed-in user only; false when the user is gone. */
export async function updateProfile(db: Executor, userId: string, input: ProfileInput): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ name: input.name, taxId: input.taxId, updatedAt: now() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return updated.length > 0;
}
