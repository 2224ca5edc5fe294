// Customers made straight in the database (verified, with a password), so a fault test spends its
// time on the fault and not on sign-up e-mails; they still sign in through the store's login form.
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Executor } from '~/db/client.server';
import * as t from '~/db/schema';

export const CUSTOMER_PASSWORD = 'Senha-de-teste-123';

let hashed: Promise<string> | undefined;

export type Customer = { id: string; name: string; email: string; password: string };

export async function createCustomers(db: Executor, count: number, prefix = 'cliente'): Promise<Customer[]> {
  hashed ??= hashPassword(CUSTOMER_PASSWORD);
  const password = await hashed;
  const customers = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return { id, name: `Cliente ${prefix} ${i + 1}`, email: `${prefix}-${i + 1}-${id.slice(0, 8)}@exemplo.com.br`, password: CUSTOMER_PASSWORD };
  });
  await db.insert(t.user).values(customers.map((c) => ({ id: c.id, name: c.name, email: c.email, emailVerified: true })));
  await db
    .insert(t.account)
    .values(customers.map((c) => ({ id: randomUUID(), accountId: c.id, providerId: 'credential', userId: c.id, password })));
  return customers;
}
