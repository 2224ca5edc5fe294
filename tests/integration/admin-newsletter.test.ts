// The admin's newsletter list: sign-ups keep their source (footer or blog), newest first, searched
// by e-mail, removed once, exported.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '~/lib/clock';
import { newsletterSchema } from '~/lib/schemas/newsletter';
import { exportNewsletterSubscribers, listNewsletterSubscribers, removeNewsletterSubscriber } from '~/server/newsletter/admin.server';
import { subscribeToNewsletter } from '~/server/newsletter/newsletter.server';
import { engines } from '../support/engines';

describe.each(engines)('admin newsletter on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    setClock('2026-11-20T10:00:00-03:00');
    await subscribeToNewsletter(handle.db, 'Ana@Exemplo.com.br');
    setClock('2026-11-21T10:00:00-03:00');
    await subscribeToNewsletter(handle.db, 'bruno_100%@exemplo.com.br', 'blog');
    setClock('2026-11-22T10:00:00-03:00');
    await subscribeToNewsletter(handle.db, 'carla@empresa.com.br', 'footer');
    resetClock();
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await handle?.drop();
  });

  it('the form says where it was; anything else counts as the footer', () => {
    expect(newsletterSchema.parse({ email: 'a@b.com.br', source: 'blog' }).source).toBe('blog');
    expect(newsletterSchema.parse({ email: 'a@b.com.br', source: '<script>' }).source).toBe('footer');
    expect(newsletterSchema.parse({ email: 'a@b.com.br' }).source).toBe('footer');
  });

  it('lists newest first with date and source; searches by e-mail, any case, % literal', async () => {
    const list = await listNewsletterSubscribers(handle.db, {});
    expect(list.items.map((s) => [s.email, s.source])).toEqual([
      ['carla@empresa.com.br', 'footer'],
      ['bruno_100%@exemplo.com.br', 'blog'],
      ['ana@exemplo.com.br', 'footer'],
    ]);
    expect(list.total).toBe(3);
    expect((await listNewsletterSubscribers(handle.db, { q: 'EXEMPLO' })).items.map((s) => s.email)).toEqual(['bruno_100%@exemplo.com.br', 'ana@exemplo.com.br']);
    expect((await listNewsletterSubscribers(handle.db, { q: '100%' })).items.map((s) => s.email)).toEqual(['bruno_100%@exemplo.com.br']);
    expect((await listNewsletterSubscribers(handle.db, { q: '_' })).items.map((s) => s.email)).toEqual(['bruno_100%@exemplo.com.br']);
    expect((await exportNewsletterSubscribers(handle.db, 'empresa')).map((s) => s.email)).toEqual(['carla@empresa.com.br']);
  });

  it('removes a subscriber once; the e-mail can sign up again', async () => {
    const [carla] = (await listNewsletterSubscribers(handle.db, { q: 'carla' })).items;
    expect(await removeNewsletterSubscriber(handle.db, carla!.id)).toBe(true);
    expect(await removeNewsletterSubscriber(handle.db, carla!.id)).toBe(false);
    expect((await listNewsletterSubscribers(handle.db, {})).total).toBe(2);
    expect(await subscribeToNewsletter(handle.db, 'carla@empresa.com.br', 'blog')).toBe('subscribed');
  });
});
