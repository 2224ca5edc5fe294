// How a message physically leaves: by SMTP with SMTP_URL; without it, written to
// DATA_DIR/outbox as JSON (tests and development read it there) and, in development, printed.
// Only the mail worker (outbox.server.ts) calls this: everything else enqueues.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { now } from '~/lib/clock';
import { getEnv } from '../env.server';

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };

let transporter: Transporter | undefined;

export function outboxDir(): string {
  return path.join(getEnv().dataDir, 'outbox');
}

export type MailTransport = (message: MailMessage) => Promise<void>;

export const deliverMessage: MailTransport = async (message) => {
  const env = getEnv();
  if (env.SMTP_URL) {
    transporter ??= nodemailer.createTransport(env.SMTP_URL);
    await transporter.sendMail({ from: env.MAIL_FROM, ...message });
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const sentAt = now().toISOString();
  const file = path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
  await writeFile(file, JSON.stringify({ from: env.MAIL_FROM, sentAt, ...message }, null, 2));
  if (env.NODE_ENV === 'development') {
    console.info(`\n📧 E-mail (outbox) para ${message.to}: ${message.subject}\n${message.text}\n`);
  }
};
