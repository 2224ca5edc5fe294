// How a message physically leaves: by SMTP with SMTP_URL; without it, written to
// DATA_DIR/outbox as JSON (tests and development read it there) and, in development, printed.
// Only the mail worker (outbox.server.ts) calls this: everything else enqueues.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { now } from '~/lib/clock';
import { getEnv } from '../infra/env.server';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** An optional e-mail's one-click unsubscribe URL: sent as the RFC 8058 headers. */
  listUnsubscribe?: string;
};

/** RFC 2369 List-Unsubscribe with RFC 8058's one-click POST: what Gmail, Yahoo and Outlook show as "Cancelar inscrição". */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

let transporter: Transporter | undefined;

export function outboxDir(): string {
  return path.join(getEnv().dataDir, 'outbox');
}

export type MailTransport = (message: MailMessage) => Promise<void>;

export const deliverMessage: MailTransport = async ({ listUnsubscribe, ...message }) => {
  const env = getEnv();
  const headers = listUnsubscribe ? unsubscribeHeaders(listUnsubscribe) : undefined;
  if (env.SMTP_URL) {
    transporter ??= nodemailer.createTransport(env.SMTP_URL);
    await transporter.sendMail({ from: env.MAIL_FROM, ...message, headers });
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const sentAt = now().toISOString();
  const file = path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
  // Written aside, then renamed: whoever reads the folder (the e2e tests) never sees half a file.
  await writeFile(`${file}.partial`, JSON.stringify({ from: env.MAIL_FROM, sentAt, ...message, headers }, null, 2));
  await rename(`${file}.partial`, file);
  if (env.NODE_ENV === 'development') {
    console.info(`\n📧 E-mail (outbox) para ${message.to}: ${message.subject}\n${message.text}\n`);
  }
};
