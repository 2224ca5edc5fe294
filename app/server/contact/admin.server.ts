// The admin's inbox of contact messages (/admin/messages): newest first, unread ones marked,
// searched without regard to accents or case, opened (read), answered by e-mail from the page
// (the reply is queued through the mailer and kept with the message, in one transaction),
// marked answered by hand, deleted.
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { contactMessages, contactReplies, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { formatDateBR } from '~/lib/dates';
import { containsPattern, normalizeSearchTerm } from '~/lib/search';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';

export const MESSAGES_PAGE_SIZE = 20;

export type MessageFilter = 'all' | 'unread' | 'unanswered';

export type MessageListItem = {
  id: string;
  name: string;
  email: string;
  subject: string;
  excerpt: string;
  createdAt: Date;
  read: boolean;
  answered: boolean;
};

/** Accent- and case-insensitive `contains` on the message's sender, subject and text. */
function matches(term: string) {
  const pattern = containsPattern(term);
  return sql`clarear_unaccent(${contactMessages.name} || ' ' || ${contactMessages.email} || ' ' || ${contactMessages.subject} || ' ' || ${contactMessages.message}) ilike clarear_unaccent(${pattern}) escape '\\'`;
}

export async function listContactMessages(db: Executor, options: { q?: string; filter?: MessageFilter; page?: number }) {
  const term = normalizeSearchTerm(options.q);
  const filter = options.filter ?? 'all';
  const page = Math.max(1, options.page ?? 1);
  const where = and(
    term ? matches(term) : undefined,
    filter === 'unread' ? isNull(contactMessages.readAt) : undefined,
    filter === 'unanswered' ? isNull(contactMessages.answeredAt) : undefined,
  );
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        excerpt: sql<string>`left(${contactMessages.message}, 140)`,
        createdAt: contactMessages.createdAt,
        readAt: contactMessages.readAt,
        answeredAt: contactMessages.answeredAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGES_PAGE_SIZE)
      .offset((page - 1) * MESSAGES_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  const items: MessageListItem[] = rows.map(({ readAt, answeredAt, ...r }) => ({ ...r, read: readAt !== null, answered: answeredAt !== null }));
  return { items, total: total?.n ?? 0, unread: unread?.n ?? 0, page, pageSize: MESSAGES_PAGE_SIZE, q: term, filter };
}

/** One message with its replies; opening it marks it read. Null when it does not exist. */
export async function openContactMessage(db: Executor, id: string) {
  const [message] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, ${now()})` })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!message) return null;
  const replies = await db
    .select({ id: contactReplies.id, body: contactReplies.body, createdAt: contactReplies.createdAt, adminName: user.name })
    .from(contactReplies)
    .leftJoin(user, eq(user.id, contactReplies.adminUserId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(asc(contactReplies.createdAt));
  return { ...message, replies };
}

/** The reply's e-mail: to the sender, from the store, quoting what they wrote. */
export function replyMail(message: { name: string; email: string; subject: string; message: string; createdAt: Date }, body: string) {
  const subject = message.subject.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: message.email,
    replyTo: getEnv().STORE_EMAIL,
    subject: `Re: ${subject}`,
    text: [`Olá, ${message.name}!`, '', body, '', 'Equipe Clarear', '', `Sua mensagem de ${formatDateBR(message.createdAt)}:`, quoted].join('\n'),
  };
}

/** Sends the reply by e-mail and keeps it with the message, which is then answered; false when the message is gone. */
export async function replyToContactMessage(db: Database, input: { id: string; adminUserId: string; body: string }): Promise<boolean> {
  const sent = await db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, input.id)).for('update');
    if (!message) return false;
    const [reply] = await tx.insert(contactReplies).values({ messageId: message.id, adminUserId: input.adminUserId, body: input.body }).returning({ id: contactReplies.id });
    await tx.update(contactMessages).set({ answeredAt: now(), readAt: message.readAt ?? now() }).where(eq(contactMessages.id, message.id));
    await enqueueMail(tx, { kind: 'contact-reply', ...replyMail(message, input.body), dedupeKey: `contact-reply:${reply!.id}` });
    return true;
  });
  if (sent) kickMailDelivery(db);
  return sent;
}

/** Marks a message answered (replied some other way) or not, read or unread; false when it is gone. */
export async function markContactMessage(db: Executor, id: string, mark: 'answered' | 'unanswered' | 'unread'): Promise<boolean> {
  const set = mark === 'answered' ? { answeredAt: now(), readAt: sql`coalesce(${contactMessages.readAt}, ${now()})` } : mark === 'unanswered' ? { answeredAt: null } : { readAt: null };
  const rows = await db.update(contactMessages).set(set).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Deletes a message and its replies; false when it was already gone. */
export async function deleteContactMessage(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  return rows.length > 0;
}
