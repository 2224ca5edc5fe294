// /admin/settings on every engine, through the app itself (its database, seed and auth, as the
// authorization matrix runs them): the seeded details are today's, an admin's save shows at once
// in the root loader every page reads (and on /sobre), bad input is refused in pt-BR with nothing
// saved, customers and visitors cannot save, two saves from one form are one save and a conflict,
// the welcome offer switched off gives no discount in the quote nor in the order, and the seed
// never overwrites an edit. The seller's legal identity (Decreto 7.962/2013 art. 2): saved normalised
// and shown to every page, refused with nothing saved when the CNPJ or the CEP is wrong, in every
// e-mail's footer as the worker sends it, first in the dashboard's "A fazer" while it is missing or
// the seed's sample, and a production start's warning.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import type * as SeedModule from '~/db/seed/seed.server';
import type * as CheckoutSchemas from '~/lib/schemas/checkout';
import type * as RootModule from '~/root';
import type * as AboutModule from '~/routes/about';
import type * as RouteModule from '~/routes/admin/settings';
import type * as CatalogModule from '~/server/catalog/catalog.server';
import type * as CheckoutModule from '~/server/flows/checkout.server';
import type * as ProviderModule from '~/server/payments/provider.server';
import type * as SettingsModule from '~/server/settings/settings.server';
import type * as DashboardModule from '~/routes/admin/dashboard';
import type * as OutboxModule from '~/server/mail/outbox.server';
import type * as LogModule from '~/server/infra/log.server';
import type { MailMessage } from '~/server/mail/transport.server';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NEW_ADDRESS_DELIVERY } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

const ORIGIN = 'http://localhost:3000';

/** The form as the page posts it, with today's seeded details. */
const FORM: Record<string, string> = {
  phone: '(11) 4002-8922',
  hours: 'Segunda a sexta, das 8h às 18h',
  contactEmail: 'contato@clarear.com.br',
  whatsapp: '(11) 94002-8922',
  whatsappMessage: 'Olá! Vim pelo site da Clarear.',
  'social.instagram': 'https://www.instagram.com/clarear.limpeza',
  'social.facebook': 'https://www.facebook.com/clarear.limpeza',
  'social.youtube': '',
  'social.tiktok': '',
  'social.linkedin': '',
  'figures.0.value': '50k+',
  'figures.0.label': 'clientes',
  'figures.1.value': '98%',
  'figures.1.label': 'de aprovação',
  'figures.2.value': '24h',
  'figures.2.label': 'entrega na Grande São Paulo',
  'figures.3.value': '100+',
  'figures.3.label': 'produtos',
  welcomeOffer: 'on',
  aboutTitle: 'Limpeza que transforma ambientes',
  aboutSubtitle: 'Produtos de limpeza eficientes e seguros para casas, empresas e indústrias de todo o Brasil.',
  aboutDescription: 'A Clarear nasceu em 2025, em São Paulo.',
  // The seed's sample identity, as the form shows it.
  'seller.legalName': 'Clarear Produtos de Limpeza Ltda. (dados de exemplo)',
  'seller.tradeName': 'Clarear',
  'seller.cnpj': '11.222.333/0001-81',
  'seller.stateRegistration': '110042490114',
  'seller.addressZipCode': '01001-000',
  'seller.addressStreet': 'Rua de Exemplo',
  'seller.addressNumber': '100',
  'seller.addressComplement': 'Galpão 2',
  'seller.addressNeighborhood': 'Sé',
  'seller.addressCity': 'São Paulo',
  'seller.addressState': 'SP',
  'seller.answerDays': '5',
};

/** A real-looking identity: an alphanumeric CNPJ, exempt from IE, in Rio de Janeiro. */
const IDENTITY: Record<string, string> = {
  'seller.legalName': 'Brilho Carioca Comércio de Saneantes Ltda.',
  'seller.tradeName': 'Brilho Carioca',
  'seller.cnpj': '12.abc.345/01de-35',
  'seller.stateRegistration': '',
  'seller.stateRegistrationExempt': 'on',
  'seller.addressZipCode': '20040-020',
  'seller.addressStreet': 'Avenida Rio Branco',
  'seller.addressNumber': '156',
  'seller.addressComplement': 'Sala 1201',
  'seller.addressNeighborhood': 'Centro',
  'seller.addressCity': 'Rio de Janeiro',
  'seller.addressState': 'RJ',
  'seller.answerDays': '3',
};

type Answer = { status: number; location: string | null; body: unknown; setCookie: string | null };

/** A loader's or action's answer as the browser would see it: thrown or returned, Response or data(). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    return { status: value.status, location: value.headers.get('location'), body: text, setCookie: value.headers.get('set-cookie') };
  }
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === 'DataWithResponseInit') {
    return { status: wrapped.init?.status ?? 200, location: new Headers(wrapped.init?.headers).get('location'), body: wrapped.data, setCookie: new Headers(wrapped.init?.headers).get('set-cookie') };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value, setCookie: null };
}

const savedEnv = { ...process.env };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

// Types only: the modules themselves are imported afresh per engine (vi.resetModules).
type Modules = {
  settings: typeof SettingsModule;
  route: typeof RouteModule;
  root: typeof RootModule;
  about: typeof AboutModule;
  checkout: typeof CheckoutModule;
  seed: typeof SeedModule;
  schemas: typeof CheckoutSchemas;
  provider: typeof ProviderModule;
  catalog: typeof CatalogModule;
  dashboard: typeof DashboardModule;
  mail: typeof OutboxModule;
  log: typeof LogModule;
};

describe.each(engines.map((e) => e.name))('admin settings on %s', (engineName) => {
  let db: Database;
  let s: typeof Schema;
  let m: Modules;
  let cookies: { admin: string; customer: string };
  let adminId: string;
  let customer: { id: string; name: string; email: string };

  const post = (fields: Record<string, string>, cookie: string | null) => {
    const headers = new Headers({ origin: ORIGIN });
    if (cookie) headers.set('cookie', cookie);
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const request = new Request(`${ORIGIN}/admin/settings`, { method: 'POST', headers, body });
    return answerOf(() => m.route.action({ request, params: {}, context: {} } as never));
  };
  const get = (url: string, cookie: string | null, loader: (args: never) => unknown) => {
    const headers = new Headers();
    if (cookie) headers.set('cookie', cookie);
    return answerOf(() => loader({ request: new Request(`${ORIGIN}${url}`, { headers }), params: {}, context: {} } as never));
  };
  const rootSettings = async (cookie: string | null = null) => ((await get('/', cookie, m.root.loader as never)).body as { settings: unknown }).settings;
  const version = async () => (await db.select({ v: s.storeSettings.version }).from(s.storeSettings))[0]!.v;
  const snapshot = async () => JSON.stringify([await db.select().from(s.storeSettings), await db.select().from(s.siteContent).where(eq(s.siteContent.page, 'about'))]);

  it('opens the app database (migrated and seeded at start) and signs in the admin and a customer', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-settings-', 'clarear_settings');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    s = await import('~/db/schema');
    m = {
      settings: await import('~/server/settings/settings.server'),
      route: await import('~/routes/admin/settings'),
      root: await import('~/root'),
      about: await import('~/routes/about'),
      checkout: await import('~/server/flows/checkout.server'),
      seed: await import('~/db/seed/seed.server'),
      schemas: await import('~/lib/schemas/checkout'),
      provider: await import('~/server/payments/provider.server'),
      catalog: await import('~/server/catalog/catalog.server'),
      dashboard: await import('~/routes/admin/dashboard'),
      mail: await import('~/server/mail/outbox.server'),
      log: await import('~/server/infra/log.server'),
    };
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });

    let address = 0;
    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': `10.88.0.${++address}` } });
    const signIn = async (email: string, password: string) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return result.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const email = `carla.${randomUUID().slice(0, 6)}@exemplo.com.br`;
    const password = `senha-${randomUUID().slice(0, 8)}`;
    expect((await callAuth(authRequest(), '/sign-up/email', { name: 'Carla Cliente', email, password })).ok).toBe(true);
    const [row] = await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email)).returning();
    customer = { id: row!.id, name: row!.name, email };
    adminId = (await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, TEST_ADMIN.email)))[0]!.id;
    cookies = { admin: await signIn(TEST_ADMIN.email, TEST_ADMIN.password), customer: await signIn(email, password) };
  });

  it('starts with the details that were hard-coded before, as every page reads them', async () => {
    expect(await db.select().from(s.storeSettings)).toHaveLength(1);
    expect(await rootSettings()).toEqual({
      phone: { label: '(11) 4002-8922', href: 'tel:+551140028922' },
      whatsapp: {
        label: '(11) 94002-8922',
        href: 'https://wa.me/5511940028922',
        chatHref: `https://wa.me/5511940028922?text=${encodeURIComponent('Olá! Vim pelo site da Clarear.')}`,
      },
      email: 'contato@clarear.com.br',
      hours: 'Segunda a sexta, das 8h às 18h',
      whatsappMessage: 'Olá! Vim pelo site da Clarear.',
      social: [
        { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/clarear.limpeza' },
        { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/clarear.limpeza' },
      ],
      figures: [
        { value: '50k+', label: 'clientes' },
        { value: '98%', label: 'de aprovação' },
        { value: '24h', label: 'entrega na Grande São Paulo' },
        { value: '100+', label: 'produtos' },
      ],
      welcomeOffer: true,
      seller: {
        complete: true,
        legalName: 'Clarear Produtos de Limpeza Ltda. (dados de exemplo)',
        tradeName: 'Clarear',
        cnpj: '11.222.333/0001-81',
        stateRegistration: '110042490114',
        address: 'Rua de Exemplo, 100, Galpão 2 — Sé, São Paulo/SP, CEP 01001-000',
        answerDays: 5,
      },
    });
    // The admin's form starts from them, the phones written the Brazilian way.
    const page = await get('/admin/settings', cookies.admin, m.route.loader as never);
    expect(page.status).toBe(200);
    expect((page.body as { settings: Record<string, unknown> }).settings).toMatchObject({ phone: '(11) 4002-8922', whatsapp: '(11) 94002-8922', version: 1, welcomeOffer: true });
    // …and the seller's identity as the form shows it: the CNPJ and the CEP with their masks.
    expect((page.body as { settings: { seller: Record<string, unknown> } }).settings.seller).toMatchObject({ cnpj: '11.222.333/0001-81', addressZipCode: '01001-000', stateRegistration: '110042490114' });
  });

  it('a visitor is sent to sign in and a customer is refused (403, page → home): nothing is saved', async () => {
    const before = await snapshot();
    const changed = { ...FORM, version: '1', phone: '(11) 3333-4444' };
    expect(await post(changed, null)).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent('/admin/settings')}` });
    expect(await post(changed, cookies.customer)).toMatchObject({ status: 403 });
    expect(await get('/admin/settings', null, m.route.loader as never)).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent('/admin/settings')}` });
    expect(await get('/admin/settings', cookies.customer, m.route.loader as never)).toMatchObject({ status: 302, location: '/' });
    expect(await snapshot()).toBe(before);
  });

  it('bad input is refused field by field in pt-BR, keeps what was typed, and saves nothing', async () => {
    const before = await snapshot();
    const typed = {
      ...FORM,
      version: '1',
      phone: '4002-8922',
      whatsapp: '(11) 64002-8922',
      'social.instagram': 'https://instagram.com.golpe.example/clarear',
      'social.facebook': 'javascript:alert(document.cookie)',
      'social.youtube': 'https://www.facebook.com/clarear',
      contactEmail: 'contato@',
      'figures.1.value': '',
      aboutTitle: 'Novo título que não pode ser salvo',
    };
    const answer = await post(typed, cookies.admin);
    expect(answer.status).toBe(400);
    const body = answer.body as { errors: Record<string, string>; typed: Record<string, string>; toast: { title: string } };
    expect(body.errors).toEqual({
      phone: 'Informe um telefone válido com DDD, como (11) 4002-8922.',
      whatsapp: 'Informe um número de WhatsApp válido com DDD, como (11) 94002-8922.',
      'social.instagram': 'Informe o endereço do perfil no Instagram (https://www.instagram.com/…), ou deixe em branco.',
      'social.facebook': 'Informe o endereço do perfil no Facebook (https://www.facebook.com/…), ou deixe em branco.',
      'social.youtube': 'Informe o endereço do perfil no YouTube (https://www.youtube.com/…), ou deixe em branco.',
      contactEmail: 'Informe um e-mail válido.',
      'figures.1.value': 'Informe o número.',
    });
    expect(body.toast.title).toBe('Erro ao salvar configurações');
    expect(body.typed).toMatchObject({ phone: '4002-8922', aboutTitle: 'Novo título que não pode ser salvo' });
    // A forged version is refused too.
    expect((await post({ ...FORM, version: 'x' }, cookies.admin)).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('an admin saves the form: every page shows the new details on its next load, /sobre its new hero', async () => {
    const answer = await post(
      {
        ...FORM,
        version: '1',
        phone: '+55 21 2555-0100',
        whatsapp: '(21) 99876-5432',
        whatsappMessage: 'Oi, Clarear! Quero um orçamento.',
        hours: 'Todos os dias, das 9h às 21h',
        contactEmail: 'sac@clarear.com.br',
        'social.facebook': '',
        'social.youtube': 'https://www.youtube.com/@clarear',
        'figures.0.value': '60k+',
        aboutTitle: 'Clarear: limpeza de verdade',
      },
      cookies.admin,
    );
    expect(answer).toMatchObject({ status: 302, location: '/admin/settings' });
    expect(answer.setCookie).toBeTruthy();
    const [row] = await db.select().from(s.storeSettings);
    expect(row).toMatchObject({ phone: '2125550100', whatsapp: '21998765432', facebookUrl: '', version: 2, updatedBy: adminId });

    const settings = (await rootSettings(cookies.customer)) as Record<string, unknown>;
    expect(settings).toMatchObject({
      phone: { label: '(21) 2555-0100', href: 'tel:+552125550100' },
      whatsapp: { label: '(21) 99876-5432', href: 'https://wa.me/5521998765432', chatHref: `https://wa.me/5521998765432?text=${encodeURIComponent('Oi, Clarear! Quero um orçamento.')}` },
      email: 'sac@clarear.com.br',
      hours: 'Todos os dias, das 9h às 21h',
      social: [
        { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/clarear.limpeza' },
        { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@clarear' },
      ],
    });
    expect((settings.figures as { value: string }[])[0]).toEqual({ value: '60k+', label: 'clientes' });
    const about = await get('/sobre', null, m.about.loader as never);
    expect((about.body as { hero: { title: string } }).hero.title).toBe('Clarear: limpeza de verdade');
  });

  it('the seller’s identity: a wrong CNPJ, a CEP of another UF or a blank identity is refused in pt-BR, what was typed kept, nothing saved', async () => {
    const before = await snapshot();
    const from = String(await version());
    const answer = await post({ ...FORM, ...IDENTITY, version: from, 'seller.cnpj': '12.ABC.345/01DE-36', 'seller.addressZipCode': '01001-000' }, cookies.admin);
    expect(answer.status).toBe(400);
    const body = answer.body as { errors: Record<string, string>; typed: Record<string, string> };
    expect(body.errors).toEqual({
      'seller.cnpj': 'Informe um CNPJ válido, como 11.222.333/0001-81 (numérico ou alfanumérico).',
      'seller.addressZipCode': 'Este CEP não pertence a RJ.',
    });
    expect(body.typed).toMatchObject({ 'seller.cnpj': '12.ABC.345/01DE-36', 'seller.legalName': IDENTITY['seller.legalName'], 'seller.addressCity': 'Rio de Janeiro' });
    // The law requires it: the section cannot be emptied.
    const blank = await post({ ...FORM, ...Object.fromEntries(Object.keys(IDENTITY).map((k) => [k, ''])), version: from }, cookies.admin);
    expect(blank.status).toBe(400);
    expect((blank.body as { errors: Record<string, string> }).errors).toMatchObject({
      'seller.legalName': 'Informe a razão social.',
      'seller.cnpj': 'Informe o CNPJ.',
      'seller.stateRegistration': 'Informe a inscrição estadual ou marque “Isento”.',
      'seller.addressZipCode': 'Informe o CEP.',
      'seller.addressState': 'Selecione o estado.',
      'seller.answerDays': 'Escolha um prazo de resposta de 1 a 5 dias.',
    });
    expect(await snapshot()).toBe(before);
  });

  it('the seller’s identity is saved as stored (CNPJ and CEP without masks, IE exempt) and every page gets it ready to show', async () => {
    const answer = await post({ ...FORM, ...IDENTITY, version: String(await version()) }, cookies.admin);
    expect(answer).toMatchObject({ status: 302, location: '/admin/settings' });
    const [row] = await db.select().from(s.storeSettings);
    expect(row).toMatchObject({
      legalName: 'Brilho Carioca Comércio de Saneantes Ltda.',
      tradeName: 'Brilho Carioca',
      cnpj: '12ABC34501DE35',
      stateRegistration: 'ISENTO',
      addressZipCode: '20040020',
      addressStreet: 'Avenida Rio Branco',
      addressComplement: 'Sala 1201',
      addressState: 'RJ',
      answerDays: 3,
      updatedBy: adminId,
    });
    expect(((await rootSettings()) as { seller: unknown }).seller).toEqual({
      complete: true,
      legalName: 'Brilho Carioca Comércio de Saneantes Ltda.',
      tradeName: 'Brilho Carioca',
      cnpj: '12.ABC.345/01DE-35',
      stateRegistration: 'Isento',
      address: 'Avenida Rio Branco, 156, Sala 1201 — Centro, Rio de Janeiro/RJ, CEP 20040-020',
      answerDays: 3,
    });
    const page = await get('/admin/settings', cookies.admin, m.route.loader as never);
    expect((page.body as { settings: { seller: Record<string, unknown> } }).settings.seller).toMatchObject({ cnpj: '12.ABC.345/01DE-35', stateRegistration: 'ISENTO', addressZipCode: '20040-020' });
  });

  it('every e-mail the worker sends ends with who sells, as saved: razão social, CNPJ and address in both parts', async () => {
    const sent: MailMessage[] = [];
    m.mail.setMailTransport(async (message) => void sent.push(message));
    try {
      await m.mail.enqueueMail(db, { kind: 'test-seller-text', to: 'ana.vendedor@exemplo.com.br', subject: 'Clarear: aviso', text: 'Olá, Ana!\n\nSeu pedido saiu.' });
      const content = { preview: 'Pedido', heading: 'Pedido', paragraphs: ['Olá, Bia!'], lines: [{ quantity: 1, name: 'Detergente', size: null, unitPrice: '4.90' }] };
      await m.mail.enqueueMail(db, { kind: 'test-seller-content', to: 'bia.vendedor@exemplo.com.br', subject: 'Clarear: pedido', text: 'Olá, Bia!', content });
      await m.mail.deliverDueMail(db);
    } finally {
      m.mail.setMailTransport(null);
    }
    for (const to of ['ana.vendedor@exemplo.com.br', 'bia.vendedor@exemplo.com.br']) {
      const mail = sent.find((x) => x.to === to)!;
      expect(mail.text).toMatch(/\n\nBrilho Carioca Comércio de Saneantes Ltda\. · CNPJ 12\.ABC\.345\/01DE-35 · IE isento\nAvenida Rio Branco, 156, Sala 1201 — Centro, Rio de Janeiro\/RJ, CEP 20040-020$/);
      expect(mail.html).toContain('Brilho Carioca Comércio de Saneantes Ltda. · CNPJ 12.ABC.345/01DE-35 · IE isento');
      expect(mail.html).toContain('Avenida Rio Branco, 156, Sala 1201 — Centro, Rio de Janeiro/RJ, CEP 20040-020');
    }
  });

  it('while the identity is missing or still the sample, the dashboard’s "A fazer" asks for it first and a production start warns', async () => {
    type DashboardData = { work: { seller: string } };
    const dashboard = async () => (await get('/admin', cookies.admin, m.dashboard.loader as never)).body as DashboardData;
    const render = (loaderData: DashboardData) => {
      const props = { loaderData } as unknown as Parameters<typeof m.dashboard.default>[0];
      const router = createMemoryRouter([{ path: '/admin', Component: () => createElement(m.dashboard.default, props) }], { initialEntries: ['/admin'] });
      return renderToStaticMarkup(createElement(RouterProvider, { router }));
    };
    /** The "A fazer" section's links, in order. */
    const todo = (html: string) => [...html.slice(html.indexOf('id="a-fazer"')).matchAll(/href="([^"]+)"/g)].map((l) => l[1]);
    const warn = vi.spyOn(m.log.logger, 'warn').mockImplementation(() => undefined);
    try {
      // Filled in: nothing to ask, nothing to warn.
      let data = await dashboard();
      expect(data.work.seller).toBe('complete');
      expect(todo(render(data))[0]).toBe('/admin/orders?status=to_ship');
      await m.settings.warnIfSellerIdentityMissing(db);
      expect(warn).not.toHaveBeenCalled();

      // A database from before the identity existed: every field empty.
      const empty = { legalName: '', tradeName: '', cnpj: '', stateRegistration: '', addressStreet: '', addressNumber: '', addressComplement: '', addressNeighborhood: '', addressCity: '', addressState: '', addressZipCode: '' };
      await db.update(s.storeSettings).set(empty);
      data = await dashboard();
      expect(data.work.seller).toBe('missing');
      let html = render(data);
      expect(todo(html)[0]).toBe('/admin/settings#dados-legais');
      expect(html).toContain('Preencha os dados legais do vendedor');
      await m.settings.warnIfSellerIdentityMissing(db);
      expect(warn).toHaveBeenLastCalledWith({}, 'Dados legais do vendedor incompletos: preencha em /admin/settings (Decreto 7.962/2013).');

      // The seed's fictitious sample, saved as it came: still to be replaced.
      expect((await post({ ...FORM, version: String(await version()) }, cookies.admin)).status).toBe(302);
      data = await dashboard();
      expect(data.work.seller).toBe('sample');
      html = render(data);
      expect(todo(html)[0]).toBe('/admin/settings#dados-legais');
      expect(html).toContain('Troque os dados legais de exemplo pelos da empresa');
      await m.settings.warnIfSellerIdentityMissing(db);
      expect(warn).toHaveBeenLastCalledWith({}, 'Dados legais do vendedor ainda são os de exemplo: troque pelos da empresa em /admin/settings (Decreto 7.962/2013).');
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('two saves from the same form at once: one lands, the other is a 409 in pt-BR', async () => {
    const from = String(await version());
    const [a, b] = await Promise.all([
      post({ ...FORM, version: from, phone: '(11) 3000-0001' }, cookies.admin),
      post({ ...FORM, version: from, phone: '(11) 3000-0002' }, cookies.admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    const refused = (a.status === 409 ? a : b).body as { errors: { form: string } };
    expect(refused.errors.form).toMatch(/^As configurações foram alteradas por outra pessoa/);
    expect(await version()).toBe(Number(from) + 1);
    const winner = a.status === 302 ? '1130000001' : '1130000002';
    expect((await db.select().from(s.storeSettings))[0]!.phone).toBe(winner);
    // The same form sent again is stale too.
    expect((await post({ ...FORM, version: from }, cookies.admin)).status).toBe(409);
  });

  it('the seed, run again at a later start, keeps the admin’s edits', async () => {
    const before = await snapshot();
    await m.settings.seedStoreSettings(db);
    await m.seed.seedCatalogue(db);
    expect(await snapshot()).toBe(before);
    expect((await db.select().from(s.storeSettings))[0]!.phone).not.toBe('1140028922');
    // A database from before /admin/settings (no row) gets today's values.
    await db.delete(s.storeSettings);
    await m.settings.seedStoreSettings(db);
    expect((await db.select().from(s.storeSettings))[0]).toMatchObject({ phone: '1140028922', whatsapp: '11940028922', version: 1 });
  });

  it('with the welcome offer off, a first purchase gets no discount in the quote nor in the order; on again, it does', async () => {
    const [p] = await m.catalog.searchProducts(db, { term: 'desinfetante' });
    const detail = await m.catalog.getProductDetail(db, p!.slug);
    const line = { id: detail!.variants[0]!.id, product_id: detail!.id, quantity: 2 };
    const cpf = generateCpf();
    const buy = (expectedTotalCents?: number) =>
      m.checkout.placeOrder(
        db,
        customer,
        m.schemas.payNowSchema.parse({ intent: 'pay', cart: JSON.stringify([line]), idempotencyKey: randomUUID(), paymentMethod: 'pix', delivery: NEW_ADDRESS_DELIVERY, taxId: cpf, expectedTotalCents }),
        m.provider.builtInProvider,
      );

    const on = await m.checkout.quoteCart(db, customer.id, [line], cpf);
    expect(on).toMatchObject({ firstPurchase: true, totals: { discountKind: 'welcome' } });

    const off = await post({ ...FORM, version: String(await version()), welcomeOffer: '' }, cookies.admin);
    expect(off.status).toBe(302);
    expect(((await rootSettings()) as { welcomeOffer: boolean }).welcomeOffer).toBe(false);
    const quote = await m.checkout.quoteCart(db, customer.id, [line], cpf);
    expect(quote.firstPurchase).toBe(false);
    expect(quote.totals).toMatchObject({ discountKind: null, discountCents: 0, totalCents: quote.totals.subtotalCents });
    // A page that still showed the discounted total cannot pay it.
    await expect(buy(on.totals.totalCents)).rejects.toThrow('O total do pedido mudou');
    const placed = await buy(quote.totals.totalCents);
    const [order] = await db.select().from(s.orders).where(eq(s.orders.id, placed.orderId));
    expect(order).toMatchObject({ discountKind: null, discountPrice: '0.00' });

    // Switched on again: a first purchase (another account, another CPF) gets it.
    await post({ ...FORM, version: String(await version()) }, cookies.admin);
    const [other] = await db.insert(s.user).values({ id: `boas-vindas-${randomUUID()}`, name: 'Davi Novo', email: `davi.${randomUUID().slice(0, 6)}@exemplo.com.br` }).returning();
    expect((await m.checkout.quoteCart(db, other!.id, [line], generateCpf())).totals.discountKind).toBe('welcome');
  });
});
