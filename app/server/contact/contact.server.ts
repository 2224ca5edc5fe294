// Messages from /contato: stored and their e-mail to the store queued together.
import type { Database } from '~/db/client.server';
import { contactMessages } from '~/db/schema';
import type { ContactInput } from '~/lib/schemas/contact';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';
import type { MailMessage } from '../mail/transport.server';

export type ContactSubmission = { id: string };

type Options = {
  /** Where the message goes; the store's address by default. */
  to?: string;
};

/** One line, no control characters: safe in a mail header. */
const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

export function contactMail(message: ContactInput, to: string): MailMessage {
  return {
    to,
    replyTo: message.email,
    subject: `[Contato pelo site] ${oneLine(message.subject)}`,
    text: [
      'Nova mensagem enviada pelo formulário de contato da Clarear.',
      '',
      `Nome: ${oneLine(message.name)}`,
      `E-mail: ${message.email}`,
      `Assunto: ${oneLine(message.subject)}`,
      '',
      message.message,
      '',
      'Responda a este e-mail para falar diretamente com o cliente.',
    ].join('\n'),
  };
}

/**
 * Stores the message and queues its e-mail to the store in one transaction: the customer's
 * answer never waits for SMTP, and an SMTP outage only delays the e-mail (mail/outbox.server.ts
 * retries it, and shows it to the admin if it finally fails).
 */
export async function submitContactMessage(db: Database, message: ContactInput, options: Options = {}): Promise<ContactSubmission> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: message.name, email: message.email, subject: message.subject, message: message.message })
      .returning({ id: contactMessages.id });
    await enqueueMail(tx, { kind: 'contact', ...contactMail(message, options.to ?? getEnv().STORE_EMAIL), dedupeKey: `contact:${row!.id}` });
    return row!.id;
  });
  kickMailDelivery(db);
  return { id };
}
