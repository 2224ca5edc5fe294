// The customer's own data (/area-cliente/perfil): name, the CPF/CNPJ kept from checkout and, with a
// CNPJ, its Inscrição Estadual (the choice 1/2/9 and the IE's digits with 1).
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { user } from '~/db/schema';
import { now } from '~/lib/clock';
import type { ProfileInput } from '~/lib/schemas/profile';
import { buyerIeOf } from '~/lib/schemas/state-registration';

export type Profile = { name: string; email: string; taxId: string | null; stateRegistration: string | null; ieIndicator: number | null };

export async function getProfile(db: Executor, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ name: user.name, email: user.email, taxId: user.taxId, stateRegistration: user.stateRegistration, ieIndicator: user.ieIndicator })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Saves the name, the CPF/CNPJ (null clears it) and its IE of the signed-in user only; a CPF or no
 * document clears the IE. False when the user is gone.
 */
export async function updateProfile(db: Executor, userId: string, input: ProfileInput): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ name: input.name, taxId: input.taxId, ...buyerIeOf(input.taxId, input.ieIndicator, input.stateRegistration), updatedAt: now() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return updated.length > 0;
}
