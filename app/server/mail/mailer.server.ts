// All e-mail leaves through here. With SMTP_URL it goes out by SMTP; without it,
// each message is written to DATA_DIR/outbox as JSON (tests read it) and, in
// development, printed to the console.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv } from '../env.server';

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };

let transporter: Transporter | undefined;

export function outboxDir(): string {
  return path.join(getEnv().dataDir, 'outbox');
}

export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    transporter ??= nodemailer.createTransport(env.SMTP_URL);
    await transporter.sendMail({ from: env.MAIL_FROM, ...message });
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const file = path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
  await writeFile(file, JSON.stringify({ from: env.MAIL_FROM, sentAt, ...message }, null, 2));
  if (env.NODE_ENV === 'development') {
    console.info(`\n📧 E-mail (outbox) para ${message.to}: ${message.subject}\n${message.text}\n`);
  }
}
