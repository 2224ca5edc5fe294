// The admin's contact inbox: newest first with unread marked, search without accents or case,
// opening marks read, a reply goes by e-mail and stays with the message, marks, delete.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { resetClock, setClock } from '~/lib/clock';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { deleteContactMessage, listContactMessages, markContactMessage, openContactMessage, replyToContactMessage } from '~/server/contact/admin.server';
import { submitContactMessage } from '~/server/contact/contact.server';
import { setMailTransport } from '~/server/mail/outbox.server';
import { engines } from '../support/engines';

describe.each(engines)('admin messages on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  const adminId = 'admin-mensagens';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    setMailTransport(async () => undefined);
    await handle.db.insert(t.user).values({ id: adminId, name: 'Admin das Mensagens', email: 'admin.mensagens@clarear.com.br', role: 'admin' });
    const send = async (key: string, at: string, message: { name: string; email: string; subject: string; message: string }) => {
      setClock(at);
      ids[key] = (await submitContactMessage(handle.db, message, { to: 'loja@clarear.com.br' })).id;
    };
    await send('sabao', '2026-11-20T10:00:00-03:00', { name: 'João Araújo', email: 'joao@exemplo.com.br', subject: 'Sabão em pó', message: 'O sabão chegou sem tampa.\nPodem trocar?' });
    await send('entrega', '2026-11-21T10:00:00-03:00', { name: 'Maria Souza', email: 'maria@exemplo.com.br', subject: 'Entrega', message: 'Qual o prazo para 100% das regiões?' });
    await send('cnpj', '2026-11-22T10:00:00-03:00', { name: 'Empresa Limpa', email: 'compras@empresa.com.br', subject: 'Compra com CNPJ', message: 'Vocês emitem nota para empresa?' });
    resetClock();
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await settleBackgroundTasks();
    setMailTransport(null);
    await handle?.drop();
  });

  it('lists newest first, all unread at first', async () => {
    const list = await listContactMessages(handle.db, {});
    expect(list.items.map((m) => m.id)).toEqual([ids.cnpj, ids.entrega, ids.sabao]);
    expect(list.items.every((m) => !m.read && !m.answered)).toBe(true);
    expect(list.unread).toBe(3);
  });

  it('searches name, e-mail, subject and text without regard to accents or case; % is a literal', async () => {
    expect((await listContactMessages(handle.db, { q: 'SABAO' })).items.map((m) => m.id)).toEqual([ids.sabao]);
    expect((await listContactMessages(handle.db, { q: 'joao araujo' })).items.map((m) => m.id)).toEqual([ids.sabao]);
    expect((await listContactMessages(handle.db, { q: 'empresa.com' })).items.map((m) => m.id)).toEqual([ids.cnpj]);
    expect((await listContactMessages(handle.db, { q: '100%' })).items.map((m) => m.id)).toEqual([ids.entrega]);
    expect((await listContactMessages(handle.db, { q: '%' })).items.map((m) => m.id)).toEqual([ids.entrega]);
    expect((await listContactMessages(handle.db, { q: 'nada disso' })).items).toEqual([]);
  });

  it('opening a message marks it read; unread can be set again', async () => {
    const opened = await openContactMessage(handle.db, ids.entrega!);
    expect(opened).toMatchObject({ subject: 'Entrega', replies: [] });
    expect(opened!.readAt).toBeInstanceOf(Date);
    expect((await listContactMessages(handle.db, {})).unread).toBe(2);
    expect((await listContactMessages(handle.db, { filter: 'unread' })).items.map((m) => m.id)).toEqual([ids.cnpj, ids.sabao]);
    expect(await markContactMessage(handle.db, ids.entrega!, 'unread')).toBe(true);
    expect((await listContactMessages(handle.db, {})).unread).toBe(3);
    expect(await openContactMessage(handle.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('a reply goes to the sender by e-mail, quoting them, and is kept with the message, which is then answered', async () => {
    expect(await replyToContactMessage(handle.db, { id: ids.sabao!, adminUserId: adminId, body: 'Olá! Enviamos outro sabão hoje.' })).toBe(true);
    const [mail] = await handle.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.kind, 'contact-reply'), eq(t.emailOutbox.toAddress, 'joao@exemplo.com.br')));
    expect(mail).toMatchObject({ subject: 'Re: Sabão em pó', replyTo: 'contato@clarear.com.br' });
    expect(mail!.textBody).toContain('Olá, João Araújo!');
    expect(mail!.textBody).toContain('Enviamos outro sabão hoje.');
    expect(mail!.textBody).toContain('> O sabão chegou sem tampa.\n> Podem trocar?');
    const opened = await openContactMessage(handle.db, ids.sabao!);
    expect(opened!.answeredAt).toBeInstanceOf(Date);
    expect(opened!.replies).toEqual([expect.objectContaining({ body: 'Olá! Enviamos outro sabão hoje.', adminName: 'Admin das Mensagens' })]);
    expect((await listContactMessages(handle.db, { filter: 'unanswered' })).items.map((m) => m.id)).not.toContain(ids.sabao);
    // A message deleted meanwhile: nothing is sent.
    expect(await replyToContactMessage(handle.db, { id: '00000000-0000-4000-8000-000000000000', adminUserId: adminId, body: 'Oi' })).toBe(false);
  });

  it('marks answered by hand and back', async () => {
    expect(await markContactMessage(handle.db, ids.cnpj!, 'answered')).toBe(true);
    expect((await listContactMessages(handle.db, { filter: 'unanswered' })).items.map((m) => m.id)).not.toContain(ids.cnpj);
    expect(await markContactMessage(handle.db, ids.cnpj!, 'unanswered')).toBe(true);
    expect((await listContactMessages(handle.db, { filter: 'unanswered' })).items.map((m) => m.id)).toContain(ids.cnpj);
  });

  it('deletes a message with its replies, once', async () => {
    expect(await deleteContactMessage(handle.db, ids.sabao!)).toBe(true);
    expect(await deleteContactMessage(handle.db, ids.sabao!)).toBe(false);
    expect(await handle.db.select().from(t.contactReplies).where(eq(t.contactReplies.messageId, ids.sabao!))).toEqual([]);
    expect((await listContactMessages(handle.db, {})).items.map((m) => m.id)).toEqual([ids.cnpj, ids.entrega]);
  });
});
