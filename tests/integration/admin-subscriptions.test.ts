// /admin/subscriptions on every engine: the plan editor's read and update (the page and the
// three options' prices in plan_options), and the subscriber list, assign and remove.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { resetClock, setClock } from '~/lib/clock';
import { formDataToObject } from '~/lib/form-data';
import { INITIAL_PLAN_OPTIONS, type SubscriptionFrequency } from '~/lib/plans';
import { planFormSchema } from '~/lib/schemas/admin-plan';
import { fieldErrors } from '~/lib/schemas/field-errors';
import {
  findPlanOption,
  getActivePlanConfig,
  getEditablePlanConfig,
  listPlanOptions,
  updatePlanConfig,
  updatePlanOptions,
} from '~/server/subscriptions/plans.server';
import { assignSubscriptionByEmail, isSubscriber, listAllSubscriptions, removeSubscription } from '~/server/subscriptions/subscriptions.server';
import { quoteCart } from '~/server/flows/checkout.server';
import { engines } from '../support/engines';

const planValues = (values: Partial<typeof t.subscriptionConfigs.$inferInsert> = {}) => ({
  planName: 'Assinatura Inteligente',
  headline: 'Chamada original',
  description: 'Descrição original.',
  imageUrl: '/images/assinatura.svg',
  benefits: [{ text: '10% de desconto', icon: 'Percent' }],
  howItWorksSteps: [{ title: 'Escolha', description: 'Escolha seu plano.' }],
  ...values,
});

/** What the plan editor posts, read the way its action reads it. */
const editorPost = (overrides: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(editorFields(overrides))) form.append(k, v);
  return formDataToObject(form);
};

const editorFields = (overrides: Record<string, string>): Record<string, string> => ({
  planName: 'Assinatura Premium',
  'options.0.frequency': 'monthly',
  'options.0.price': '64,90',
  'options.0.highlight': '',
  'options.1.frequency': 'semiannual',
  'options.1.price': '329,40',
  'options.1.highlight': 'Economize 15%!',
  'options.2.frequency': 'annual',
  'options.2.price': '599,90',
  'options.2.highlight': ' Melhor preço ',
  headline: 'Nova chamada',
  description: 'Nova descrição.',
  imageUrl: '/uploads/0123456789abcdef0123-1200.webp',
  isActive: 'on',
  'benefits.0.text': 'Frete grátis',
  'benefits.0.icon': 'Truck',
  'benefits.1.text': 'Atendimento prioritário',
  'benefits.1.icon': 'Headphones',
  'steps.0.title': 'Assine',
  'steps.0.description': 'Escolha o plano.',
  'steps.1.title': 'Receba',
  'steps.1.description': 'Em casa, todo mês.',
  ...overrides,
});

describe.each(engines)('admin subscriptions on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  /** plan_options as the migrations left them, before any test wrote to it. */
  let migratedOptions: Awaited<ReturnType<typeof listPlanOptions>>;
  let n = 0;

  /** The price the checkout quotes for a cart holding the plan; null when the store does not sell it now. */
  async function checkoutPrice(frequency: SubscriptionFrequency): Promise<string | null> {
    const quote = await quoteCart(handle.db, null, [{ id: `plan:${frequency}` as const, product_id: `plan:${frequency}`, quantity: 1, is_subscription: true, frequency }]);
    return quote.planUnavailable ? null : (quote.lines[0]?.unitPrice ?? null);
  }

  async function newUser(values: Partial<typeof t.user.$inferInsert> = {}) {
    n += 1;
    const id = `usuario-${n}-${randomUUID().slice(0, 6)}`;
    const [row] = await handle.db
      .insert(t.user)
      .values({ id, name: `Usuária ${n}`, email: `${id}@exemplo.com.br`, ...values })
      .returning();
    return row!;
  }

  async function insertSubscription(userId: string, values: Partial<typeof t.userSubscriptions.$inferInsert> = {}) {
    // A paused subscription says why (user_subscriptions_paused_check).
    const paused = values.status === 'paused' ? { pausedReason: 'customer' as const, pausedAt: new Date() } : {};
    const [row] = await handle.db
      .insert(t.userSubscriptions)
      .values({ userId, frequency: 'monthly', status: 'active', anchorDate: '2026-01-10', nextDeliveryDate: '2026-02-10', totalValue: '49.90', ...paused, ...values })
      .returning();
    return row!;
  }

  const subscriptionsOf = (userId: string) => handle.db.select().from(t.userSubscriptions).where(eq(t.userSubscriptions.userId, userId));
  const configById = async (id: string) => (await handle.db.select().from(t.subscriptionConfigs).where(eq(t.subscriptionConfigs.id, id)))[0]!;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    migratedOptions = await listPlanOptions(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });
  const planOptionRows = () => handle.db.select().from(t.planOptions).orderBy(t.planOptions.frequency);

  // Each test sets up the plans it needs; the options start at the launch prices (migration 0008).
  beforeEach(async () => {
    await handle.db.delete(t.subscriptionConfigs);
    await updatePlanOptions(handle.db, INITIAL_PLAN_OPTIONS);
  });

  describe('plan editor', () => {
    it('edits the active plan; with none active, the most recently updated; with none at all, nothing', async () => {
      expect(await getEditablePlanConfig(handle.db)).toBeNull();

      const [older] = await handle.db
        .insert(t.subscriptionConfigs)
        .values(planValues({ planName: 'Antigo', updatedAt: new Date('2025-01-01T00:00:00Z') }))
        .returning();
      const [newer] = await handle.db
        .insert(t.subscriptionConfigs)
        .values(planValues({ planName: 'Recente', updatedAt: new Date('2025-06-01T00:00:00Z') }))
        .returning();
      expect((await getEditablePlanConfig(handle.db))?.id).toBe(newer!.id);

      await handle.db.update(t.subscriptionConfigs).set({ isActive: true, updatedAt: new Date('2024-01-01T00:00:00Z') }).where(eq(t.subscriptionConfigs.id, older!.id));
      expect((await getEditablePlanConfig(handle.db))?.id).toBe(older!.id);
    });

    it('the migration stores the three launch options; a switched-off plan sells none of them', async () => {
      expect(migratedOptions).toEqual(INITIAL_PLAN_OPTIONS);
      expect(await findPlanOption(handle.db, 'semiannual')).toEqual(INITIAL_PLAN_OPTIONS[1]);
      expect(await findPlanOption(handle.db, 'weekly')).toBeNull();

      // No active plan: the options exist, but the checkout sells none of them.
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: false })).returning();
      expect(await checkoutPrice('monthly')).toBeNull();
      await handle.db.update(t.subscriptionConfigs).set({ isActive: true }).where(eq(t.subscriptionConfigs.id, config!.id));
      expect(await checkoutPrice('monthly')).toBe(INITIAL_PLAN_OPTIONS[0]!.price);
      // Switched off in the editor: not sold any more.
      expect(await updatePlanConfig(handle.db, config!.id, planFormSchema.parse(editorPost({ isActive: '' })))).toBe('updated');
      expect(await checkoutPrice('annual')).toBeNull();
    });

    it('saves every field of a valid post, which the storefront then reads', async () => {
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true })).returning();
      const input = planFormSchema.parse(editorPost());
      expect(await updatePlanConfig(handle.db, config!.id, input)).toBe('updated');

      // The three options' new prices and highlights: what /assinatura and the checkout read.
      expect(await listPlanOptions(handle.db)).toEqual([
        { frequency: 'monthly', name: 'Plano Mensal', months: 1, price: '64.90', highlight: null },
        { frequency: 'semiannual', name: 'Plano Semestral', months: 6, price: '329.40', highlight: 'Economize 15%!' },
        { frequency: 'annual', name: 'Plano Anual', months: 12, price: '599.90', highlight: 'Melhor preço' },
      ]);
      expect(await checkoutPrice('semiannual')).toBe('329.40');

      const active = await getActivePlanConfig(handle.db);
      expect(active).toMatchObject({
        id: config!.id,
        isActive: true,
        planName: 'Assinatura Premium',
        headline: 'Nova chamada',
        description: 'Nova descrição.',
        imageUrl: '/uploads/0123456789abcdef0123-1200.webp',
        benefits: [
          { text: 'Frete grátis', icon: 'Truck' },
          { text: 'Atendimento prioritário', icon: 'Headphones' },
        ],
        howItWorksSteps: [
          { title: 'Assine', description: 'Escolha o plano.' },
          { title: 'Receba', description: 'Em casa, todo mês.' },
        ],
      });
      expect(active!.updatedAt.getTime()).toBeGreaterThan(config!.updatedAt.getTime() - 1);

      // Reordered and shortened lists are stored as posted; an emptied image is removed.
      const reordered = planFormSchema.parse(
        editorPost({
          imageUrl: '',
          'benefits.0.text': 'Atendimento prioritário',
          'benefits.0.icon': 'Headphones',
          'benefits.1.text': 'Frete grátis',
          'benefits.1.icon': 'Truck',
        }),
      );
      reordered.steps = reordered.steps.slice(1);
      expect(await updatePlanConfig(handle.db, config!.id, reordered)).toBe('updated');
      const saved = await configById(config!.id);
      expect(saved.benefits.map((b) => b.text)).toEqual(['Atendimento prioritário', 'Frete grátis']);
      expect(saved.howItWorksSteps).toEqual([{ title: 'Receba', description: 'Em casa, todo mês.' }]);
      expect(saved.imageUrl).toBeNull();
    });

    it('an invalid post is refused by the schema before anything is written; the database refuses a price of zero or less too', async () => {
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true })).returning();
      const optionsBefore = await planOptionRows();
      const refused = planFormSchema.safeParse(editorPost({ 'options.1.price': '-5', 'benefits.1.icon': 'Caveira', headline: '' }));
      expect(refused.success).toBe(false);
      expect(refused.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['benefits.1.icon', 'headline', 'options.1.price']);

      // Past the schema (a bug, a script): the CHECK refuses, and the plan's other changes roll back with it.
      const valid = planFormSchema.parse(editorPost());
      for (const price of ['0.00', '-5.00']) {
        const options = valid.options.map((o) => (o.frequency === 'annual' ? { ...o, price } : o));
        await expect(updatePlanConfig(handle.db, config!.id, { ...valid, options })).rejects.toThrow();
      }
      // Nothing changed, not even partly.
      expect(await configById(config!.id)).toEqual(config);
      expect(await planOptionRows()).toEqual(optionsBefore);
    });

    it('refuses a bad price (0, negative, not a number) with a pt-BR message at its option, and writes nothing', async () => {
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true })).returning();
      const optionsBefore = await planOptionRows();
      const cases: [string, string, string][] = [
        ['options.0.price', '0', 'O preço deve ser maior que zero.'],
        ['options.0.price', '0,00', 'O preço deve ser maior que zero.'],
        ['options.1.price', '-10,00', 'O preço não pode ser negativo.'],
        ['options.2.price', 'abc', 'Informe um preço válido, por exemplo 49,90.'],
        ['options.2.price', '', 'Informe o preço.'],
      ];
      for (const [field, value, message] of cases) {
        // What the action does: parse, and save only what parsed.
        const parsed = planFormSchema.safeParse(editorPost({ [field]: value }));
        expect(parsed.success, `${field} = ${value}`).toBe(false);
        expect(fieldErrors(parsed.error!)).toEqual({ [field]: message });
        if (parsed.success) await updatePlanConfig(handle.db, config!.id, parsed.data);
      }
      expect(await configById(config!.id)).toEqual(config);
      expect(await planOptionRows()).toEqual(optionsBefore);
      expect(await listPlanOptions(handle.db)).toEqual(INITIAL_PLAN_OPTIONS);
    });

    it('a new price applies to new subscriptions; an existing one keeps the price it was sold at', async () => {
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true })).returning();
      const before = await newUser({ name: 'Cliente Antiga' });
      expect((await assignSubscriptionByEmail(handle.db, before.email, '2026-01-10')).status).toBe('assigned');
      const annual = await insertSubscription((await newUser()).id, { frequency: 'annual', totalValue: '538.90' });
      expect(await subscriptionsOf(before.id)).toMatchObject([{ totalValue: '49.90' }]);

      expect(await updatePlanConfig(handle.db, config!.id, planFormSchema.parse(editorPost()))).toBe('updated');

      // The subscriptions sold before keep their price, in the table and in the admin's list…
      expect(await subscriptionsOf(before.id)).toMatchObject([{ totalValue: '49.90' }]);
      expect(await subscriptionsOf(annual.userId!)).toMatchObject([{ totalValue: '538.90' }]);
      const listed = (await listAllSubscriptions(handle.db, { page: 1, pageSize: 50 })).subscriptions;
      expect(listed.find((s) => s.userEmail === before.email)?.totalValue).toBe('49.90');
      expect(listed.find((s) => s.id === annual.id)?.totalValue).toBe('538.90');

      // …and a new assignment costs the new monthly price.
      const after = await newUser({ name: 'Cliente Nova' });
      expect((await assignSubscriptionByEmail(handle.db, after.email, '2026-01-10')).status).toBe('assigned');
      expect(await subscriptionsOf(after.id)).toMatchObject([{ frequency: 'monthly', totalValue: '64.90' }]);
      expect((await listAllSubscriptions(handle.db, { page: 1, pageSize: 50 })).subscriptions.find((s) => s.userEmail === after.email)?.totalValue).toBe(
        '64.90',
      );
    });

    it('switching the plan off leaves the storefront without a plan, and the editor can switch it on again', async () => {
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true })).returning();
      expect(await updatePlanConfig(handle.db, config!.id, planFormSchema.parse(editorPost({ isActive: '' })))).toBe('updated');
      expect(await getActivePlanConfig(handle.db)).toBeNull();
      expect((await getEditablePlanConfig(handle.db))?.id).toBe(config!.id);
      expect(await updatePlanConfig(handle.db, config!.id, planFormSchema.parse(editorPost()))).toBe('updated');
      expect((await getActivePlanConfig(handle.db))?.id).toBe(config!.id);
    });

    it('activating a plan switches any other off, so exactly one stays active', async () => {
      const [live] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true, planName: 'Ativo' })).returning();
      const [other] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ planName: 'Outro' })).returning();
      expect(await updatePlanConfig(handle.db, other!.id, planFormSchema.parse(editorPost()))).toBe('updated');
      expect((await configById(live!.id)).isActive).toBe(false);
      expect((await getActivePlanConfig(handle.db))?.id).toBe(other!.id);
    });

    it('an unknown plan id changes nothing', async () => {
      const [config] = await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true })).returning();
      expect(await updatePlanConfig(handle.db, randomUUID(), planFormSchema.parse(editorPost()))).toBe('not-found');
      // The switch-off of other plans did not happen either.
      expect(await configById(config!.id)).toEqual(config);
    });
  });

  describe('assign', () => {
    it('an unknown e-mail finds no user and creates nothing', async () => {
      const before = await handle.db.select({ count: sql<number>`count(*)::int` }).from(t.userSubscriptions);
      expect(await assignSubscriptionByEmail(handle.db, 'ninguem@exemplo.com.br')).toEqual({ status: 'user-not-found' });
      const after = await handle.db.select({ count: sql<number>`count(*)::int` }).from(t.userSubscriptions);
      expect(after[0]!.count).toBe(before[0]!.count);
    });

    it("creates a monthly active subscription at the monthly option's price, next date one month on; the e-mail ignores case", async () => {
      await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: true }));
      await updatePlanOptions(handle.db, [{ frequency: 'monthly', price: '59.90', highlight: null }]);
      const customer = await newUser({ name: 'Maria Souza' });
      // The store's gift is paid through its first date: a subscriber on that day (the clock's today).
      setClock('2026-01-31T15:00:00Z');
      const result = await assignSubscriptionByEmail(handle.db, `  ${customer.email.toUpperCase()} `, '2026-01-31');
      expect(result).toMatchObject({ status: 'assigned', userName: 'Maria Souza' });

      const rows = await subscriptionsOf(customer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ frequency: 'monthly', status: 'active', totalValue: '59.90', nextDeliveryDate: '2026-02-28' });
      expect(result.status === 'assigned' && result.subscriptionId).toBe(rows[0]!.id);
      expect(await isSubscriber(handle.db, customer.id)).toBe(true);
      resetClock();
    });

    it("without an active plan the monthly option's price still applies; an admin may be assigned too", async () => {
      await handle.db.insert(t.subscriptionConfigs).values(planValues({ isActive: false }));
      const admin = await newUser({ role: 'admin' });
      expect((await assignSubscriptionByEmail(handle.db, admin.email, '2026-03-15')).status).toBe('assigned');
      expect(await subscriptionsOf(admin.id)).toMatchObject([{ totalValue: '49.90', nextDeliveryDate: '2026-04-15' }]);
    });

    it('never gives a second live subscription: active or paused blocks, cancelled does not', async () => {
      const active = await newUser();
      await insertSubscription(active.id);
      expect(await assignSubscriptionByEmail(handle.db, active.email)).toEqual({ status: 'already-subscribed' });
      expect(await subscriptionsOf(active.id)).toHaveLength(1);

      const paused = await newUser();
      await insertSubscription(paused.id, { status: 'paused' });
      expect(await assignSubscriptionByEmail(handle.db, paused.email)).toEqual({ status: 'already-subscribed' });
      expect(await subscriptionsOf(paused.id)).toHaveLength(1);

      const former = await newUser();
      await insertSubscription(former.id, { status: 'cancelled' });
      expect((await assignSubscriptionByEmail(handle.db, former.email)).status).toBe('assigned');
      expect((await subscriptionsOf(former.id)).map((s) => s.status).sort()).toEqual(['active', 'cancelled']);
    });

    it('two assigns at the same moment make one subscription; the other gets the clear answer', async () => {
      const customer = await newUser();
      const results = await Promise.all([1, 2, 3, 4].map(() => assignSubscriptionByEmail(handle.db, customer.email)));
      expect(results.filter((r) => r.status === 'assigned')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'already-subscribed')).toHaveLength(3);
      expect(await subscriptionsOf(customer.id)).toHaveLength(1);
    });
  });

  describe('subscriber list and remove', () => {
    it('lists every subscription, any status, newest first, with the user name and e-mail, a page at a time', async () => {
      await handle.db.delete(t.userSubscriptions);
      const ana = await newUser({ name: 'Ana Lima' });
      const bia = await newUser({ name: 'Bia Reis' });
      const old = await insertSubscription(ana.id, { status: 'cancelled', createdAt: new Date('2025-01-01T12:00:00Z') });
      const mid = await insertSubscription(bia.id, { status: 'paused', frequency: 'annual', totalValue: '538.90', createdAt: new Date('2025-06-01T12:00:00Z') });
      const recent = await insertSubscription(ana.id, { createdAt: new Date('2026-01-01T12:00:00Z') });

      const all = await listAllSubscriptions(handle.db, { page: 1, pageSize: 50 });
      expect(all).toMatchObject({ total: 3, page: 1, pageCount: 1 });
      expect(all.subscriptions.map((s) => s.id)).toEqual([recent.id, mid.id, old.id]);
      expect(all.subscriptions[1]).toEqual({
        id: mid.id,
        userName: 'Bia Reis',
        userEmail: bia.email,
        frequency: 'annual',
        status: 'paused',
        nextDeliveryDate: '2026-02-10',
        totalValue: '538.90',
        createdAt: '2025-06-01T12:00:00.000Z',
      });

      const second = await listAllSubscriptions(handle.db, { page: 2, pageSize: 2 });
      expect(second).toMatchObject({ total: 3, page: 2, pageCount: 2 });
      expect(second.subscriptions.map((s) => s.id)).toEqual([old.id]);
      // A page past the end shows the last one.
      expect((await listAllSubscriptions(handle.db, { page: 9, pageSize: 2 })).page).toBe(2);

      await handle.db.delete(t.userSubscriptions);
      expect(await listAllSubscriptions(handle.db, { page: 3, pageSize: 50 })).toEqual({ subscriptions: [], total: 0, page: 1, pageCount: 1 });
    });

    it('removes the record whatever its status; an unknown id changes nothing', async () => {
      const customer = await newUser();
      const cancelled = await insertSubscription(customer.id, { status: 'cancelled' });
      const active = await insertSubscription(customer.id);
      const bystander = await insertSubscription((await newUser()).id);

      expect(await removeSubscription(handle.db, active.id)).toBe(true);
      expect(await removeSubscription(handle.db, cancelled.id)).toBe(true);
      expect(await subscriptionsOf(customer.id)).toEqual([]);
      expect(await isSubscriber(handle.db, customer.id)).toBe(false);

      expect(await removeSubscription(handle.db, active.id)).toBe(false);
      expect(await removeSubscription(handle.db, randomUUID())).toBe(false);
      expect(await subscriptionsOf(bystander.userId!)).toHaveLength(1);
      // After a removal the user can be assigned again.
      expect((await assignSubscriptionByEmail(handle.db, customer.email)).status).toBe('assigned');
    });
  });
});
