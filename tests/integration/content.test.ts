import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '~/db/schema';
import { isCheckViolation } from '~/db/errors.server';
import * as seed from '~/db/seed/data';
import { seedCatalogue } from '~/db/seed/seed.server';
import { CONTACT_LIMITS, contactSchema } from '~/lib/schemas/contact';
import type { MailMessage } from '~/server/mail/transport.server';
import { deliverDueMail, enqueueMail, setMailTransport } from '~/server/mail/outbox.server';
import { renderEmailHtml, textEmailContent } from '~/server/mail/html.server';
import { settleBackgroundTasks } from '~/server/infra/background.server';
import { advanceClock, now, resetClock } from '~/lib/clock';
import { contactMail, submitContactMessage } from '~/server/contact/contact.server';
import {
  BLOG_SEARCH_MAX_LENGTH,
  categorySlug,
  escapeLike,
  getBlogPost,
  getLegalPage,
  isSlug,
  listBlogCategories,
  listBlogPosts,
  parseBlogQuery,
} from '~/server/content/content.server';
import { getAboutHero, getPublicSettings } from '~/server/settings/settings.server';
import { listSitemapEntries, sitemapXml, STATIC_PATHS } from '~/server/content/sitemap.server';
import { engines } from '../support/engines';
import { logger } from '~/server/infra/log.server';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The seed posts a search should find, computed independently of SQL. */
function expectedSlugs(term: string, category?: string): string[] {
  return seed.blogPosts
    .filter((p) => (fold(p.title).includes(fold(term)) || fold(p.excerpt).includes(fold(term))) && (!category || p.category === category))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((p) => p.slug);
}

describe('pure helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('10%_off\\x')).toBe('10\\%\\_off\\\\x');
    expect(escapeLike('água sanitária')).toBe('água sanitária');
  });

  it('turns category names into URL slugs', () => {
    expect(categorySlug('Segurança')).toBe('seguranca');
    expect(categorySlug('  Dicas & Truques ')).toBe('dicas-truques');
  });

  it('accepts only slug-shaped values as slugs', () => {
    expect(isSlug('termos-uso')).toBe(true);
    for (const bad of [undefined, '', 'Termos', 'a b', '%', 'ação', '-x', 'x-', 'a--b', 'a'.repeat(201)]) expect(isSlug(bad), String(bad)).toBe(false);
  });

  it('parses /blog query strings without ever failing', () => {
    expect(parseBlogQuery(new URLSearchParams())).toEqual({ q: '', categoria: '' });
    expect(parseBlogQuery(new URLSearchParams('q=%20Rejunte%20&categoria=Dicas'))).toEqual({ q: 'Rejunte', categoria: 'dicas' });
    expect(parseBlogQuery(new URLSearchParams(`q=${'a'.repeat(10_000)}`)).q).toHaveLength(BLOG_SEARCH_MAX_LENGTH);
    expect(parseBlogQuery(new URLSearchParams('q=a%00b')).q).toBe('ab');
    expect(parseBlogQuery(new URLSearchParams('q=%E0%A4%A')).q).toBe('\uFFFD%A');
  });

  it('validates the contact form with pt-BR messages and the database limits', () => {
    const ok = { name: ' Ana ', email: 'ana@exemplo.com.br', subject: 'Pedido', message: 'Olá!' };
    expect(contactSchema.parse(ok)).toEqual({ ...ok, name: 'Ana' });
    const empty = contactSchema.safeParse({ name: ' ', email: '', subject: '', message: '' });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`)).toEqual([
      'name: Informe seu nome.',
      'email: Informe seu e-mail.',
      'subject: Informe o assunto.',
      'message: Escreva sua mensagem.',
    ]);
    expect(contactSchema.safeParse({ ...ok, email: 'nao-e-email' }).error?.issues[0]?.message).toBe('Informe um e-mail válido.');
    expect(contactSchema.safeParse({ ...ok, name: 'a'.repeat(CONTACT_LIMITS.name) }).success).toBe(true);
    expect(contactSchema.safeParse({ ...ok, name: 'a'.repeat(CONTACT_LIMITS.name + 1) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...ok, subject: 'a'.repeat(CONTACT_LIMITS.subject + 1) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...ok, message: 'a'.repeat(CONTACT_LIMITS.message + 1) }).success).toBe(false);
    expect(contactSchema.parse({ ...ok, message: 'a\u0000b' }).message).toBe('ab');
  });

  it('writes the store e-mail on one subject line, replying to the customer', () => {
    const mail = contactMail({ name: 'Ana\r\nBcc: x@y.z', email: 'ana@exemplo.com.br', subject: 'Oi\r\nBcc: x@y.z', message: 'Linha 1\nLinha 2' }, 'loja@clarear.com.br');
    expect(mail.to).toBe('loja@clarear.com.br');
    expect(mail.replyTo).toBe('ana@exemplo.com.br');
    expect(mail.subject).toBe('[Contato pelo site] Oi Bcc: x@y.z');
    expect(mail.text).toContain('Nome: Ana Bcc: x@y.z');
    expect(mail.text).toContain('Linha 1\nLinha 2');
  });

  it('builds an escaped sitemap with absolute URLs', () => {
    const xml = sitemapXml('https://loja.example', [{ path: '/' }, { path: '/blog/a&b', lastmod: new Date('2026-05-12T15:00:00.123Z') }]);
    expect(xml).toContain('<loc>https://loja.example/</loc>');
    expect(xml).toContain('<loc>https://loja.example/blog/a&amp;b</loc>\n    <lastmod>2026-05-12T15:00:00Z</lastmod>');
  });
});

describe.each(engines)('content on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('reads the about hero from site_content', async () => {
    const byKey = Object.fromEntries(seed.siteContent.filter((c) => c.page === 'about' && c.section === 'hero').map((c) => [c.elementKey, c.content]));
    expect(await getAboutHero(handle.db)).toEqual({ title: byKey.title, subtitle: byKey.subtitle, description: byKey.description });
  });

  it('lists every post newest first', async () => {
    const posts = await listBlogPosts(handle.db);
    expect(posts.map((p) => p.slug)).toEqual(expectedSlugs(''));
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (let i = 1; i < posts.length; i++) expect(posts[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(posts[i]!.createdAt.getTime());
  });

  it('searches title and excerpt, ignoring case (and accents)', async () => {
    const search = async (term: string) => (await listBlogPosts(handle.db, { search: term })).map((p) => p.slug);
    expect(await search('REJUNTE')).toEqual(['como-limpar-o-rejunte-do-banheiro']);
    expect(await search('rejunte')).toEqual(await search('ReJuNtE'));
    // Only in an excerpt, never in a title.
    const excerptOnly = 'gases tóxicos';
    expect(seed.blogPosts.some((p) => fold(p.title).includes(fold(excerptOnly)))).toBe(false);
    expect(await search(excerptOnly.toUpperCase())).toEqual(expectedSlugs(excerptOnly));
    expect(await search(excerptOnly)).not.toEqual([]);
    expect(await search('agua sanitaria')).toEqual(expectedSlugs('água sanitária'));
    expect(await search('  ')).toEqual(expectedSlugs(''));
    expect(await search('palavra-que-nao-existe-em-post-nenhum')).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    const search = async (term: string) => (await listBlogPosts(handle.db, { search: term })).map((p) => p.slug);
    for (const term of ['%', '_', '\\', '%%', "' or 1=1 --"]) expect(await search(term), term).toEqual([]);
    const base = { content: '<p>x</p>', author: 'Teste', category: 'Teste' };
    await handle.db.insert(t.blogPosts).values([
      { ...base, slug: 'teste-desconto', title: 'Desconto de 10% na limpeza', excerpt: 'código a_b e c:\\d' },
      { ...base, slug: 'teste-semelhante', title: 'Desconto de 100 na limpeza', excerpt: 'código axb e c:d' },
    ]);
    try {
      expect(await search('%')).toEqual(['teste-desconto']);
      expect(await search('10%')).toEqual(['teste-desconto']);
      expect(await search('a_b')).toEqual(['teste-desconto']);
      expect(await search('c:\\d')).toEqual(['teste-desconto']);
      expect(await search('10')).toEqual(expect.arrayContaining(['teste-desconto', 'teste-semelhante']));
    } finally {
      await handle.db.delete(t.blogPosts).where(inArray(t.blogPosts.slug, ['teste-desconto', 'teste-semelhante']));
    }
  });

  it('survives hostile search input', async () => {
    await expect(listBlogPosts(handle.db, { search: 'a'.repeat(10_000) })).resolves.toEqual([]);
    await expect(listBlogPosts(handle.db, { search: 'rejunte\u0000' })).resolves.toHaveLength(1);
    await expect(listBlogPosts(handle.db, { search: '\uFFFD%A' })).resolves.toEqual([]);
  });

  it('filters by category, alone and with a search', async () => {
    const categories = await listBlogCategories(handle.db);
    expect(categories).toEqual([...new Set(seed.blogPosts.map((p) => p.category))].sort((a, b) => (a < b ? -1 : 1)));
    const safety = await listBlogPosts(handle.db, { category: 'Segurança' });
    expect(safety.map((p) => p.slug)).toEqual(expectedSlugs('', 'Segurança'));
    expect(safety.length).toBeGreaterThan(0);
    expect(safety.every((p) => p.category === 'Segurança')).toBe(true);
    expect((await listBlogPosts(handle.db, { category: 'Dicas', search: 'rejunte' })).map((p) => p.slug)).toEqual(['como-limpar-o-rejunte-do-banheiro']);
    expect(await listBlogPosts(handle.db, { category: 'Segurança', search: 'rejunte' })).toEqual([]);
    expect(await listBlogPosts(handle.db, { category: 'Não existe' })).toEqual([]);
  });

  it('reads a post by slug; a missing slug is null', async () => {
    const post = await getBlogPost(handle.db, 'como-limpar-o-rejunte-do-banheiro');
    const source = seed.blogPosts.find((p) => p.slug === 'como-limpar-o-rejunte-do-banheiro')!;
    expect(post).toMatchObject({ title: source.title, author: source.author, category: source.category, tags: source.tags, content: source.content });
    expect(post!.createdAt).toBeInstanceOf(Date);
    expect(await getBlogPost(handle.db, 'post-que-nao-existe')).toBeNull();
  });

  it('reads a legal page by slug; a missing slug is null', async () => {
    for (const source of seed.legalPages) {
      const page = await getLegalPage(handle.db, source.slug);
      expect(page).toMatchObject({ slug: source.slug, title: source.title, description: source.description, content: source.content });
    }
    expect(await getLegalPage(handle.db, 'pagina-que-nao-existe')).toBeNull();
  });

  it('stores a contact message and queues its e-mail to the store in the same transaction; it leaves after the answer', async () => {
    const sent: MailMessage[] = [];
    setMailTransport(async (m) => void sent.push(m));
    try {
      const message = { name: 'Ana Souza', email: 'ana@exemplo.com.br', subject: 'Pedido 123', message: 'Quando chega?' };
      const result = await submitContactMessage(handle.db, message, { to: 'loja@clarear.com.br' });
      const [row] = await handle.db.select().from(t.contactMessages).where(eq(t.contactMessages.id, result.id));
      expect(row).toMatchObject(message);
      const [queued] = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.dedupeKey, `contact:${result.id}`));
      expect(queued).toMatchObject({ kind: 'contact', toAddress: 'loja@clarear.com.br', replyTo: 'ana@exemplo.com.br' });
      await settleBackgroundTasks();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'loja@clarear.com.br', replyTo: 'ana@exemplo.com.br' });
      expect(sent[0]!.subject).toContain('Pedido 123');
      expect(sent[0]!.text).toContain('Quando chega?');
      const [after] = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.id, queued!.id));
      expect(after).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      setMailTransport(null);
    }
  });

  it('the outbox keeps an e-mail\'s HTML content, not its HTML: the worker lays it out when it sends (a row queued before that is sent as stored)', async () => {
    const sent: MailMessage[] = [];
    setMailTransport(async (m) => void sent.push(m));
    try {
      const content = { preview: 'Pedido ABC', heading: 'Pedido <confirmado>', paragraphs: ['Olá, Ana & Bia!'], lines: [{ quantity: 2, name: 'Detergente', size: '500 ml', unitPrice: '4.90' }], button: { label: 'Ver meu pedido', url: 'https://loja.clarear.test/pedido/1' } };
      const queuedId = await enqueueMail(handle.db, { kind: 'test-content', to: 'ana@exemplo.com.br', subject: 'Clarear: pedido', text: 'Olá, Ana & Bia!', content, dedupeKey: 'test-content:1' });
      const [row] = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.id, queuedId!));
      expect(row!.htmlBody).toBeNull();
      expect(JSON.parse(row!.htmlContent!)).toEqual(content);
      // A row written by the previous version, with its HTML already laid out.
      await handle.db.insert(t.emailOutbox).values({ kind: 'test-legacy', toAddress: 'bia@exemplo.com.br', subject: 'Clarear: antigo', textBody: 'Antigo', htmlBody: '<p>HTML antigo</p>', nextAttemptAt: now() });
      await deliverDueMail(handle.db);
      const byKind = (to: string) => sent.find((m) => m.to === to)!;
      // Laid out with who sells in the footer (the settings' seller).
      const { seller } = await getPublicSettings(handle.db);
      expect(byKind('ana@exemplo.com.br').html).toBe(await renderEmailHtml(content, seller));
      expect(byKind('ana@exemplo.com.br').html).toContain('Pedido &lt;confirmado&gt;');
      expect(byKind('bia@exemplo.com.br').html).toBe('<p>HTML antigo</p>');
      // A text e-mail without content gets its text laid out, as before.
      await enqueueMail(handle.db, { kind: 'test-text', to: 'caio@exemplo.com.br', subject: 'Clarear: aviso', text: 'Olá!\n\nVeja: https://loja.clarear.test/produtos' });
      await deliverDueMail(handle.db);
      expect(byKind('caio@exemplo.com.br').html).toBe(await renderEmailHtml(textEmailContent('Clarear: aviso', 'Olá!\n\nVeja: https://loja.clarear.test/produtos'), seller));
    } finally {
      setMailTransport(null);
    }
  });

  it('an SMTP outage loses nothing: the message is kept and its e-mail retried until it leaves', async () => {
    let down = true;
    const sent: MailMessage[] = [];
    setMailTransport(async (m) => {
      if (down) throw new Error('SMTP fora do ar');
      sent.push(m);
    });
    const spy = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      const message = { name: 'Bruno', email: 'bruno@exemplo.com.br', subject: 'Dúvida', message: 'Tem refil?' };
      const result = await submitContactMessage(handle.db, message, { to: 'loja@clarear.com.br' });
      await settleBackgroundTasks();
      const [row] = await handle.db.select().from(t.contactMessages).where(eq(t.contactMessages.id, result.id));
      expect(row).toMatchObject(message);
      const [queued] = await handle.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.dedupeKey, `contact:${result.id}`));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP fora do ar' });
      expect(sent).toHaveLength(0);
      // SMTP is back; the retry is due a minute later.
      down = false;
      await deliverDueMail(handle.db);
      expect(sent).toHaveLength(0);
      advanceClock(2 * 60_000);
      await deliverDueMail(handle.db);
      expect(sent.map((m) => m.subject)).toEqual(['[Contato pelo site] Dúvida']);
    } finally {
      resetClock();
      spy.mockRestore();
      setMailTransport(null);
    }
  });

  it('the database refuses contact messages over the form limits', async () => {
    const base = { name: 'Ana', email: 'a@b.c', subject: 'Oi', message: 'Olá' };
    await expect(
      handle.db.insert(t.contactMessages).values({ ...base, name: 'a'.repeat(CONTACT_LIMITS.name) }),
    ).resolves.toBeDefined();
    for (const over of [
      { name: 'a'.repeat(CONTACT_LIMITS.name + 1) },
      { subject: 'a'.repeat(CONTACT_LIMITS.subject + 1) },
      { message: 'a'.repeat(CONTACT_LIMITS.message + 1) },
      { message: '' },
    ]) {
      const error = await handle.db.insert(t.contactMessages).values({ ...base, ...over }).then(() => null, (e: unknown) => e);
      expect(error && isCheckViolation(error), JSON.stringify(Object.keys(over))).toBe(true);
    }
  });

  it('lists every public page, product, kit, post and legal page for the sitemap', async () => {
    const entries = await listSitemapEntries(handle.db);
    const paths = entries.map((e) => e.path);
    expect(paths.slice(0, STATIC_PATHS.length)).toEqual([...STATIC_PATHS]);
    const [{ n }] = (await handle.db.execute(sql`select count(*)::int as n from products`)).rows as [{ n: number }];
    expect(paths.filter((p) => p.startsWith('/produtos/'))).toHaveLength(n);
    for (const p of [...seed.products, ...seed.kits]) expect(paths).toContain(`/produtos/${p.slug}`);
    for (const p of seed.blogPosts) expect(paths).toContain(`/blog/${p.slug}`);
    for (const p of seed.legalPages) expect(paths).toContain(`/${p.slug}`);
    expect(entries.filter((e) => e.path.startsWith('/produtos/') || e.path.startsWith('/blog/')).every((e) => e.lastmod instanceof Date)).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
