// The authorization matrix (issue 12): every loader and action of every module in
// app/routes.ts (and the root), called the way React Router calls it, by four actors —
// anonymous, customer A, customer B and the admin — against an explicit table of what each
// must get. A route module, or a loader/action export, without an entry in MATRIX fails the
// test, so every later route is covered by construction. Owner-scoped resources (A's order,
// addresses, saved kit, favourite, subscription) are requested by B, the admin and anonymous
// too: refused, nothing of A's in the answer, and nothing written (the tables the action
// writes are compared row by row). Runs the app's own database and auth on each engine.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/db/client.server';
import type * as Schema from '~/db/schema';
import routes from '~/routes';
import { NEW_ADDRESS_DELIVERY, NEW_ADDRESS_FIELDS } from '../support/delivery';
import { engines } from '../support/engines';
import { prepareFreshApp } from '../support/fresh-app';
import { TEST_ADMIN } from '../support/test-admin';

// ---------------------------------------------------------------- the table

const ACTORS = ['anonymous', 'customerB', 'admin', 'customerA'] as const; // A last: the owner's own writes run after the refusals
type Actor = (typeof ACTORS)[number];

/**
 * 'ok' = 2xx; 'login' = redirect to /login?redirectTo=<this URL>; 'home' = redirect to /;
 * 'redirect:<location>' (a trailing * matches any rest); a number = that status.
 */
type Expected = 'ok' | 'login' | 'home' | `redirect:${string}` | 400 | 401 | 403 | 404 | 405 | 409;
type Expectations = Record<Actor, Expected>;

type Table =
  | 'user'
  | 'account'
  | 'session'
  | 'addresses'
  | 'orders'
  | 'orderItems'
  | 'subscriptions'
  | 'deliveries'
  | 'savedKits'
  | 'savedKitItems'
  | 'favorites'
  | 'preferences'
  | 'products'
  | 'variants'
  | 'plans'
  | 'contact'
  | 'newsletter'
  | 'settings'
  | 'siteContent'
  | 'legalPages'
  | 'legalPageVersions'
  | 'returns'
  | 'stockAlerts'
  | 'coupons'
  | 'carts'
  | 'cartReminders'
  | 'reviews';

type Fixtures = {
  productId: string;
  productSlug: string;
  variantId: string;
  blogSlug: string;
  /** Products only the admin's matrix rows edit and delete. */
  editProductId: string;
  deleteProductId: string;
  planForm: Record<string, string>;
  a: {
    name: string;
    email: string;
    taxId: string;
    orderId: string;
    addressId: string;
    /** Deleted by A in the last addresses row. */
    spareAddressId: string;
    street: string;
    kitId: string;
    kitName: string;
    subscriptionId: string;
    /** A's programmed delivery (a subscriber's repeated order). */
    deliveryId: string;
    favoriteProductId: string;
    /** A withdrawal request on A's order, waiting for the store. */
    returnId: string;
  };
  /** A bystander account: signs in through /login, gets a subscription from the admin. */
  visitor: { id: string; email: string; password: string };
  /** Another bystander's subscription, removed by the admin. */
  removableSubscriptionId: string;
  /** A contact message in the admin's inbox. */
  messageId: string;
  /** A newsletter sign-up the admin removes. */
  newsletterId: string;
  /** /descadastrar?t=… of another newsletter sign-up (the one-click link its e-mails carry), and that link with its signature altered. */
  unsubscribePath: string;
  forgedUnsubscribePath: string;
  /** A sold-out size ("Avise-me quando chegar", issue 36) and a visitor's confirmation link of a request on it. */
  soldOutVariantId: string;
  stockAlertToken: string;
  /** The "Recuperar meu carrinho" link of a cart reminder e-mailed to the visitor account (issue 36). */
  cartReminderToken: string;
  /** The account the Better Auth admin endpoints are aimed at (removed by the admin while they are open). */
  targetUserId: string;
  uploadPng: Uint8Array<ArrayBuffer>;
};

type Body = Record<string, string> | FormData;

type Case = {
  /** What the row shows, in the test's failure messages. */
  label?: string;
  url: string | ((f: Fixtures) => string);
  params?: (f: Fixtures) => Record<string, string>;
  body?: (f: Fixtures, actor: Actor) => Body;
  /** Sent as-is instead of a form (the /api/auth JSON endpoints). */
  json?: (f: Fixtures, actor: Actor) => unknown;
  expect: Expectations;
  /** Tables a refused request must leave exactly as they were. */
  writes?: Table[];
  /** A's data: no other actor's answer may contain any of it. */
  secrets?: (f: Fixtures) => string[];
  /** Sign in afresh for this row (sign-out ends the session it is sent). */
  freshSession?: boolean;
};

type Entry = { loader?: Case[]; action?: Case[] };

const all = (e: Expected): Expectations => ({ anonymous: e, customerA: e, customerB: e, admin: e });
/** requireUser: anonymous → /login, any signed-in account (the admin is one too) → in. */
const signedIn = (e: Expected = 'ok'): Expectations => ({ anonymous: 'login', customerA: e, customerB: e, admin: e });
/** A's own resource: B and the admin (not its owner) get 404, anonymous → /login. */
const ownedByA = (e: Expected = 'ok'): Expectations => ({ anonymous: 'login', customerA: e, customerB: 404, admin: 404 });
/** requireAdmin on pages: customers → home. */
const adminPage: Expectations = { anonymous: 'login', customerA: 'home', customerB: 'home', admin: 'ok' };
/** requireAdminAction: customers → 403 even when posting directly. */
const adminAction = (e: Expected = 'ok'): Expectations => ({ anonymous: 'login', customerA: 403, customerB: 403, admin: e });

const aSecrets = (f: Fixtures) => [f.a.name, f.a.email, f.a.taxId, f.a.street, f.a.kitName];

const cart = (f: Fixtures) => JSON.stringify([{ id: f.variantId, product_id: f.productId, quantity: 1 }]);
/** One CPF per actor, so the welcome offer never makes one actor's purchase depend on another's. */
const cpfs: Record<Actor, string> = { anonymous: generateCpf(), customerA: generateCpf(), customerB: generateCpf(), admin: generateCpf() };

/** /admin/settings as the form posts it: the seeded details with another store phone. */
const settingsForm: Record<string, string> = {
  version: '1',
  phone: '(11) 3003-4000',
  hours: 'Segunda a sexta, das 8h às 18h',
  contactEmail: 'contato@clarear.com.br',
  whatsapp: '(11) 94002-8922',
  whatsappMessage: 'Olá! Vim pelo site da Clarear.',
  'social.instagram': 'https://www.instagram.com/clarear.limpeza',
  'social.facebook': 'https://www.facebook.com/clarear.limpeza',
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
  aboutSubtitle: 'Produtos de limpeza eficientes e seguros.',
  aboutDescription: 'A Clarear nasceu em 2025, em São Paulo.',
  // The seller's legal identity, required by the form.
  'seller.legalName': 'Clarear Produtos de Limpeza Ltda.',
  'seller.cnpj': '11.222.333/0001-81',
  'seller.stateRegistration': '110042490114',
  'seller.addressZipCode': '01001-000',
  'seller.addressStreet': 'Rua de Exemplo',
  'seller.addressNumber': '100',
  'seller.addressNeighborhood': 'Sé',
  'seller.addressCity': 'São Paulo',
  'seller.addressState': 'SP',
  'seller.answerDays': '5',
};

const addressForm = (extra: Record<string, string> = {}) => ({
  intent: 'save',
  name: 'Trabalho',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  ...extra,
});

const MATRIX: Record<string, Entry> = {
  // The root route runs for every page.
  'root.tsx': { loader: [{ url: '/', expect: all('ok') }] },

  // ------------------------------------------------------------ storefront
  'routes/home.tsx': { loader: [{ url: '/', expect: all('ok') }] },
  'routes/products.tsx': { loader: [{ url: '/produtos?q=limpa&categoria=cozinha&visualizacao=lista', expect: all('ok') }] },
  'routes/product.tsx': {
    loader: [
      { url: (f) => `/produtos/${f.productSlug}`, params: (f) => ({ slug: f.productSlug }), expect: all('ok') },
      { label: 'unknown slug', url: '/produtos/nao-existe', params: () => ({ slug: 'nao-existe' }), expect: all(404) },
    ],
  },
  'routes/kits.tsx': { loader: [{ url: '/kits', expect: all('ok') }] },
  'routes/kit-builder.tsx': {
    loader: [{ url: '/kits/monte-seu-kit', expect: all('ok') }],
    action: [
      {
        url: '/kits/monte-seu-kit',
        body: (f) => ({ name: 'Kit da matriz', items: JSON.stringify([{ productId: f.productId, variantId: f.variantId, quantity: 1 }]) }),
        expect: signedIn(),
        writes: ['savedKits', 'savedKitItems'],
      },
    ],
  },
  'routes/about.tsx': { loader: [{ url: '/sobre', expect: all('ok') }] },
  'routes/blog.tsx': { loader: [{ url: '/blog?q=limpeza', expect: all('ok') }] },
  'routes/blog-post.tsx': { loader: [{ url: (f) => `/blog/${f.blogSlug}`, params: (f) => ({ slug: f.blogSlug }), expect: all('ok') }] },
  'routes/contact.tsx': {
    action: [
      {
        url: '/contato',
        body: () => ({ name: 'Visitante', email: 'visitante@exemplo.com.br', subject: 'Dúvida', message: 'Vocês entregam em Campinas?' }),
        expect: all('ok'),
      },
    ],
  },
  'routes/subscription.tsx': { loader: [{ url: '/assinatura', expect: all('ok') }] },
  'routes/checkout.tsx': {
    // The page itself is public; it shows the signed-in buyer's own CPF only.
    loader: [{ url: '/checkout', expect: all('ok'), secrets: (f) => [f.a.taxId] }],
    action: [
      { label: 'quote', url: '/checkout', body: (f) => ({ intent: 'quote', cart: cart(f) }), expect: all('ok'), writes: ['orders', 'subscriptions'] },
      {
        label: 'pay',
        url: '/checkout',
        // acceptTerms: "Li e aceito os Termos de Uso" ticked for the seeded version 1.
        body: (f, actor) => ({ intent: 'pay', cart: cart(f), idempotencyKey: randomUUID(), paymentMethod: 'pix', taxId: cpfs[actor], ...NEW_ADDRESS_FIELDS, acceptTerms: '1' }),
        // Paying needs an account: anonymous gets 401 (the page then offers to sign in).
        expect: { anonymous: 401, customerA: 'ok', customerB: 'ok', admin: 'ok' },
        writes: ['orders', 'orderItems', 'subscriptions', 'user'],
      },
    ],
  },
  // "Desistir da compra" and a defect claim (issue 32): A's order is anyone else's 404, nothing written.
  'routes/order-return.ts': {
    action: [
      {
        label: "withdrawal from A's order",
        url: (f) => `/pedido/${f.a.orderId}/desistencia`,
        params: (f) => ({ id: f.a.orderId }),
        body: () => ({ intent: 'withdraw', reason: 'Desisti' }),
        // A's order already has a withdrawal under way.
        expect: ownedByA(409),
        writes: ['orders', 'returns'],
      },
      {
        label: "defect claim on A's order",
        url: (f) => `/pedido/${f.a.orderId}/desistencia`,
        params: (f) => ({ id: f.a.orderId }),
        body: () => ({ intent: 'defect', reason: 'Tampa quebrada', 'items.0.orderItemId': randomUUID(), 'items.0.quantity': '1' }),
        expect: ownedByA(409),
        writes: ['orders', 'returns'],
      },
      {
        label: 'malformed order id',
        url: `/pedido/${'-'.repeat(36)}/desistencia`,
        params: () => ({ id: '-'.repeat(36) }),
        body: () => ({ intent: 'withdraw' }),
        expect: ownedByA(404),
        writes: ['returns'],
      },
    ],
  },
  // "Comprar novamente" (issue 35): A's order's goods as cart lines; anyone else's order is a 404, nothing written.
  'routes/order-buy-again.ts': {
    action: [
      { label: "buy A's order again", url: (f) => `/pedido/${f.a.orderId}/comprar-novamente`, params: (f) => ({ id: f.a.orderId }), body: () => ({}), expect: ownedByA(), writes: ['orders'] },
      { label: 'malformed order id', url: `/pedido/${'-'.repeat(36)}/comprar-novamente`, params: () => ({ id: '-'.repeat(36) }), body: () => ({}), expect: ownedByA(404), writes: ['orders'] },
    ],
  },
  // The order's NF-e files (issue 34): A's order has no note, so even A gets the 404 a stranger gets; anonymous → /login.
  'routes/order-invoice-file.ts': {
    loader: [
      { label: "A's DANFE", url: (f) => `/pedido/${f.a.orderId}/nfe/danfe.pdf`, params: (f) => ({ id: f.a.orderId, file: 'danfe.pdf' }), expect: ownedByA(404) },
      { label: 'another file name', url: (f) => `/pedido/${f.a.orderId}/nfe/chave.txt`, params: (f) => ({ id: f.a.orderId, file: 'chave.txt' }), expect: ownedByA(404) },
    ],
  },
  'routes/order.tsx': {
    loader: [
      { label: "A's order", url: (f) => `/pedido/${f.a.orderId}`, params: (f) => ({ id: f.a.orderId }), expect: ownedByA(), secrets: aSecrets },
      { label: 'unknown order', url: '/pedido/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: ownedByA(404) },
      { label: 'malformed id', url: `/pedido/${'-'.repeat(36)}`, params: () => ({ id: '-'.repeat(36) }), expect: ownedByA(404) },
    ],
    action: [
      {
        // "Cancelar pedido": only the owner of a pending order; anyone else's reads as a missing one.
        label: "cancel A's order",
        url: (f) => `/pedido/${f.a.orderId}`,
        params: (f) => ({ id: f.a.orderId }),
        body: () => ({ intent: 'cancel', version: '0' }),
        expect: ownedByA(),
        writes: ['orders'],
      },
    ],
  },

  // Orçamentos (issue 35): asking is for the signed-in (an empty form is refused); an unknown quote's payment page is a 404.
  'routes/quote-request.ts': {
    loader: [{ url: '/orcamento/solicitar', expect: all('ok') }],
    action: [{ label: 'an empty request', url: '/orcamento/solicitar', body: () => ({}), expect: { anonymous: 401, customerA: 400, customerB: 400, admin: 400 } }],
  },
  'routes/quote-checkout.tsx': {
    loader: [{ label: 'unknown quote', url: '/orcamento/00000000-0000-4000-8000-000000000000/pagar?versao=0', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: signedIn(404) }],
    action: [
      {
        label: 'pay an unknown quote',
        url: '/orcamento/00000000-0000-4000-8000-000000000000/pagar',
        params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
        body: () => ({ intent: 'preview', version: '0', cep: '01310-100' }),
        expect: { anonymous: 401, customerA: 404, customerB: 404, admin: 404 },
        writes: ['orders'],
      },
    ],
  },

  // ------------------------------------------------------------ accounts
  // A company's invitation link (issue 35): an unknown token is a 404 for everyone; accepting asks for a sign-in first.
  'routes/company-invitation.tsx': {
    loader: [{ label: 'unknown token', url: `/empresa/convite/${'x'.repeat(43)}`, params: () => ({ token: 'x'.repeat(43) }), expect: all(404) }],
    action: [{ label: 'accept an unknown token', url: `/empresa/convite/${'x'.repeat(43)}`, params: () => ({ token: 'x'.repeat(43) }), body: () => ({}), expect: signedIn(404) }],
  },
  'routes/login.tsx': {
    loader: [{ url: '/login', expect: { anonymous: 'ok', customerA: 'redirect:/area-cliente', customerB: 'redirect:/area-cliente', admin: 'redirect:/area-cliente' } }],
    action: [
      {
        label: "A's e-mail with a wrong password",
        url: '/login',
        body: (f) => ({ intent: 'login', email: f.a.email, password: 'senha-errada-123' }),
        expect: all(401),
        writes: ['session'],
      },
      {
        label: 'a visitor signs in',
        url: '/login',
        body: (f) => ({ intent: 'login', email: f.visitor.email, password: f.visitor.password }),
        expect: all('redirect:/area-cliente'),
      },
    ],
  },
  'routes/forgot-password.tsx': {
    action: [{ url: '/esqueci-senha', body: (f) => ({ email: f.visitor.email }), expect: all('ok') }],
  },
  'routes/reset-password.tsx': {
    loader: [{ url: '/redefinir-senha?token=abc', expect: all('ok') }],
    action: [
      {
        label: 'a made-up token',
        url: '/redefinir-senha',
        body: () => ({ token: 'token-inventado', password: 'nova-senha-123', confirmPassword: 'nova-senha-123' }),
        expect: all(400),
        writes: ['account', 'session'],
      },
    ],
  },
  'routes/logout.ts': {
    loader: [{ url: '/logout', expect: all('home') }],
    action: [{ url: '/logout', body: () => ({}), expect: all('home'), freshSession: true }],
  },

  // ------------------------------------------------------------ customer area
  // The layout's loader is also run with the URL of each of its pages (see below).
  'routes/customer/layout.tsx': { loader: [{ url: '/area-cliente/perfil', expect: signedIn() }] },
  'routes/customer/index.tsx': { loader: [{ url: '/area-cliente', expect: signedIn('redirect:/area-cliente/perfil') }] },
  'routes/customer/profile.tsx': {
    loader: [{ url: '/area-cliente/perfil', expect: signedIn(), secrets: aSecrets }],
    action: [{ url: '/area-cliente/perfil', body: (f, actor) => ({ name: actor === 'customerA' ? f.a.name : 'Nome Atualizado' }), expect: signedIn(), writes: ['user'] }],
  },
  // LGPD (Meus Dados): each signed-in account downloads its own data only.
  'routes/customer/data-export.ts': {
    loader: [{ url: '/area-cliente/meus-dados.json', expect: signedIn(), secrets: (f) => [...aSecrets(f), f.a.orderId, f.a.subscriptionId] }],
  },
  // The erasure needs the account's own password: nobody erases anything with another's session
  // and a wrong password (the admin's account is refused even with its own; privacy.test.ts runs
  // the erasure itself).
  'routes/customer/delete-account.ts': {
    loader: [{ url: '/area-cliente/excluir-conta', expect: all('redirect:/area-cliente/perfil') }],
    action: [
      {
        label: 'wrong password',
        url: '/area-cliente/excluir-conta',
        body: () => ({ password: 'senha-errada-123', confirmation: 'EXCLUIR' }),
        expect: { anonymous: 'login', customerA: 400, customerB: 400, admin: 400 },
        writes: ['user', 'account', 'session', 'orders', 'addresses', 'subscriptions', 'deliveries', 'savedKits', 'favorites', 'preferences', 'contact', 'newsletter'],
        secrets: aSecrets,
      },
      {
        label: "the admin's own password",
        url: '/area-cliente/excluir-conta',
        body: (_f, actor) => ({ password: actor === 'admin' ? TEST_ADMIN.password : 'senha-errada-123', confirmation: 'EXCLUIR' }),
        expect: { anonymous: 'login', customerA: 400, customerB: 400, admin: 409 },
        writes: ['user', 'account', 'session', 'orders'],
      },
    ],
  },
  'routes/customer/addresses.tsx': {
    loader: [
      { url: '/area-cliente/enderecos', expect: signedIn(), secrets: aSecrets },
      { label: "editing A's address", url: (f) => `/area-cliente/enderecos?editar=${f.a.addressId}`, expect: ownedByA(), secrets: aSecrets },
      { label: "deleting A's address", url: (f) => `/area-cliente/enderecos?excluir=${f.a.addressId}`, expect: ownedByA(), secrets: aSecrets },
      { label: 'malformed id', url: `/area-cliente/enderecos?editar=${'-'.repeat(36)}`, expect: ownedByA(404) },
    ],
    action: [
      { label: 'a new address', url: '/area-cliente/enderecos', body: () => addressForm(), expect: signedIn('redirect:/area-cliente/enderecos'), writes: ['addresses'] },
      {
        label: "overwriting A's address",
        url: '/area-cliente/enderecos',
        body: (f, actor) => addressForm({ id: f.a.addressId, street: actor === 'customerA' ? f.a.street : 'Rua do Intruso' }),
        expect: ownedByA('redirect:/area-cliente/enderecos'),
        writes: ['addresses'],
        secrets: aSecrets,
      },
      {
        label: "A's address as default",
        url: '/area-cliente/enderecos',
        body: (f) => ({ intent: 'default', id: f.a.addressId }),
        expect: ownedByA('redirect:/area-cliente/enderecos'),
        writes: ['addresses'],
        secrets: aSecrets,
      },
      {
        label: "deleting A's address",
        url: '/area-cliente/enderecos',
        body: (f) => ({ intent: 'delete', id: f.a.spareAddressId }),
        expect: ownedByA('redirect:/area-cliente/enderecos'),
        writes: ['addresses'],
        secrets: aSecrets,
      },
    ],
  },
  'routes/customer/orders.tsx': { loader: [{ url: '/area-cliente/meus-pedidos', expect: signedIn(), secrets: (f) => [...aSecrets(f), f.a.orderId] }] },
  'routes/customer/subscriptions.tsx': {
    loader: [{ url: '/area-cliente/assinaturas', expect: signedIn(), secrets: (f) => [f.a.subscriptionId] }],
    action: [
      ...(['skip', 'pause', 'resume'] as const).map((intent) => ({
        label: `${intent} of A's subscription`,
        url: '/area-cliente/assinaturas',
        body: (f: Fixtures) => ({ intent, subscriptionId: f.a.subscriptionId }),
        expect: ownedByA(),
        writes: ['subscriptions' as const],
      })),
      {
        label: "changing A's payment method",
        url: '/area-cliente/assinaturas',
        body: (f) => ({ intent: 'change-payment', subscriptionId: f.a.subscriptionId, paymentMethod: 'boleto' }),
        expect: ownedByA(),
        writes: ['subscriptions'],
      },
      {
        label: "changing A's delivery frequency",
        url: '/area-cliente/assinaturas',
        body: (f) => ({ intent: 'delivery-frequency', deliveryId: f.a.deliveryId, months: '1' }),
        expect: ownedByA(),
        writes: ['deliveries'],
      },
      ...(['delivery-skip', 'delivery-pause', 'delivery-resume', 'delivery-cancel'] as const).map((intent) => ({
        label: `${intent} of A's programmed delivery`,
        url: '/area-cliente/assinaturas',
        body: (f: Fixtures) => ({ intent, deliveryId: f.a.deliveryId }),
        expect: ownedByA(),
        writes: ['deliveries' as const],
      })),
      {
        label: "changing A's plan",
        url: '/area-cliente/assinaturas',
        body: (f) => ({ intent: 'change-plan', subscriptionId: f.a.subscriptionId, frequency: 'annual', idempotencyKey: '7d444840-9dc0-4c9d-9a4b-6c3d2e1f0a9b' }),
        // A's plan is paid by Pix: the change is charged now and waits for it on the order's page (issue 30).
        expect: ownedByA('redirect:/pedido/*'),
        writes: ['subscriptions'],
      },
      {
        label: "cancelling A's subscription",
        url: '/area-cliente/assinaturas',
        body: (f) => ({ intent: 'cancel', subscriptionId: f.a.subscriptionId }),
        expect: ownedByA(),
        writes: ['subscriptions'],
      },
    ],
  },
  // The plan's withdrawal within 7 days (issue 32): A's plan is anyone else's 404.
  'routes/customer/plan-withdrawal.ts': {
    action: [
      {
        label: "withdrawal from A's plan",
        url: '/area-cliente/assinaturas/desistencia',
        body: (f) => ({ intent: 'plan-withdraw', subscriptionId: f.a.subscriptionId }),
        // A's plan was cancelled by A above (and never paid): nothing to withdraw from.
        expect: ownedByA(409),
        writes: ['subscriptions', 'returns'],
      },
    ],
  },
  'routes/customer/wishlist.tsx': {
    loader: [{ url: '/area-cliente/lista-de-desejos', expect: signedIn() }],
    action: [
      {
        label: "removing A's favourite",
        url: '/area-cliente/lista-de-desejos',
        body: (f) => ({ intent: 'remove', productId: f.a.favoriteProductId }),
        expect: ownedByA(),
        writes: ['favorites'],
      },
    ],
  },
  'routes/customer/saved-kits.tsx': {
    loader: [{ url: '/area-cliente/kits-salvos', expect: signedIn(), secrets: aSecrets }],
    action: [
      {
        label: "deleting A's kit",
        url: '/area-cliente/kits-salvos',
        body: (f) => ({ intent: 'delete', kitId: f.a.kitId }),
        expect: ownedByA(),
        writes: ['savedKits', 'savedKitItems'],
      },
    ],
  },
  'routes/customer/payments.tsx': { loader: [{ url: '/area-cliente/pagamentos', expect: signedIn() }] },
  'routes/customer/notifications.tsx': { loader: [{ url: '/area-cliente/notificacoes', expect: signedIn() }] },
  // Faturas and Orçamentos (issue 35): nobody here belongs to a company (Faturas is a 404); an unknown quote is a 404.
  'routes/customer/invoices.tsx': { loader: [{ url: '/area-cliente/faturas', expect: signedIn(404) }] },
  'routes/customer/quotes.tsx': { loader: [{ url: '/area-cliente/orcamentos', expect: signedIn() }] },
  'routes/customer/quote.tsx': {
    loader: [{ label: 'unknown quote', url: '/area-cliente/orcamentos/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: signedIn(404) }],
    action: [{ label: 'decline an unknown quote', url: '/area-cliente/orcamentos/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), body: () => ({ intent: 'decline', version: '0' }), expect: signedIn(404) }],
  },
  // A review (issue 36) through A's order, not delivered: A is refused (403), anyone else finds no order (404); nothing written.
  'routes/customer/review.tsx': {
    loader: [
      { label: "A's order, not delivered", url: (f) => `/area-cliente/avaliacoes/${f.productId}?pedido=${f.a.orderId}`, params: (f) => ({ productId: f.productId }), expect: ownedByA(403) },
      { label: 'no order', url: (f) => `/area-cliente/avaliacoes/${f.productId}`, params: (f) => ({ productId: f.productId }), expect: signedIn(404) },
    ],
    action: [
      {
        label: "review through A's order",
        url: (f) => `/area-cliente/avaliacoes/${f.productId}`,
        params: (f) => ({ productId: f.productId }),
        body: (f) => ({ orderId: f.a.orderId, rating: '5', title: 'Muito bom', body: 'Limpa muito bem o piso da cozinha.' }),
        expect: ownedByA(403),
        writes: ['reviews'],
      },
    ],
  },
  // Empresa (issue 35): nobody here belongs to a company, so editing one or asking for credit is a 404, nothing written.
  'routes/customer/company.tsx': {
    loader: [{ url: '/area-cliente/empresa', expect: signedIn() }],
    action: [
      { label: 'edit without a company', url: '/area-cliente/empresa', body: () => ({ intent: 'update', legalName: 'Intrusa Ltda', ieIndicator: '9', version: '0' }), expect: signedIn(404), writes: ['user'] },
      { label: 'credit without a company', url: '/area-cliente/empresa', body: () => ({ intent: 'credit' }), expect: signedIn(404) },
    ],
  },
  'routes/customer/preferences.tsx': {
    loader: [{ url: '/area-cliente/preferencias', expect: signedIn() }],
    action: [
      { url: '/area-cliente/preferencias', body: () => ({ name: 'hideChatbot', value: 'true' }), expect: signedIn(), writes: ['preferences'] },
      // The newsletter switch acts on the signed-in account's own e-mail only.
      { label: 'newsletter switch', url: '/area-cliente/preferencias', body: () => ({ name: 'newsletter', value: 'true' }), expect: signedIn(), writes: ['newsletter'] },
    ],
  },
  // One-click unsubscribe: the signed token is the authorization, whoever (or no one) is signed in.
  'routes/unsubscribe.tsx': {
    loader: [
      { url: (f) => f.unsubscribePath, expect: all('ok') },
      { label: 'forged token', url: (f) => f.forgedUnsubscribePath, expect: all(400) },
    ],
    action: [
      { label: 'forged token', url: (f) => f.forgedUnsubscribePath, body: () => ({ 'List-Unsubscribe': 'One-Click' }), expect: all(400), writes: ['newsletter', 'preferences'] },
      { url: (f) => f.unsubscribePath, body: () => ({ 'List-Unsubscribe': 'One-Click' }), expect: all('ok') },
    ],
  },

  // ------------------------------------------------------------ admin
  'routes/admin/layout.tsx': { loader: [{ url: '/admin', expect: adminPage }] },
  'routes/admin/dashboard.tsx': {
    loader: [{ url: '/admin', expect: adminPage }],
    // "Reenviar" a failed e-mail: an unknown one is a 409 for the admin, a 403 for customers.
    action: [{ url: '/admin', body: () => ({ intent: 'retry_mail', id: randomUUID() }), expect: adminAction(409) }],
  },
  'routes/admin/orders.tsx': { loader: [{ url: '/admin/orders?status=pending&q=a&pagina=1', expect: adminPage, secrets: () => [] }] },
  'routes/admin/order.tsx': {
    loader: [{ url: (f) => `/admin/orders/${f.a.orderId}`, params: (f) => ({ id: f.a.orderId }), expect: adminPage }],
    action: [
      {
        url: (f) => `/admin/orders/${f.a.orderId}`,
        params: (f) => ({ id: f.a.orderId }),
        body: () => ({ intent: 'resolve_late_payment', confirmationId: randomUUID() }),
        expect: adminAction(409),
        writes: ['orders'],
      },
    ],
  },
  'routes/admin/returns.tsx': { loader: [{ url: '/admin/returns?status=late&pagina=1', expect: adminPage }] },
  'routes/admin/return.tsx': {
    loader: [
      { url: (f) => `/admin/returns/${f.a.returnId}`, params: (f) => ({ id: f.a.returnId }), expect: adminPage },
      { label: 'unknown return', url: `/admin/returns/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, params: () => ({ id: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` }), expect: { ...adminPage, admin: 404 } },
    ],
    action: [
      {
        // A page that showed another version: the admin gets 409, customers 403, and nothing changes.
        url: (f) => `/admin/returns/${f.a.returnId}`,
        params: (f) => ({ id: f.a.returnId }),
        body: () => ({ intent: 'approve', version: '99', instructions: 'Código de postagem 123' }),
        expect: adminAction(409),
        writes: ['returns', 'orders'],
      },
    ],
  },
  // Recording a Pix refund made by transfer: A's order owes none (never paid), so the admin gets 409.
  'routes/admin/order-refund.ts': {
    action: [
      {
        url: (f) => `/admin/orders/${f.a.orderId}/reembolso`,
        params: (f) => ({ id: f.a.orderId }),
        body: () => ({ intent: 'record_refund', reference: 'E18236120202611271200abc' }),
        expect: adminAction(409),
        writes: ['orders'],
      },
    ],
  },
  // A parcel's Melhor Envio label (issue 33): only the admin may buy one; without Melhor Envio configured (as here) it is
  // refused before anything is read (the purchase itself: tests/integration/labels.test.ts).
  'routes/admin/order-label.ts': {
    action: [
      {
        url: (f) => `/admin/orders/${f.a.orderId}/etiqueta/comprar`,
        params: (f) => ({ id: f.a.orderId }),
        body: () => ({ intent: 'buy_label', parcelId: randomUUID() }),
        expect: adminAction(409),
        writes: ['orders'],
      },
    ],
  },
  // Attaching an NF-e issued elsewhere (issue 34): admins only; without the XML the admin gets 400 (the attach itself:
  // tests/integration/invoice-attach.test.ts).
  'routes/admin/order-invoice.ts': {
    action: [{ url: (f) => `/admin/orders/${f.a.orderId}/nfe`, params: (f) => ({ id: f.a.orderId }), body: () => ({ intent: 'attach' }), expect: adminAction(400), writes: ['orders'] }],
  },
  'routes/admin/packing-slip.tsx': { loader: [{ url: (f) => `/admin/orders/${f.a.orderId}/etiqueta`, params: (f) => ({ id: f.a.orderId }), expect: adminPage }] },
  // A file has no page to send a customer to: 403, like an admin action.
  'routes/admin/orders-export.ts': { loader: [{ url: '/admin/orders/export.csv?status=pending', expect: adminAction() }] },
  // Notas fiscais (issue 34): the month's notes, and its XMLs as a ZIP (a file: 403 for a customer; the fixtures
  // keep no XML, so the admin's answer is the pt-BR 404; the ZIP itself: tests/integration/admin-invoices.test.ts).
  'routes/admin/invoices.tsx': { loader: [{ url: '/admin/notas-fiscais?mes=2026-11', expect: adminPage }] },
  'routes/admin/invoices-zip.ts': { loader: [{ url: '/admin/notas-fiscais/2026-11.zip', params: () => ({ file: '2026-11.zip' }), expect: adminAction(404) }] },
  'routes/admin/products.tsx': {
    loader: [{ url: '/admin/products?q=limpa&pagina=1', expect: adminPage }],
    action: [
      {
        label: 'delete',
        url: '/admin/products',
        body: (f) => ({ intent: 'delete', id: f.deleteProductId }),
        expect: adminAction(),
        writes: ['products', 'variants'],
      },
    ],
  },
  'routes/admin/product-edit.tsx': {
    loader: [
      { label: 'new', url: '/admin/products/new', params: () => ({ id: 'new' }), expect: adminPage },
      { label: 'existing', url: (f) => `/admin/products/${f.editProductId}`, params: (f) => ({ id: f.editProductId }), expect: adminPage },
    ],
    action: [
      {
        label: 'create',
        url: '/admin/products/new',
        params: () => ({ id: 'new' }),
        body: () => ({ name: 'Produto Intruso', basePrice: '1,00', 'variants.0.size': '1 L', 'variants.0.price': '1,00' }),
        expect: adminAction('redirect:/admin/products/*'),
        writes: ['products', 'variants'],
      },
      {
        label: 'update',
        url: (f) => `/admin/products/${f.editProductId}`,
        params: (f) => ({ id: f.editProductId }),
        body: () => ({ name: 'Renomeado', basePrice: '2,00' }),
        expect: adminAction('redirect:/admin/products/*'),
        writes: ['products', 'variants'],
      },
    ],
  },
  'routes/admin/subscription.tsx': {
    loader: [{ url: (f) => `/admin/subscriptions/${f.a.subscriptionId}`, params: (f) => ({ id: f.a.subscriptionId }), expect: adminPage }],
    action: [
      {
        // A's plan is active (or already cancelled by A): resuming it is a 409 for the admin, nothing written.
        url: (f) => `/admin/subscriptions/${f.a.subscriptionId}`,
        params: (f) => ({ id: f.a.subscriptionId }),
        body: () => ({ intent: 'resume' }),
        expect: adminAction(409),
        writes: ['subscriptions'],
      },
    ],
  },
  'routes/admin/newsletter.tsx': {
    loader: [{ url: '/admin/newsletter?q=exemplo', expect: adminPage }],
    action: [{ url: '/admin/newsletter', body: (f) => ({ intent: 'remove', id: f.newsletterId }), expect: adminAction(), writes: ['newsletter'] }],
  },
  'routes/admin/settings.tsx': {
    loader: [{ url: '/admin/settings', expect: adminPage }],
    // The admin's save (a new store phone) lands; everyone else's leaves the settings and the about hero as they were.
    action: [{ url: '/admin/settings', body: () => settingsForm, expect: adminAction('redirect:/admin/settings'), writes: ['settings', 'siteContent'] }],
  },
  // Fiscal (issue 34): the admin's post without the form's version is refused (400), nothing written (its real saves: admin-fiscal.test.ts).
  'routes/admin/fiscal.tsx': {
    loader: [{ url: '/admin/fiscal', expect: adminPage }],
    action: [{ url: '/admin/fiscal', body: () => ({ regime: 'normal', invoicing: 'on' }), expect: adminAction(400) }],
  },
  // Freight (issue 33). The admin's rows add an inactive service, a zone no price uses and an inactive rule, or switch a
  // rule that does not exist: the store's freight stays as seeded for the checkout rows (its real changes: admin-shipping.test.ts).
  'routes/admin/shipping.tsx': {
    loader: [{ url: '/admin/frete', expect: adminPage }],
    action: [{ url: '/admin/frete', body: () => ({ intent: 'toggle', kind: 'rule', id: '00000000-0000-4000-8000-000000000000', active: 'true' }), expect: adminAction(404) }],
  },
  'routes/admin/shipping-service.tsx': {
    loader: [
      { label: 'new', url: '/admin/frete/servicos/novo', params: () => ({ id: 'novo' }), expect: adminPage },
      { label: 'existing', url: '/admin/frete/servicos/e7dcf528-cccb-5919-b67f-c0d024955c78', params: () => ({ id: 'e7dcf528-cccb-5919-b67f-c0d024955c78' }), expect: adminPage },
    ],
    action: [
      {
        url: '/admin/frete/servicos/novo',
        params: () => ({ id: 'novo' }),
        body: () => ({ name: 'Serviço da matriz', carrier: 'propria', handlingDays: '1' }),
        expect: adminAction('redirect:/admin/frete/servicos/*'),
      },
    ],
  },
  'routes/admin/shipping-zone.tsx': {
    loader: [{ url: '/admin/frete/zonas/eb5a0cf0-13a8-5a1c-9497-f7fe92a7265f', params: () => ({ id: 'eb5a0cf0-13a8-5a1c-9497-f7fe92a7265f' }), expect: adminPage }],
    action: [
      {
        url: '/admin/frete/zonas/nova',
        params: () => ({ id: 'nova' }),
        body: () => ({ name: 'Zona da matriz', states: 'AC' }),
        expect: adminAction('redirect:/admin/frete/zonas/*'),
      },
    ],
  },
  'routes/admin/shipping-rule.tsx': {
    loader: [{ url: '/admin/frete/regras/nova', params: () => ({ id: 'nova' }), expect: adminPage }],
    action: [{ url: '/admin/frete/regras/nova', params: () => ({ id: 'nova' }), body: () => ({ name: 'Regra da matriz' }), expect: adminAction('redirect:/admin/frete/regras/*') }],
  },
  'routes/admin/legal-pages.tsx': { loader: [{ url: '/admin/legal-pages', expect: adminPage }] },
  'routes/admin/legal-page-edit.tsx': {
    loader: [
      { url: '/admin/legal-pages/trocas-devolucoes', params: () => ({ slug: 'trocas-devolucoes' }), expect: adminPage },
      { label: 'unknown page', url: '/admin/legal-pages/nao-existe', params: () => ({ slug: 'nao-existe' }), expect: { ...adminPage, admin: 404 } },
    ],
    // The admin's save publishes version 2 (the Trocas e Devoluções: the checkout rows tick the Termos' version 1); nobody else writes a version.
    action: [
      {
        url: '/admin/legal-pages/trocas-devolucoes',
        params: () => ({ slug: 'trocas-devolucoes' }),
        body: () => ({ version: '1', title: 'Trocas e Devoluções', description: 'Como desistir da compra.', content: '<p>Novo texto da política.</p>' }),
        expect: adminAction('redirect:/admin/legal-pages/trocas-devolucoes'),
        writes: ['legalPages', 'legalPageVersions'],
      },
    ],
  },
  'routes/admin/newsletter-export.ts': { loader: [{ url: '/admin/newsletter/export.csv?q=exemplo', expect: adminAction() }] },
  'routes/admin/reports.tsx': { loader: [{ url: '/admin/reports?periodo=ano', expect: adminPage }] },
  'routes/admin/reports-export.ts': { loader: [{ url: '/admin/reports/export.csv?tabela=clientes&periodo=ano', expect: adminAction() }] },
  'routes/admin/messages.tsx': { loader: [{ url: '/admin/messages?q=entrega&filtro=nao-lidas', expect: adminPage }] },
  'routes/admin/message.tsx': {
    loader: [{ url: (f) => `/admin/messages/${f.messageId}`, params: (f) => ({ id: f.messageId }), expect: adminPage }],
    action: [
      {
        url: (f) => `/admin/messages/${f.messageId}`,
        params: (f) => ({ id: f.messageId }),
        body: () => ({ intent: 'mark', mark: 'answered' }),
        expect: adminAction(),
        writes: ['contact'],
      },
    ],
  },
  'routes/admin/customers.tsx': { loader: [{ url: '/admin/customers?q=ana&pagina=1', expect: adminPage }] },
  // Empresas (issue 35): the list, and a company's page with the credit decision (an unknown company is a 404).
  // Orçamentos and Contas a receber (issue 35): admin only; an unknown quote is a 404, an empty confirmation a 400.
  'routes/admin/quotes.tsx': { loader: [{ url: '/admin/orcamentos?status=novo', expect: adminPage }] },
  'routes/admin/quote.tsx': {
    loader: [{ label: 'unknown quote', url: '/admin/orcamentos/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: { ...adminPage, admin: 404 } }],
    action: [{ label: 'write on an unknown quote', url: '/admin/orcamentos/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), body: () => ({ intent: 'message', body: 'Olá' }), expect: adminAction(404) }],
  },
  'routes/admin/receivables.tsx': {
    loader: [{ url: '/admin/contas-a-receber?status=vencida', expect: adminPage }],
    action: [{ label: 'an empty confirmation', url: '/admin/contas-a-receber', body: () => ({}), expect: adminAction(400) }],
  },
  'routes/admin/reviews.tsx': {
    loader: [{ url: '/admin/avaliacoes?status=rejeitadas&pagina=2', expect: adminPage }],
    action: [{ label: 'an empty decision', url: '/admin/avaliacoes', body: () => ({}), expect: adminAction(400), writes: ['reviews', 'products'] }],
  },
  'routes/admin/receivables-export.ts': { loader: [{ url: '/admin/contas-a-receber/export.csv?status=vencida', expect: adminAction() }] },
  // Cupons (issue 36): admin only; a customer's post creates no coupon, an unknown one is sent back to the list.
  'routes/admin/coupons.tsx': { loader: [{ url: '/admin/cupons', expect: adminPage }] },
  'routes/admin/coupon.tsx': {
    loader: [
      { url: '/admin/cupons/novo', params: () => ({ id: 'novo' }), expect: adminPage },
      { label: 'unknown coupon', url: '/admin/cupons/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: { ...adminPage, admin: 'redirect:/admin/cupons' } },
    ],
    action: [
      {
        url: '/admin/cupons/novo',
        params: () => ({ id: 'novo' }),
        body: () => ({ code: 'MATRIZ10', kind: 'percent', percent: '10', active: 'on' }),
        expect: adminAction('redirect:/admin/cupons/*'),
        writes: ['coupons'],
      },
    ],
  },
  'routes/admin/companies.tsx': { loader: [{ url: '/admin/empresas?q=limpa&status=requested&pagina=1', expect: adminPage }] },
  'routes/admin/company.tsx': {
    loader: [{ label: 'unknown company', url: '/admin/empresas/00000000-0000-4000-8000-000000000000', params: () => ({ id: '00000000-0000-4000-8000-000000000000' }), expect: { ...adminPage, admin: 404 } }],
    action: [
      {
        label: 'decide on an unknown company',
        url: '/admin/empresas/00000000-0000-4000-8000-000000000000',
        params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
        body: () => ({ decision: 'refuse', note: 'Sem histórico', version: '0' }),
        expect: adminAction(404),
      },
    ],
  },
  'routes/admin/customer.tsx': {
    loader: [
      { url: (f) => `/admin/customers/${f.visitor.id}`, params: (f) => ({ id: f.visitor.id }), expect: adminPage },
      { label: 'unknown customer', url: '/admin/customers/nao-existe', params: () => ({ id: 'nao-existe' }), expect: { ...adminPage, admin: 404 } },
    ],
    action: [
      {
        url: (f) => `/admin/customers/${f.visitor.id}`,
        params: (f) => ({ id: f.visitor.id }),
        body: () => ({ intent: 'password_reset' }),
        expect: adminAction(),
        writes: ['user', 'session'],
      },
    ],
  },
  'routes/admin/subscriptions.tsx': {
    loader: [{ url: '/admin/subscriptions?pagina=1', expect: adminPage }],
    action: [
      { label: 'update-plan', url: '/admin/subscriptions', body: (f) => ({ intent: 'update-plan', ...f.planForm, planName: 'Plano Renomeado' }), expect: adminAction(), writes: ['plans'] },
      { label: 'assign', url: '/admin/subscriptions', body: (f) => ({ intent: 'assign', email: f.visitor.email }), expect: adminAction(), writes: ['subscriptions'] },
      { label: 'remove', url: '/admin/subscriptions', body: (f) => ({ intent: 'remove', subscriptionId: f.removableSubscriptionId }), expect: adminAction(), writes: ['subscriptions'] },
    ],
  },
  // A product's FDS (issue 32): only the admin sends or removes it; the product row (its sds_key) is untouched otherwise.
  'routes/admin/product-sds.ts': {
    action: [
      {
        label: 'replace',
        url: (f) => `/admin/products/${f.editProductId}/fds`,
        params: (f) => ({ id: f.editProductId }),
        body: () => {
          const form = new FormData();
          form.append('intent', 'replace');
          form.append('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'ficha.pdf', { type: 'application/pdf' }));
          return form;
        },
        expect: adminAction(),
        writes: ['products'],
      },
      {
        label: 'remove',
        url: (f) => `/admin/products/${f.editProductId}/fds`,
        params: (f) => ({ id: f.editProductId }),
        body: () => ({ intent: 'remove' }),
        expect: adminAction(),
        writes: ['products'],
      },
    ],
  },
  'routes/admin/uploads.ts': {
    action: [
      {
        url: '/admin/uploads',
        body: (f) => {
          const form = new FormData();
          form.append('file', new File([f.uploadPng], 'foto.png', { type: 'image/png' }));
          return form;
        },
        expect: adminAction(),
      },
    ],
  },

  // ------------------------------------------------------------ resource routes
  'routes/newsletter.ts': {
    loader: [{ url: '/newsletter', expect: all('home') }],
    action: [{ url: '/newsletter', body: () => ({ email: `news.${randomUUID().slice(0, 8)}@exemplo.com.br` }), expect: all('ok') }],
  },
  // "Avise-me quando chegar" (issue 36): anyone may ask for a sold-out size (a visitor with an e-mail, a
  // signed-in account with its own); an available size is refused and nothing is written.
  'routes/stock-alert.ts': {
    loader: [{ url: '/avise-me', expect: all('redirect:/produtos') }],
    action: [
      { label: 'available size', url: '/avise-me', body: (f) => ({ variantId: f.variantId, email: 'alguem@exemplo.com.br' }), expect: all(409), writes: ['stockAlerts'] },
      { label: 'invalid e-mail', url: '/avise-me', body: (f) => ({ variantId: f.soldOutVariantId, email: 'nao-e-email' }), expect: all(400), writes: ['stockAlerts'] },
      { url: '/avise-me', body: (f) => ({ variantId: f.soldOutVariantId, email: `visitante.${randomUUID().slice(0, 8)}@exemplo.com.br` }), expect: all('ok') },
    ],
  },
  // A visitor's confirmation link: the token is the authorization, whoever (or no one) is signed in.
  'routes/stock-alert-confirm.tsx': {
    loader: [
      { url: (f) => `/avise-me/confirmar/${f.stockAlertToken}`, params: (f) => ({ token: f.stockAlertToken }), expect: all('ok') },
      { label: 'unknown token', url: '/avise-me/confirmar/desconhecido', params: () => ({ token: 'desconhecido' }), expect: all(404) },
    ],
    action: [
      { label: 'unknown token', url: '/avise-me/confirmar/desconhecido', params: () => ({ token: 'desconhecido' }), body: () => ({}), expect: all(404), writes: ['stockAlerts'] },
      { url: (f) => `/avise-me/confirmar/${f.stockAlertToken}`, params: (f) => ({ token: f.stockAlertToken }), body: () => ({}), expect: all('ok') },
    ],
  },
  // A signed-in customer's cart kept on the server (issue 36): each account its own; a visitor has none.
  'routes/cart-sync.ts': {
    loader: [{ url: '/carrinho/sync', expect: all(405) }],
    action: [
      { label: 'malformed cart', url: '/carrinho/sync', body: () => ({ mode: 'put', base: '0', items: '[{' }), expect: { anonymous: 401, customerA: 400, customerB: 400, admin: 400 }, writes: ['carts'] },
      { label: 'a visitor has no server cart', url: '/carrinho/sync', body: (f) => ({ mode: 'merge', items: JSON.stringify([{ id: f.variantId, product_id: f.productId, name: 'Produto', price: '1.00', quantity: 1 }]) }), expect: { anonymous: 401, customerA: 'ok', customerB: 'ok', admin: 'ok' } },
      { url: '/carrinho/sync', body: () => ({ mode: 'pull' }), expect: { anonymous: 401, customerA: 'ok', customerB: 'ok', admin: 'ok' } },
    ],
  },
  // A cart reminder's restore link: the token is the authorization, whoever (or no one) is signed in.
  'routes/cart-restore.tsx': {
    loader: [
      { url: (f) => `/carrinho/recuperar/${f.cartReminderToken}`, params: (f) => ({ token: f.cartReminderToken }), expect: all('ok') },
      { label: 'unknown token', url: '/carrinho/recuperar/desconhecido', params: () => ({ token: 'desconhecido' }), expect: all(404) },
    ],
    action: [
      { label: 'unknown token', url: '/carrinho/recuperar/desconhecido', params: () => ({ token: 'desconhecido' }), body: () => ({}), expect: all(404), writes: ['cartReminders'] },
      { url: (f) => `/carrinho/recuperar/${f.cartReminderToken}`, params: (f) => ({ token: f.cartReminderToken }), body: () => ({}), expect: all('ok') },
    ],
  },
  'routes/favorites.ts': {
    loader: [{ url: '/favoritos', expect: all('redirect:/area-cliente/lista-de-desejos') }],
    action: [
      {
        url: '/favoritos',
        body: (f) => ({ intent: 'add', productId: f.productId }),
        expect: { anonymous: 401, customerA: 'ok', customerB: 'ok', admin: 'ok' },
        writes: ['favorites'],
      },
    ],
  },
  'routes/api.product.ts': {
    loader: [{ url: (f) => `/api/produtos/${f.productSlug}`, params: (f) => ({ slug: f.productSlug }), expect: all('ok') }],
  },
  // "Calcular frete" on a product (issue 33): a quote for anyone, nothing written.
  'routes/freight-quote.ts': {
    action: [{ url: '/frete/cotacao', body: (f) => ({ cep: '01001-000', id: f.variantId, quantity: '1' }), expect: all('ok') }],
  },
  'routes/chatbot.ts': { loader: [{ url: '/chatbot?intent=best-sellers', expect: all('ok') }] },
  // IBGE's municipalities: public data, the same for everyone.
  'routes/municipalities.ts': { loader: [{ url: '/enderecos/municipios?uf=SP&q=campi', expect: all('ok') }] },
  'routes/theme.ts': {
    loader: [{ url: '/preferencias/tema', expect: all('home') }],
    action: [{ url: '/preferencias/tema', body: () => ({ theme: 'dark' }), expect: all('ok') }],
  },
  'routes/api.auth.ts': {
    loader: [
      {
        label: 'get-session',
        url: '/api/auth/get-session',
        params: () => ({ '*': 'get-session' }),
        expect: all(404),
      },
      {
        // The confirmation link stays open (the e-mail links to it); a made-up token goes back to /login with an error.
        label: 'verify-email, made-up token',
        url: '/api/auth/verify-email?token=inventado&callbackURL=%2Flogin%3Fverificado%3D1',
        params: () => ({ '*': 'verify-email' }),
        expect: all('redirect:/login?verificado=1&error=*'),
      },
    ],
    action: [
      {
        label: 'admin/impersonate-user',
        url: '/api/auth/admin/impersonate-user',
        params: () => ({ '*': 'admin/impersonate-user' }),
        json: (f) => ({ userId: f.targetUserId }),
        expect: all(404),
        writes: ['session'],
      },
      {
        label: 'admin/set-user-password',
        url: '/api/auth/admin/set-user-password',
        params: () => ({ '*': 'admin/set-user-password' }),
        json: (f) => ({ userId: f.targetUserId, newPassword: 'senha-do-intruso-1' }),
        expect: all(404),
        writes: ['account'],
      },
      {
        label: 'admin/remove-user',
        url: '/api/auth/admin/remove-user',
        params: () => ({ '*': 'admin/remove-user' }),
        json: (f) => ({ userId: f.targetUserId }),
        expect: all(404),
        writes: ['user'],
      },
      {
        label: 'sign-up/email with a field the form never sends',
        url: '/api/auth/sign-up/email',
        params: () => ({ '*': 'sign-up/email' }),
        json: () => ({ name: 'Intruso', email: `intruso.${randomUUID().slice(0, 8)}@exemplo.com.br`, password: 'senha-intrusa-1', role: 'admin' }),
        // Sign-up goes through /login's action only (its form's limits, no extra fields).
        expect: all(404),
        writes: ['user'],
      },
    ],
  },
  'routes/uploads.ts': {
    loader: [
      { url: '/uploads/0123456789abcdef0123-1200.webp', params: () => ({ '*': '0123456789abcdef0123-1200.webp' }), expect: all(404) },
      { label: 'an FDS never stored', url: '/uploads/fds/nada-0123456789abcdef0123.pdf', params: () => ({ '*': 'fds/nada-0123456789abcdef0123.pdf' }), expect: all(404) },
    ],
  },
  'routes/sitemap.ts': { loader: [{ url: '/sitemap.xml', expect: all('ok') }] },
  // The product feeds (issue 36): the public catalogue, the same for everyone.
  'routes/feeds.google.ts': { loader: [{ url: '/feeds/google.xml', expect: all('ok') }] },
  'routes/feeds.meta.ts': { loader: [{ url: '/feeds/meta.csv', expect: all('ok') }] },
  // Mercado Pago's notifications: no session decides anything; without the gateway there is nothing to receive
  // (signatures, replays and the gateway itself: tests/integration/mercadopago.test.ts).
  'routes/webhooks.mercadopago.ts': {
    loader: [{ url: '/webhooks/mercadopago', expect: all(405) }],
    action: [{ url: '/webhooks/mercadopago?data.id=123&type=payment', body: () => ({}), expect: all(404) }],
  },
  // Focus NFe's notices: public, trusted only with the Authorization registered with their hook (FOCUSNFE_WEBHOOK_SECRET,
  // unset here); webhook, polling and lying notices: tests/integration/invoice-issuing.test.ts.
  'routes/webhook-focusnfe.ts': {
    loader: [{ url: '/webhooks/focusnfe', expect: all(405) }],
    action: [{ url: '/webhooks/focusnfe', json: () => ({ ref: `nfe-${randomUUID()}`, status: 'autorizado' }), expect: all(401), writes: ['orders'] }],
  },
  // Melhor Envio's notices: public, no session decides anything, only X-ME-Signature; without the application's secret
  // (as here) none is trusted (signatures, replays and tracking: tests/integration/labels.test.ts).
  'routes/webhook-melhorenvio.ts': {
    loader: [{ url: '/webhooks/melhorenvio', expect: all(405) }],
    action: [{ url: '/webhooks/melhorenvio', json: () => ({ event: 'order.delivered', data: { id: randomUUID(), status: 'delivered', tracking: null } }), expect: all(401), writes: ['orders'] }],
  },
  'routes/robots.ts': { loader: [{ url: '/robots.txt', expect: all('ok') }] },
  // The e2e suite's seeding entry: only a store run with NODE_ENV=test and E2E_FIXTURES=1 has it (tests/integration/e2e-fixtures.test.ts).
  'routes/e2e-fixtures.ts': {
    loader: [{ url: '/__e2e/customer', expect: all(404) }],
    action: [
      {
        url: '/__e2e/customer',
        json: () => ({ name: 'Intruso', email: `intruso.${randomUUID().slice(0, 8)}@exemplo.com.br`, password: 'senha-intrusa-1' }),
        expect: all(404),
        writes: ['user', 'orders'],
      },
    ],
  },
  'routes/legal-page.tsx': {
    loader: [
      { url: '/termos-uso', params: () => ({ slug: 'termos-uso' }), expect: all('ok') },
      { label: 'unknown page', url: '/nao-existe', params: () => ({ slug: 'nao-existe' }), expect: all(404) },
    ],
  },
  'routes/legal-page-version.tsx': {
    loader: [
      { url: '/termos-uso/versao/1', params: () => ({ slug: 'termos-uso', version: '1' }), expect: all('ok') },
      { label: 'unknown version', url: '/termos-uso/versao/99', params: () => ({ slug: 'termos-uso', version: '99' }), expect: all(404) },
    ],
  },
  'routes/not-found.tsx': { loader: [{ url: '/qualquer/coisa', params: () => ({ '*': 'qualquer/coisa' }), expect: all(404) }] },
};

// ---------------------------------------------------------------- the route table

type FlatRoute = { file: string; path: string; layouts: string[] };

/** app/routes.ts flattened: each module with its full path and the layouts around it. */
function flatten(entries: RouteConfigEntry[], parentPath = '', layouts: string[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const entry of entries) {
    const full = entry.path ? [parentPath, entry.path].filter(Boolean).join('/') : parentPath;
    out.push({ file: entry.file, path: `/${full}`, layouts });
    if (entry.children) out.push(...flatten(entry.children, full, [...layouts, entry.file]));
  }
  return out;
}

// ---------------------------------------------------------------- calling a route

const ORIGIN = 'http://localhost:3000';
type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

/** How the answer looks from outside: 'ok', 'redirect:<location>' or the status; and its body as text. */
async function observe(run: () => unknown): Promise<{ outcome: string; body: string }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  let status = 200;
  let location: string | null = null;
  let body = '';
  if (value instanceof Response) {
    status = value.status;
    location = value.headers.get('location');
    body = await value.clone().text();
  } else if (isDataWithInit(value)) {
    status = value.init?.status ?? 200;
    location = new Headers(value.init?.headers).get('location');
    body = JSON.stringify(value.data) ?? '';
  } else {
    body = JSON.stringify(value) ?? '';
  }
  if (status >= 300 && status < 400) return { outcome: `redirect:${location ?? ''}`, body };
  return { outcome: status >= 200 && status < 300 ? 'ok' : String(status), body };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: string }).type === 'DataWithResponseInit';
}

function matches(expected: string, actual: string): boolean {
  return expected.endsWith('*') ? actual.startsWith(expected.slice(0, -1)) : actual === expected;
}

function resolve(expected: Expected, url: string): string {
  if (expected === 'login') return `redirect:/login?redirectTo=${encodeURIComponent(url)}`;
  if (expected === 'home') return 'redirect:/';
  return String(expected);
}

function formOf(body: Body): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return form;
}

function cookieOf(headers: Headers): string {
  return headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

// Every request from its own address: the per-address limits (sign-in, forms) never decide a row.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${addressCounter >> 8}.${addressCounter & 255}`;
};

// ---------------------------------------------------------------- the test

const cleanups: (() => Promise<void>)[] = [];
const savedEnv = { ...process.env };
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.env = savedEnv;
});

const flat = flatten(routes);
const rootFile = 'root.tsx';
const routeFiles = [rootFile, ...new Set(flat.map((r) => r.file))];

describe('the authorization matrix', () => {
  it('has an entry for every module of app/routes.ts, and none for a module that is not there', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...routeFiles].sort());
  });

  it.each(routeFiles)('%s: one row set per exported loader and action, none for a missing one', async (file) => {
    const mod = (await import(/* @vite-ignore */ path.resolve('app', file))) as RouteModule;
    const entry = MATRIX[file] ?? {};
    for (const method of ['loader', 'action'] as const) {
      const exported = typeof mod[method] === 'function';
      expect(exported ? (entry[method]?.length ?? 0) > 0 : entry[method] === undefined, `${file} ${method}: ${exported ? 'exported without rows' : 'rows without an export'}`).toBe(true);
    }
  });
});

describe.each(engines.map((e) => e.name))('authorization matrix on %s', (engineName) => {
  let db: Database;
  let schema: typeof Schema;
  let fx: Fixtures;
  let cookies: Record<Actor, string | null>;
  let signIn: (email: string, password: string) => Promise<string>;
  let credentials: Record<Exclude<Actor, 'anonymous'>, { email: string; password: string }>;
  let userIds: Record<Exclude<Actor, 'anonymous'>, string>;
  let tables: Record<Table, PgTable>;
  const modules = new Map<string, RouteModule>();

  it('opens the app database, signs in A, B and the admin, and gives A an order, addresses, a kit, a favourite and a subscription', async () => {
    const { dataDir, dropDatabase } = await prepareFreshApp(engineName, 'clarear-matrix-', 'clarear_matrix');
    const { getDatabaseHandle, getDb } = await import('~/server/infra/db.server');
    const { callAuth } = await import('~/server/auth/auth.server');
    const { settleBackgroundTasks } = await import('~/server/infra/background.server');
    schema = await import('~/db/schema');
    db = await getDb();
    const handle = await getDatabaseHandle();
    cleanups.push(async () => {
      await settleBackgroundTasks(10_000);
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const s = schema;
    tables = {
      user: s.user,
      account: s.account,
      session: s.session,
      addresses: s.userAddresses,
      orders: s.orders,
      orderItems: s.orderItems,
      subscriptions: s.userSubscriptions,
      deliveries: s.programmedDeliveries,
      savedKits: s.savedKits,
      savedKitItems: s.savedKitItems,
      favorites: s.userFavorites,
      preferences: s.userPreferences,
      products: s.products,
      variants: s.productVariants,
      plans: s.subscriptionConfigs,
      contact: s.contactMessages,
      newsletter: s.newsletterSubscriptions,
      settings: s.storeSettings,
      siteContent: s.siteContent,
      legalPages: s.legalPages,
      legalPageVersions: s.legalPageVersions,
      returns: s.returns,
      stockAlerts: s.stockAlerts,
      coupons: s.coupons,
      carts: s.carts,
      cartReminders: s.cartReminders,
      reviews: s.reviews,
    };

    const authRequest = () => new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'x-forwarded-for': nextAddress() } });
    signIn = async (email, password) => {
      const result = await callAuth(authRequest(), '/sign-in/email', { email, password });
      if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.status} ${result.code}`);
      return cookieOf(result.headers);
    };
    const signUp = async (name: string) => {
      const email = `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 6)}@exemplo.com.br`;
      const password = `senha-${randomUUID().slice(0, 8)}`;
      const result = await callAuth(authRequest(), '/sign-up/email', { name, email, password });
      expect(result.ok, `sign-up of ${name}`).toBe(true);
      const [row] = await db.update(s.user).set({ emailVerified: true }).where(eq(s.user.email, email)).returning();
      return { id: row!.id, email, password };
    };
    const a = await signUp('Ana Sigilosa Matriz');
    const b = await signUp('Bruno Curioso');
    const visitor = await signUp('Vera Visitante');
    const target = await signUp('Tiago Alvo');
    const [adminRow] = await db.select().from(s.user).where(eq(s.user.email, TEST_ADMIN.email));
    credentials = { customerA: a, customerB: b, admin: TEST_ADMIN };
    userIds = { customerA: a.id, customerB: b.id, admin: adminRow!.id };
    cookies = {
      anonymous: null,
      customerA: await signIn(a.email, a.password),
      customerB: await signIn(b.email, b.password),
      admin: await signIn(credentials.admin.email, credentials.admin.password),
    };

    // Catalogue rows the bodies name.
    const [product] = await db
      .select({ id: s.products.id, slug: s.products.slug, variantId: s.productVariants.id })
      .from(s.products)
      .innerJoin(s.productVariants, eq(s.productVariants.productId, s.products.id))
      .where(eq(s.products.isKit, false))
      .limit(1);
    const [favorite] = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.isKit, false)).offset(1).limit(1);
    const [post] = await db.select({ slug: s.blogPosts.slug }).from(s.blogPosts).limit(1);

    // A's own data, written through the domain modules the routes use.
    const { addressSchema } = await import('~/lib/schemas/address');
    const { saveAddress } = await import('~/server/account/addresses.server');
    const { saveKit } = await import('~/server/account/saved-kits.server');
    const { addFavorite } = await import('~/server/account/favorites.server');
    const { placeOrder } = await import('~/server/flows/checkout.server');
    const { payNowSchema } = await import('~/lib/schemas/checkout');
    const { builtInProvider } = await import('~/server/payments/provider.server');
    const { productFormSchema } = await import('~/lib/schemas/admin-product');
    const { saveProduct } = await import('~/server/catalog/product-admin.server');
    const { getEditablePlanConfig, listPlanOptions } = await import('~/server/subscriptions/plans.server');

    const street = 'Rua Segredo da Ana';
    const address = (name: string) =>
      addressSchema.parse({ name, zipCode: '20040-020', street, number: '77', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ', isDefault: 'on' });
    const addressId = (await saveAddress(db, a.id, address('Casa da Ana')))!;
    const spareAddressId = (await saveAddress(db, a.id, address('Casa de praia da Ana')))!;
    const kitName = 'Kit Secreto da Ana';
    const kit = await saveKit(db, a.id, { name: kitName, items: [{ productId: product!.id, variantId: product!.variantId, quantity: 2 }] });
    await addFavorite(db, a.id, favorite!.id);
    const taxId = generateCpf();
    const { orderId } = await placeOrder(
      db,
      { id: a.id, name: 'Ana Sigilosa Matriz', email: a.email },
      payNowSchema.parse({
        intent: 'pay',
        cart: JSON.stringify([{ id: product!.variantId, product_id: product!.id, quantity: 1 }]),
        idempotencyKey: randomUUID(),
        paymentMethod: 'pix',
        delivery: NEW_ADDRESS_DELIVERY,
        taxId,
      }),
      builtInProvider,
    );
    const subscription = { frequency: 'monthly' as const, status: 'active' as const, anchorDate: '2026-11-10', nextDeliveryDate: '2026-12-10', totalValue: '49.90', paidThrough: '2026-12-10' };
    const [aSubscription] = await db.insert(s.userSubscriptions).values({ userId: a.id, ...subscription }).returning();
    const [aDelivery] = await db
      .insert(s.programmedDeliveries)
      .values({ userId: a.id, months: 2, anchorDate: '2026-11-10', nextDate: '2027-01-10', paymentMethod: 'pix' })
      .returning();
    await db.insert(s.programmedDeliveryItems).values({ deliveryId: aDelivery!.id, variantId: product!.variantId, productName: 'Produto da Ana', quantity: 1 });
    // A bystander's subscription for the admin's "remove".
    const bystanderId = `bystander-${randomUUID().slice(0, 8)}`;
    await db.insert(s.user).values({ id: bystanderId, name: 'Terceiro', email: `${bystanderId}@exemplo.com.br` });
    const [removable] = await db.insert(s.userSubscriptions).values({ userId: bystanderId, ...subscription }).returning();
    // A's withdrawal request, waiting for the store's answer.
    const [aReturn] = await db
      .insert(s.returns)
      .values({ protocol: 'DEV-20261127-MATRIZ', orderId, userId: a.id, kind: 'withdrawal', status: 'requested', answerDueAt: new Date(Date.now() + 5 * 86_400_000) })
      .returning();

    const editProductId = await saveProduct(db, null, productFormSchema.parse({ name: 'Produto da Matriz (edição)', basePrice: '3,00' }));
    const deleteProductId = await saveProduct(db, null, productFormSchema.parse({ name: 'Produto da Matriz (exclusão)', basePrice: '3,00' }));
    const plan = (await getEditablePlanConfig(db))!;
    const planForm: Record<string, string> = {
      id: plan.id,
      planName: plan.planName,
      headline: plan.headline,
      description: plan.description ?? '',
      imageUrl: plan.imageUrl ?? '',
      isActive: plan.isActive ? 'on' : '',
    };
    (await listPlanOptions(db)).forEach((o, i) => Object.assign(planForm, { [`options.${i}.frequency`]: o.frequency, [`options.${i}.price`]: o.price, [`options.${i}.highlight`]: o.highlight ?? '' }));
    plan.benefits.forEach((benefit, i) => Object.assign(planForm, { [`benefits.${i}.text`]: benefit.text, [`benefits.${i}.icon`]: benefit.icon }));
    plan.howItWorksSteps.forEach((step, i) => Object.assign(planForm, { [`steps.${i}.title`]: step.title, [`steps.${i}.description`]: step.description }));

    const sharp = (await import('sharp')).default;
    const uploadPng = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a9d8f' } }).png().toBuffer());

    const [newsletterSignUp, leaving] = await db
      .insert(s.newsletterSubscriptions)
      .values([
        { email: `leitora.${randomUUID().slice(0, 8)}@exemplo.com.br`, source: 'blog' },
        { email: `saindo.${randomUUID().slice(0, 8)}@exemplo.com.br`, source: 'footer' },
      ])
      .returning();
    const { newsletterUnsubscribeLink } = await import('~/server/mail/unsubscribe.server');
    const link = new URL(newsletterUnsubscribeLink(leaving!.id).url);
    const unsubscribePath = link.pathname + link.search;
    const at = unsubscribePath.length - 20; // a character inside the signature
    const forgedUnsubscribePath = `${unsubscribePath.slice(0, at)}${unsubscribePath[at] === 'x' ? 'y' : 'x'}${unsubscribePath.slice(at + 1)}`;
    const [soldOut] = await db.insert(s.productVariants).values({ productId: product!.id, size: 'Matriz 9 L', price: '10.00', stock: 0 }).returning();
    const stockAlertToken = `matriz-${randomUUID()}`;
    await db.insert(s.stockAlerts).values({ variantId: soldOut!.id, email: `aguarda.${randomUUID().slice(0, 8)}@exemplo.com.br`, confirmTokenHash: createHash('sha256').update(stockAlertToken).digest('hex') });
    const cartReminderToken = `matriz-${randomUUID()}`;
    await db.insert(s.cartReminders).values({
      userId: visitor.id,
      step: 1,
      cartVersion: 1,
      items: [{ id: product!.variantId, product_id: product!.id, name: 'Produto da Matriz', price: '10.00', quantity: 2 }],
      subtotal: '20.00',
      tokenHash: createHash('sha256').update(cartReminderToken).digest('hex'),
    });
    const [contactMessage] = await db
      .insert(s.contactMessages)
      .values({ name: 'Remetente do Contato', email: 'remetente@exemplo.com.br', subject: 'Pergunta sobre entrega', message: 'Qual o prazo?' })
      .returning();
    fx = {
      productId: product!.id,
      productSlug: product!.slug,
      variantId: product!.variantId,
      blogSlug: post!.slug,
      editProductId,
      deleteProductId,
      planForm,
      a: {
        name: 'Ana Sigilosa Matriz',
        email: a.email,
        taxId,
        orderId,
        addressId,
        spareAddressId,
        street,
        kitId: kit.id,
        kitName,
        subscriptionId: aSubscription!.id,
        deliveryId: aDelivery!.id,
        favoriteProductId: favorite!.id,
        returnId: aReturn!.id,
      },
      visitor,
      removableSubscriptionId: removable!.id,
      messageId: contactMessage!.id,
      newsletterId: newsletterSignUp!.id,
      unsubscribePath,
      forgedUnsubscribePath,
      soldOutVariantId: soldOut!.id,
      stockAlertToken,
      cartReminderToken,
      targetUserId: target.id,
      uploadPng,
    };
    for (const file of routeFiles) modules.set(file, (await import(/* @vite-ignore */ path.resolve('app', file))) as RouteModule);
  });

  /** Every row of the table, by table order, as a text: a refused request must leave it identical. */
  async function snapshot(names: Table[] = []): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const name of names) {
      const rows = (await db.select().from(tables[name])).map((r) => JSON.stringify(r)).sort();
      out[name] = `${rows.length} rows\n${rows.join('\n')}`;
    }
    return out;
  }

  function request(c: Case, method: 'GET' | 'POST', actor: Actor, cookie: string | null): Request {
    const url = typeof c.url === 'function' ? c.url(fx) : c.url;
    const headers = new Headers({ 'x-forwarded-for': nextAddress() });
    if (cookie) headers.set('cookie', cookie);
    if (method === 'GET') return new Request(`${ORIGIN}${url}`, { headers });
    headers.set('origin', ORIGIN);
    if (c.json) {
      headers.set('content-type', 'application/json');
      return new Request(`${ORIGIN}${url}`, { method, headers, body: JSON.stringify(c.json(fx, actor)) });
    }
    return new Request(`${ORIGIN}${url}`, { method, headers, body: formOf(c.body?.(fx, actor) ?? {}) });
  }

  async function runRow(file: string, method: 'loader' | 'action', row: Case) {
    const fn = modules.get(file)![method]!;
    const c = row;
    const expectations = c.expect;
    const url = typeof c.url === 'function' ? c.url(fx) : c.url;
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const expected = resolve(expectations[actor], url);
      let cookie = cookies[actor];
      if (c.freshSession && actor !== 'anonymous') cookie = await signIn(credentials[actor].email, credentials[actor].password);
      const before = c.writes ? await snapshot(c.writes) : {};
      const req = request(c, method === 'loader' ? 'GET' : 'POST', actor, cookie);
      const { outcome, body } = await observe(() => fn({ request: req, params: c.params?.(fx) ?? {}, context: {} }));
      const what = `${file} ${method}${c.label ? ` (${c.label})` : ''} ${url} as ${actor}`;
      if (!matches(expected, outcome)) failures.push(`${what}: expected ${expected}, got ${outcome} ${body.slice(0, 200)}`);
      const wanted = expectations[actor];
      const refused = wanted === 'login' || wanted === 'home' || typeof wanted === 'number';
      if (refused && c.writes) {
        const after = await snapshot(c.writes);
        for (const table of c.writes) if (after[table] !== before[table]) failures.push(`${what}: refused (${outcome}) but ${table} changed`);
      }
      if (actor !== 'customerA' && c.secrets) {
        for (const secret of c.secrets(fx)) if (body.includes(secret)) failures.push(`${what}: the answer contains A's "${secret}"`);
      }
    }
    expect(failures).toEqual([]);
  }

  for (const [file, entry] of Object.entries(MATRIX)) {
    for (const method of ['loader', 'action'] as const) {
      for (const row of entry[method] ?? []) {
        // Were Better Auth's admin endpoints ever open again, they would really remove an account: they run last.
        if (file === 'routes/api.auth.ts' && method === 'action') continue;
        it(`${file} ${method}${row.label ? ` (${row.label})` : ''}`, () => runRow(file, method, row));
      }
    }
  }

  it("each layout's loader refuses what it guards on every page under it", async () => {
    for (const route of flat.filter((r) => r.layouts.length > 0 && !r.path.includes(':'))) {
      for (const layout of route.layouts) {
        const [row] = MATRIX[layout]!.loader!;
        await runRow(layout, 'loader', { ...row!, url: route.path });
      }
    }
  });

  it("after every refusal A's data is intact, and the owner's own writes went through", async () => {
    const s = schema;
    const [order] = await db.select().from(s.orders).where(eq(s.orders.id, fx.a.orderId));
    expect(order?.userId).toBe(userIds.customerA);
    const addresses = await db.select().from(s.userAddresses).where(eq(s.userAddresses.userId, userIds.customerA));
    // A deleted the spare address; B's overwrite never landed.
    expect(addresses.map((r) => r.id)).not.toContain(fx.a.spareAddressId);
    expect(addresses.find((r) => r.id === fx.a.addressId)?.street).toBe(fx.a.street);
    const [subscription] = await db.select().from(s.userSubscriptions).where(eq(s.userSubscriptions.id, fx.a.subscriptionId));
    // A asked for the annual plan (charged by Pix, never paid: the monthly one stayed), then cancelled the
    // plan, which dropped the change and its unpaid order.
    expect(subscription).toMatchObject({ frequency: 'monthly', status: 'cancelled' });
    expect(await db.select({ status: s.planChanges.status }).from(s.planChanges).where(eq(s.planChanges.subscriptionId, fx.a.subscriptionId))).toEqual([{ status: 'cancelled' }]);
    expect(await db.select().from(s.savedKits).where(eq(s.savedKits.id, fx.a.kitId))).toEqual([]);
    // The admin's writes, refused to everyone else, went through for the admin.
    expect(await db.select().from(s.products).where(eq(s.products.id, fx.deleteProductId))).toEqual([]);
    const [edited] = await db.select().from(s.products).where(eq(s.products.id, fx.editProductId));
    expect(edited).toMatchObject({ name: 'Renomeado', basePrice: '2.00' });
    expect((await db.select().from(s.subscriptionConfigs).where(eq(s.subscriptionConfigs.id, fx.planForm.id!)))[0]?.planName).toBe('Plano Renomeado');
    const visitorSubscriptions = await db.select().from(s.userSubscriptions).innerJoin(s.user, eq(s.user.id, s.userSubscriptions.userId)).where(eq(s.user.email, fx.visitor.email));
    expect(visitorSubscriptions.map((r) => r.user_subscriptions.status)).toEqual(['active']);
    expect(await db.select().from(s.userSubscriptions).where(eq(s.userSubscriptions.id, fx.removableSubscriptionId))).toEqual([]);
    expect((await db.select().from(s.storeSettings))[0]).toMatchObject({ phone: '1130034000', version: 2, updatedBy: userIds.admin });
  });

  it('the admin endpoints of /api/auth/*', async () => {
    for (const row of MATRIX['routes/api.auth.ts']!.action!) await runRow('routes/api.auth.ts', 'action', row);
  });
});
