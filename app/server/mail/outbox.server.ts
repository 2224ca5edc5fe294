// The durable mail queue. Every e-mail of the store is a row of email_outbox written with
// `enqueueMail` in the same transaction as the change that causes it, so a purchase and its
// e-mail commit or roll back together and an SMTP outage loses nothing. The mail worker
// (`deliverDueMail`: kicked after each commit and run every minute by the job runner) sends
// due rows with retries and back-off; after the last attempt a row is 'failed' and shown to
// the admin, who can send it again.
// A row keeps its HTML part's content (EmailContent as JSON, a few hundred bytes), not the HTML
// (about 4 kB, stored compressed): the worker lays it out when it sends. A job queueing 20k
// e-mails wrote 80 MB of HTML that PostgreSQL compressed row by row (issue 17, goal 9).
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { columnList, jsonRows, resultRows } from '~/db/bulk.server';
import type { Database, Executor } from '~/db/client.server';
import { emailOutbox } from '~/db/schema';
import { now, MINUTE_MS } from '~/lib/clock';
import { runInBackground } from '../infra/background.server';
import { log } from '../infra/log.server';
import type { PublicSeller } from '~/lib/seller';
import { unsubscribeTextFooter, type UnsubscribeList } from '~/lib/unsubscribe';
import { getPublicSettings } from '../settings/settings.server';
import { renderEmailHtmlFast, textEmailContent, withSellerFooter, type EmailContent } from './html.server';
import { deliverMessage, type MailMessage, type MailTransport } from './transport.server';

/** Where an optional e-mail (newsletter, reminders) lets its reader leave: `unsubscribe.server.ts` makes it. */
export type UnsubscribeLink = { list: UnsubscribeList; url: string };

export type OutgoingMail = Omit<MailMessage, 'listUnsubscribe' | 'html'> & {
  /** Which template (for the admin list and the tests): 'order-paid', 'account-confirmation', … */
  kind: string;
  /** The same key twice sends once: e.g. `order:<id>:shipped`. */
  dedupeKey?: string;
  /**
   * Optional e-mails only: the link goes in the List-Unsubscribe headers and in the footer of
   * both parts (a sender with its own `content` puts it there through `EmailContent.unsubscribe`).
   */
  unsubscribe?: UnsubscribeLink;
  /** The HTML part's content (an order's table, a code box…); without it, the text laid out (`textEmailContent`). */
  content?: EmailContent;
};

/** What the outbox keeps of a mail's HTML part: its content, rendered by the worker at sending. */
function htmlContentOf(mail: OutgoingMail): string {
  return JSON.stringify(mail.content ?? textEmailContent(mail.subject, mail.text, mail.unsubscribe));
}

/**
 * The HTML part of a claimed row: laid out now from its content, with who sells in the footer; a row
 * queued before html_content kept its HTML.
 */
export async function outboxHtml(row: { htmlBody: string | null; htmlContent: string | null }, seller?: PublicSeller): Promise<string | undefined> {
  if (row.htmlBody !== null) return row.htmlBody;
  return row.htmlContent === null ? undefined : renderEmailHtmlFast(JSON.parse(row.htmlContent) as EmailContent, seller);
}

/** Minutes to wait after the 1st, 2nd, … failed attempt; after the last one the e-mail is 'failed'. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
/** A claimed row whose worker died is tried again after this. */
const LEASE_MS = 5 * MINUTE_MS;

/**
 * Queues an e-mail. Pass the transaction of the change that causes it. Returns the row id, or
 * null when an e-mail with the same dedupe key was already queued.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<string | null> {
  const text = mail.unsubscribe ? `${mail.text}\n\n${unsubscribeTextFooter(mail.unsubscribe.list, mail.unsubscribe.url)}` : mail.text;
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: text,
      htmlContent: htmlContentOf(mail),
      replyTo: mail.replyTo ?? null,
      dedupeKey: mail.dedupeKey ?? null,
      listUnsubscribe: mail.unsubscribe?.url ?? null,
      nextAttemptAt: now(),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return row?.id ?? null;
}

/** Rows per INSERT when a job queues many e-mails at once. */
const ENQUEUE_CHUNK = 500;
const OUTBOX_COLUMNS = {
  kind: 'text',
  to_address: 'text',
  subject: 'text',
  text_body: 'text',
  html_content: 'text',
  reply_to: 'text',
  dedupe_key: 'text',
  list_unsubscribe: 'text',
  next_attempt_at: 'timestamptz',
} as const;

/**
 * Queues many e-mails in the caller's transaction with one INSERT per 500 (a job's reminders or
 * renewals): the same rows as `enqueueMail` one by one. Returns how many were new (a dedupe key
 * already queued counts nothing).
 */
export async function enqueueMails(db: Executor, mails: readonly OutgoingMail[]): Promise<number> {
  let queued = 0;
  for (let start = 0; start < mails.length; start += ENQUEUE_CHUNK) {
    const chunk = mails.slice(start, start + ENQUEUE_CHUNK);
    const at = now();
    const values = chunk.map((mail) => ({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.unsubscribe ? `${mail.text}\n\n${unsubscribeTextFooter(mail.unsubscribe.list, mail.unsubscribe.url)}` : mail.text,
      html_content: htmlContentOf(mail),
      reply_to: mail.replyTo ?? null,
      dedupe_key: mail.dedupeKey ?? null,
      list_unsubscribe: mail.unsubscribe?.url ?? null,
      next_attempt_at: at,
    }));
    // One jsonb parameter rather than a VALUES of 9 × 500 bound values (bulk.server.ts).
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`
        insert into ${emailOutbox} ${columnList(OUTBOX_COLUMNS)}
        ${jsonRows(values, OUTBOX_COLUMNS)}
        on conflict (dedupe_key) do nothing
        returning id`),
    );
    queued += rows.length;
  }
  return queued;
}

/** Queues outside any other change (account e-mails, contact) and asks for delivery at once. */
export async function sendMailNow(db: Database, mail: OutgoingMail): Promise<void> {
  await enqueueMail(db, mail);
  kickMailDelivery(db);
}

let transport: MailTransport = deliverMessage;

/** Tests: stand in for SMTP (an outage, a slow server). */
export function setMailTransport(next: MailTransport | null): void {
  transport = next ?? deliverMessage;
}

type Running = { again: boolean; done: Promise<void> };
const state = globalThis as typeof globalThis & { __clarearMailRun?: Running };

/**
 * Delivers what is due now, off the response path (tracked as a background task). Called after a
 * commit that queued e-mail; a call while a run is going makes that run look once more.
 */
export function kickMailDelivery(db: Database): void {
  const running = state.__clarearMailRun;
  if (running) {
    running.again = true;
    return;
  }
  const run: Running = { again: false, done: Promise.resolve() };
  state.__clarearMailRun = run;
  run.done = (async () => {
    try {
      do {
        run.again = false;
        await deliverDueMail(db);
      } while (run.again);
    } finally {
      state.__clarearMailRun = undefined;
    }
  })();
  runInBackground(run.done, 'envio de e-mails');
}

export type DeliveryReport = { sent: number; retried: number; failed: number };

/**
 * Sends every due e-mail, `batch` at a time. Rows are claimed with a lease (status 'sending',
 * next attempt in 5 min) under SKIP LOCKED, so two workers never send the same row; a worker
 * that dies leaves the lease to expire and the row is tried again.
 */
export async function deliverDueMail(db: Database, batch = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  // Who sells, for every e-mail's footer (both parts): read once per run (the pages' shared copy of
  // the settings), before any row is claimed, so a failed read leaves no row leased.
  const { seller } = await getPublicSettings(db);
  for (;;) {
    const at = now();
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.status, ['pending', 'sending']), lte(emailOutbox.nextAttemptAt, at)))
        .orderBy(emailOutbox.nextAttemptAt)
        .limit(batch)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(emailOutbox)
        .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
        .where(inArray(emailOutbox.id, due.map((d) => d.id)))
        .returning();
    });
    if (claimed.length === 0) return report;
    for (const row of claimed) {
      try {
        await transport({
          to: row.toAddress,
          subject: row.subject,
          text: withSellerFooter(row.textBody, seller),
          html: await outboxHtml(row, seller),
          replyTo: row.replyTo ?? undefined,
          listUnsubscribe: row.listUnsubscribe ?? undefined,
        });
        await db.update(emailOutbox).set({ status: 'sent', sentAt: now(), lastError: null }).where(eq(emailOutbox.id, row.id));
        report.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const final = row.attempts >= MAX_ATTEMPTS;
        const delay = RETRY_DELAYS_MINUTES[row.attempts - 1] ?? RETRY_DELAYS_MINUTES.at(-1)!;
        await db
          .update(emailOutbox)
          .set(final ? { status: 'failed', lastError: message.slice(0, 500) } : { status: 'pending', lastError: message.slice(0, 500), nextAttemptAt: new Date(now().getTime() + delay * MINUTE_MS) })
          .where(eq(emailOutbox.id, row.id));
        if (final) {
          report.failed += 1;
          log.error(`e-mail ${row.kind} para ${row.toAddress} falhou ${row.attempts} vezes e desistimos`, message);
        } else {
          report.retried += 1;
          log.warn(`e-mail ${row.kind}: tentativa ${row.attempts} falhou; nova tentativa em ${delay} min`, message);
        }
      }
    }
    if (claimed.length < batch) return report;
  }
}

export type FailedMail = { id: string; kind: string; toAddress: string; subject: string; attempts: number; lastError: string | null; createdAt: Date };

/** E-mails given up on, newest first (the admin dashboard). */
export async function listFailedMail(db: Executor, limit = 20): Promise<FailedMail[]> {
  return db
    .select({ id: emailOutbox.id, kind: emailOutbox.kind, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'failed'))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

/** The admin's "Reenviar": a failed e-mail goes back to the queue with a fresh set of attempts. True if it was failed. */
export async function retryFailedMail(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now() })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  if (rows.length) kickMailDelivery(db);
  return rows.length > 0;
}

