// Site preferences (user_preferences; DEFAULT_PREFERENCES when none is saved): one row per user,
// created from the defaults on first read, upserted on user_id.
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { user, userPreferences } from '~/db/schema';
import { now } from '~/lib/clock';
import type { Theme } from '~/lib/theme';

export type Preferences = {
  hideChatbot: boolean;
  hideWhatsapp: boolean;
  theme: Theme;
  receiveNotifications: boolean;
  /** "Lembretes de carrinho" (issue 36): consent to cart reminder e-mails, off by default. */
  cartReminders: boolean;
};

export const DEFAULT_PREFERENCES: Preferences = {
  hideChatbot: false,
  hideWhatsapp: false,
  theme: 'light',
  receiveNotifications: true,
  cartReminders: false,
};

/** The user's preferences; missing ones are created from the defaults, with the browser's theme. */
export async function getOrCreatePreferences(db: Executor, userId: string, browserTheme: Theme | null): Promise<Preferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  if (row) return preferencesFrom(row);
  const [created] = await db
    .insert(userPreferences)
    .values({ userId, ...DEFAULT_PREFERENCES, theme: browserTheme ?? DEFAULT_PREFERENCES.theme })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { userId } })
    .returning();
  return preferencesFrom(created!);
}

export async function savePreferences(db: Executor, userId: string, changes: Partial<Preferences>): Promise<Preferences> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...DEFAULT_PREFERENCES, ...changes })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: now() } })
    .returning();
  return preferencesFrom(row!);
}

/** The preferences of a stored row (also read joined to the session: auth/session.server.ts). */
export function preferencesFrom(row: typeof userPreferences.$inferSelect): Preferences {
  return {
    hideChatbot: row.hideChatbot,
    hideWhatsapp: row.hideWhatsapp,
    theme: row.theme,
    receiveNotifications: row.receiveNotifications,
    cartReminders: row.cartReminders,
  };
}

/**
 * The sign-up's "Lembretes de carrinho" checkbox (issue 36): turned on for the account just made.
 * Nothing when no such account exists (an e-mail already registered gets a stand-in id from Better
 * Auth, which must never touch the real account's consent).
 */
export async function optInCartReminders(db: Executor, userId: string): Promise<boolean> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!account) return false;
  await savePreferences(db, userId, { cartReminders: true });
  return true;
}
