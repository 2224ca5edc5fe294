// Newsletter sign-up (SPEC §7 Writes, §8 Newsletter). The e-mail is unique
// case-insensitively in the database; a duplicate is reported, not an error.
import type { Executor } from '~/db/client.server';
import { newsletterSubscriptions } from '~/db/schema';
import { isUniqueViolation } from '~/db/errors.server';
import { now } from '~/lib/clock';

export async function subscribeToNewsletter(db: Executor, email: string, source: 'footer' | 'blog' = 'footer'): Promise<'subscribed' | 'duplicate'> {
  try {
    await db.insert(newsletterSubscriptions).values({ email: email.trim().toLowerCase(), source, createdAt: now() });
    return 'subscribed';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
