// POST /__e2e/customer: the end-to-end suite's seeding entry (tests/e2e/fixtures.ts). A confirmed
// customer account, signed in, with the orders a spec needs, made by the modules the pages use: the
// sign-up, e-mail confirmation and sign-in of Better Auth (callAuth, the confirmation link's
// endpoint) and the checkout's placeOrder. Only a store run with NODE_ENV=test AND E2E_FIXTURES=1
// (playwright.config.ts sets both for its store) answers; anywhere else this path is a 404 like
// any unknown one, whoever asks (tests/integration/e2e-fixtures.test.ts).
import { randomUUID } from 'node:crypto';
import { generateCnpj } from '@brazilian-utils/brazilian-utils/generate-cnpj';
import { asc, eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { data } from 'react-router';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { companies, companyMembers, products, productVariants } from '~/db/schema';
import { PAYMENT_METHOD_IDS } from '~/lib/payment-offer';
import { DELIVERY_MONTHS, PLAN_FREQUENCIES } from '~/lib/plans';
import { payNowSchema } from '~/lib/schemas/checkout';
import { callAuth, handleAuthRequest } from '~/server/auth/auth.server';
import { EMAIL_VERIFICATION_EXPIRES_IN } from '~/server/auth/emails.server';
import { getDb } from '~/server/infra/db.server';
import { getEnv } from '~/server/infra/env.server';
import { placeOrder } from '~/server/flows/checkout.server';
import { BODY_LIMITS, readBytes } from '~/server/infra/http/body.server';
import { getPaymentProvider } from '~/server/payments/provider.server';
import { applyOrderAction } from '~/server/orders/transitions.server';
import { orders as ordersTable } from '~/db/schema';
import type { Route } from './+types/e2e-fixtures';

/** Test mode and the switch both: a production store, or a test run without the switch, has no such route. */
function fixturesEnabled(): boolean {
  return getEnv().NODE_ENV === 'test' && process.env.E2E_FIXTURES === '1';
}

const notFound = () => new Response('Não encontrado', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** The address the e2e customer types at checkout (tests/e2e/fixtures.ts E2E_ADDRESS). */
const ADDRESS = { zipCode: '01310-100', state: 'SP', street: 'Avenida Paulista', number: '1000', complement: 'apto 42', neighborhood: 'Bela Vista', city: 'São Paulo' };

const orderSchema = z.object({
  /** Products by slug, a size by its place from the cheapest (0: the first). */
  items: z.array(z.object({ slug: z.string().min(1).max(200), size: z.number().int().min(0).default(0), quantity: z.number().int().min(1).max(99).default(1) })).max(10).default([]),
  plan: z.enum(PLAN_FREQUENCIES).optional(),
  paymentMethod: z.enum(PAYMENT_METHOD_IDS).default('pix'),
  installments: z.number().int().min(1).max(12).default(1),
  /** A subscriber's repeat: 1 to 3 months (a programmed delivery), 0 this order only. */
  deliveryFrequency: z.number().int().min(0).max(Math.max(...DELIVERY_MONTHS)).default(0),
  taxId: z.string().min(1).max(30),
  /** A CNPJ's IE as the checkout asks it: 1 with `stateRegistration`, 2 isento, 9 não contribuinte. */
  ieIndicator: z.enum(['1', '2', '9']).optional(),
  stateRegistration: z.string().max(30).optional(),
  recipientName: z.string().min(1).max(100).optional(),
  /** Issue 36: taken through payment, separation, shipping and delivery by the store's own transitions (a review needs a delivered order). */
  delivered: z.boolean().default(false),
});

const customerSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().max(200),
  password: z.string().min(8).max(128),
  /** Sign in: the answer carries the session cookie. */
  signIn: z.boolean().default(true),
  orders: z.array(orderSchema).max(5).default([]),
  /** Issue 35: the customer is the owner of a company approved for invoiced payment (its CNPJ made up, unique). */
  company: z.object({ legalName: z.string().min(2).max(120), creditLimit: z.string().regex(/^\d+\.\d{2}$/).default('5000.00'), termDays: z.union([z.literal(14), z.literal(21), z.literal(28)]).default(28) }).optional(),
});

export function loader() {
  throw notFound();
}

export async function action({ request }: Route.ActionArgs) {
  if (!fixturesEnabled()) throw notFound();
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await readBytes(request, BODY_LIMITS.form)));
  } catch {
    return data({ error: 'JSON inválido' }, 400);
  }
  const parsed = customerSchema.safeParse(body);
  if (!parsed.success) return data({ error: z.prettifyError(parsed.error) }, 400);
  const spec = parsed.data;

  const signUp = await callAuth(request, '/sign-up/email', { name: spec.name, email: spec.email, password: spec.password, callbackURL: '/login?verificado=1' });
  if (!signUp.ok) return data({ error: `cadastro: ${signUp.status} ${signUp.code ?? ''}` }, 500);
  const { user: buyer } = signUp.data as { user: { id: string; name: string; email: string } };
  // The confirmation link's own endpoint, with the token its e-mail carries.
  const env = getEnv();
  const token = await createEmailVerificationToken(env.authSecret, buyer.email, undefined, EMAIL_VERIFICATION_EXPIRES_IN, { userId: buyer.id });
  const verified = await handleAuthRequest(new Request(`${env.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`));
  if (verified.status >= 400) return data({ error: `confirmação: ${verified.status}` }, 500);

  const db = await getDb();
  if (spec.company) {
    // A made-up CNPJ with valid check digits: the checkout fixes a member's document to it and checks it.
    const taxId = generateCnpj();
    const [company] = await db
      .insert(companies)
      .values({ taxId, legalName: spec.company.legalName, ieIndicator: 9, creditStatus: 'approved', creditLimit: spec.company.creditLimit, creditTermDays: spec.company.termDays, createdBy: buyer.id })
      .returning({ id: companies.id });
    await db.insert(companyMembers).values({ companyId: company!.id, userId: buyer.id, role: 'owner' });
  }
  const orders: { id: string }[] = [];
  for (const order of spec.orders) {
    const cart = [];
    for (const item of order.items) {
      const [variant] = await db
        .select({ id: productVariants.id, productId: products.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.slug, item.slug))
        .orderBy(asc(productVariants.price), asc(productVariants.size))
        .offset(item.size)
        .limit(1);
      if (!variant) return data({ error: `produto ${item.slug} (tamanho ${item.size}) não encontrado` }, 400);
      cart.push({ id: variant.id, product_id: variant.productId, quantity: item.quantity });
    }
    if (order.plan) cart.push({ id: `plan:${order.plan}`, product_id: `plan:${order.plan}`, quantity: 1, is_subscription: true, frequency: order.plan });
    // What the checkout page posts, read by the checkout action's own schema.
    const input = payNowSchema.parse({
      intent: 'pay',
      cart: JSON.stringify(cart),
      idempotencyKey: randomUUID(),
      paymentMethod: order.paymentMethod,
      installments: order.installments,
      deliveryFrequency: order.deliveryFrequency,
      taxId: order.taxId,
      ieIndicator: order.ieIndicator,
      stateRegistration: order.stateRegistration,
      delivery: { addressId: 'new', recipientName: order.recipientName ?? spec.name, saveAddress: true, newAddress: ADDRESS },
    });
    const { orderId } = await placeOrder(db, buyer, input, getPaymentProvider());
    if (order.delivered) {
      const [placed] = await db.select({ status: ordersTable.status }).from(ordersTable).where(eq(ordersTable.id, orderId));
      const steps = [...(placed?.status === 'pending' ? (['confirm_payment'] as const) : []), 'start_preparing', 'ship', 'deliver'] as const;
      for (const action of steps) {
        await applyOrderAction(db, { orderId, action, actor: { kind: 'system' }, carrier: 'correios', trackingCode: 'RA123456785BR', quiet: true });
      }
    }
    orders.push({ id: orderId });
  }

  let headers = new Headers();
  if (spec.signIn) {
    const signIn = await callAuth(request, '/sign-in/email', { email: spec.email, password: spec.password });
    if (!signIn.ok) return data({ error: `login: ${signIn.status} ${signIn.code ?? ''}` }, 500);
    headers = signIn.headers;
  }
  return data({ id: buyer.id, name: spec.name, email: spec.email, password: spec.password, orders }, { headers });
}
