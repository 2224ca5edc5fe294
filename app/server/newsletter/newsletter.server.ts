// Newsletter sign-up from the footer, the blog or a customer's
// Preferências. The e-mail is unique case-insensitively in the database; a duplicate is reported,
// not an error. A new sign-up gets a welcome e-mail carrying the one-click unsubscribe link, so an
// address signed up by someone else can leave at once. That e-mail needs no throttle: it goes only
// when a row is created, and the unique e-mail means a second one needs the owner to leave first.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { newsletterSubscriptions, type NEWSLETTER_SOURCES } from '~/db/schema';
import { now } from '~/lib/clock';
import { getEnv } from '../infra/env.server';
import { enqueueMail } from '../mail/outbox.server';
import { newsletterUnsubscribeLink } from '../mail/unsubscribe.server';

export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

const normalise = (email: string) => email.trim().toLowerCase();

export function newsletterWelcomeEmail(email: string): { subject: string; text: string } {
  const url = getEnv().publicUrl;
  return {
    subject: 'Clarear: inscrição na newsletter confirmada',
    text: [
      'Olá!',
      `Obrigado por se inscrever na newsletter da Clarear. A partir de agora você recebe no e-mail ${email} nossas novidades, dicas de limpeza e ofertas.`,
      `Conheça nossos produtos: ${url}/produtos`,
    ].join('\n\n'),
  };
}

/** Signs `email` up; in one transaction with its welcome e-mail (queued: the caller may kick delivery). */
export async function subscribeToNewsletter(db: Executor, email: string, source: NewsletterSource = 'footer'): Promise<'subscribed' | 'duplicate'> {
  const address = normalise(email);
  return db.transaction(async (tx) => {
    // ON CONFLICT (any unique index: lower(email)) keeps a duplicate from aborting the transaction.
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email: address, source, createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (!row) return 'duplicate';
    await enqueueMail(tx, {
      kind: 'newsletter-welcome',
      to: address,
      ...newsletterWelcomeEmail(address),
      dedupeKey: `newsletter-welcome:${row.id}`,
      unsubscribe: newsletterUnsubscribeLink(row.id),
    });
    return 'subscribed';
  });
}

/** Whether this address is on the list (Preferências shows it). */
export async function isOnNewsletter(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, normalise(email)));
  return Boolean(row);
}

/** Takes this address off the list (Preferências); true when it was on it. */
export async function leaveNewsletter(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .delete(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, normalise(email)))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
