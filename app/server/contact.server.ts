// Messages from /contato: stored first, then mailed to the store. A mail
// failure is logged and leaves mailed_at null (the message is not lost and the
// customer still gets their confirmation); stored messages can be resent later.
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { contactMessages } from '~/db/schema';
import type { ContactInput } from '~/lib/schemas/contact';
import { getEnv } from './env.server';
import { deliverMessage as sendMail, type MailMessage } from './mail/transport.server';
import { log } from './log.server';

export type ContactSubmission = { id: string; mailed: boolean };

type Options = {
  /** Where the message goes; the store's address by default. */
  to?: string;
  /** The mailer; tests pass their own. */
  send?: (message: MailMessage) => Promise<void>;
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

export async function submitContactMessage(db: Executor, message: ContactInput, options: Options = {}): Promise<ContactSubmission> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: message.name, email: message.email, subject: message.subject, message: message.message })
    .returning({ id: contactMessages.id });
  const id = row!.id;
  try {
    await (options.send ?? sendMail)(contactMail(message, options.to ?? getEnv().STORE_EMAIL));
  } catch (error) {
    log.error(`contato: mensagem ${id} gravada, mas o e-mail para a loja falhou`, error);
    return { id, mailed: false };
  }
  try {
    await db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, id));
  } catch (error) {
    // Stored and mailed: only the bookkeeping failed, the customer is answered all the same.
    log.error(`contato: mensagem ${id} enviada, mas mailed_at não foi gravado`, error);
  }
  return { id, mailed: true };
}
