// "Excluir minha conta" (LGPD art. 18 VI: elimination), in one transaction. The account row is
// locked first, so two erasures at once run one after the other (the second finds nothing) and a
// checkout racing it either commits first (its order is then handled here) or fails on the gone
// account. The orders stay, as the fiscal records the law requires (art. 16 I), with the buyer's
// name, CPF/CNPJ and address replaced by DELETED_CUSTOMER_NAME; the subscriptions stay cancelled
// and anonymized (the reports count them), as do the returns (their words and Pix keys removed);
// everything else about the customer is deleted. The password is checked by the route (Better
// Auth) before this is called. Kept on purpose: the keyed
// hash of each CPF/CNPJ that bought (welcome_offer_uses: the welcome offer once per person, fraud
// prevention, art. 7 IX), never the document itself. The customer's cards and record at the
// payment gateway are deleted there by a job (gateway_erasures, written here; gateway-erasure.server.ts).
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '~/db/client.server';
import {
  companyInvitations,
  contactMessages,
  emailOutbox,
  gatewayErasures,
  mailThrottle,
  newsletterSubscriptions,
  stockAlerts,
  reviews,
  reviewPhotos,
  orderEvents,
  orders,
  returnEvents,
  returns,
  quotes,
  quoteMessages,
  savedCards,
  subscriptionEvents,
  user,
  userAddresses,
  userSubscriptions,
  verification,
} from '~/db/schema';
import { orderStatusLabel, shortOrderId } from '~/lib/order-status';
import { DELETED_CUSTOMER_NAME } from '~/lib/privacy';
import { displayTaxId } from '~/lib/tax-id';
import { applyOrderActionIn } from '../orders/transitions.server';
import { rememberBuyersOf } from '../orders/welcome-offer.server';
import { kickGatewayErasures } from './gateway-erasure.server';
import { leaveCompanyForErasure } from '../companies/companies.server';
import { changeSubscriptionIn } from '../subscriptions/subscriptions.server';
import { lockProductsForRating, recomputeProductRatings } from '../reviews/rating.server';
import { deleteUnusedPhotoFiles } from '../reviews/reviews.server';

/** Orders the store still has to deliver (or money it owes back): the account waits for them. */
const OPEN_STATUSES = ['paid', 'preparing', 'shipped'] as const;

export const ERASE_MESSAGES = {
  notFound: 'Conta não encontrada.',
  admin: 'Uma conta de administrador não pode ser excluída por aqui: peça a outro administrador que tire seu acesso primeiro.',
  openOrders: (ids: string[]) =>
    `Sua conta ainda tem ${ids.length === 1 ? 'um pedido em andamento' : 'pedidos em andamento'} (${ids.join(', ')}). ` +
    'Assim que for entregue, você poderá excluir a conta. Se precisar, fale com a gente pela página de contato.',
  pendingRefund: (ids: string[]) =>
    `Ainda temos um reembolso a fazer para você (pedido ${ids.join(', ')}). Assim que ele for concluído, você poderá excluir a conta.`,
  openReturns: (protocols: string[]) =>
    `Sua conta ainda tem ${protocols.length === 1 ? 'uma devolução em andamento' : 'devoluções em andamento'} (protocolo ${protocols.join(', ')}). Assim que ${protocols.length === 1 ? 'ela for concluída' : 'elas forem concluídas'}, você poderá excluir a conta.`,
} as const;

export type EraseResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Why an order is cancelled by the erasure (its history reads this; no personal data). */
const ERASE_REASON = 'Conta excluída pelo cliente';
const REMOVED = 'Removido (conta excluída)';

/** Erases the account `userId`: refused while an order is on its way or a refund is owed. */
export async function eraseCustomerAccount(db: Database, userId: string): Promise<EraseResult> {
  const atGateway = { count: 0, photos: [] as string[] };
  const result = await db.transaction((tx) => eraseIn(tx, userId, atGateway));
  if (result.ok && atGateway.count > 0) kickGatewayErasures(db);
  // The review photos' files, once their rows are gone for good (a file another review shows stays).
  if (result.ok) await deleteUnusedPhotoFiles(db, atGateway.photos);
  return result;
}

async function eraseIn(tx: Transaction, userId: string, written: { count: number; photos: string[] }): Promise<EraseResult> {
  const [account] = await tx
    .select({ id: user.id, name: user.name, email: user.email, taxId: user.taxId, stateRegistration: user.stateRegistration, role: user.role })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  if (!account) return { ok: false, status: 404, message: ERASE_MESSAGES.notFound };
  // The store must never lose its last admin to a button on a customer page.
  if (account.role === 'admin') return { ok: false, status: 409, message: ERASE_MESSAGES.admin };

  // The orders locked too: a payment confirmation racing this waits, then finds its order cancelled
  // (and is kept as a late payment for the admin to refund).
  const own = await tx
    .select({ id: orders.id, status: orders.status, refundStatus: orders.refundStatus, taxId: orders.taxId, stateRegistration: orders.buyerStateRegistration, shipStreet: orders.shipStreet })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.id)
    .for('update');
  const open = own.filter((o) => (OPEN_STATUSES as readonly string[]).includes(o.status));
  if (open.length > 0) {
    return { ok: false, status: 409, message: ERASE_MESSAGES.openOrders(open.map((o) => `#${shortOrderId(o.id)} ${orderStatusLabel(o.status).toLowerCase()}`)) };
  }
  const owed = own.filter((o) => o.refundStatus === 'pending');
  if (owed.length > 0) return { ok: false, status: 409, message: ERASE_MESSAGES.pendingRefund(owed.map((o) => `#${shortOrderId(o.id)}`)) };
  // A return the store is still handling (or a refund it still owes) needs its customer to reach.
  const ownReturns = await tx.select({ id: returns.id, protocol: returns.protocol, status: returns.status, refundStatus: returns.refundStatus }).from(returns).where(eq(returns.userId, userId)).for('update');
  const openReturns = ownReturns.filter((r) => r.status === 'requested' || r.status === 'approved' || r.status === 'received' || r.refundStatus === 'pending');
  if (openReturns.length > 0) return { ok: false, status: 409, message: ERASE_MESSAGES.openReturns(openReturns.map((r) => r.protocol)) };

  // An unpaid order would be paid by nobody, for an address that is about to go.
  for (const order of own.filter((o) => o.status === 'pending')) {
    await applyOrderActionIn(tx, { orderId: order.id, action: 'cancel', actor: { kind: 'system' }, reason: ERASE_REASON, quiet: true });
  }
  // Live subscriptions through their own cancel (history, pending renewal, programmed deliveries).
  const live = await tx
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ['active', 'paused'])));
  for (const sub of live) await changeSubscriptionIn(tx, sub.id, { kind: 'customer', userId }, { action: 'cancel' });

  // Before the orders lose their CPF/CNPJ: the documents that bought keep their welcome offer used.
  await rememberBuyersOf(tx, own.map((o) => ({ id: o.id, taxId: o.taxId, status: o.status === 'pending' ? 'cancelled' : o.status })));
  // The gateway's customer records behind the saved cards (the cards themselves go with the account below).
  const atGateway = await tx.selectDistinct({ provider: savedCards.provider, customerReference: savedCards.customerReference }).from(savedCards).where(eq(savedCards.userId, userId));
  if (atGateway.length > 0) await tx.insert(gatewayErasures).values(atGateway).onConflictDoNothing();
  written.count = atGateway.length;

  // Whatever anyone typed about the customer in a history note or a cancellation reason.
  const subscriptionIds = (await tx.select({ id: userSubscriptions.id }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId))).map((s) => s.id);
  const orderIds = own.map((o) => o.id);
  const digits = [account.taxId, ...own.map((o) => o.taxId)].filter((v): v is string => !!v);
  // A company's IE as well (long enough not to be any number in a note).
  const stateRegistrations = [account.stateRegistration, ...own.map((o) => o.stateRegistration)].filter((v): v is string => !!v && v.length >= 6);
  const taxIds = [...new Set([...digits, ...digits.map(displayTaxId), ...stateRegistrations])];
  // The streets the customer's goods went to: a return's pickup instructions name them.
  const saved = await tx.select({ street: userAddresses.street }).from(userAddresses).where(eq(userAddresses.userId, userId));
  const streets = [...new Set([...own.map((o) => o.shipStreet), ...saved.map((a) => a.street)].filter((v): v is string => !!v && v.trim().length >= 4))];
  const scrub = (column: typeof orderEvents.note | typeof subscriptionEvents.note | typeof orders.cancelReason | typeof returns.reason | typeof returns.instructions | typeof returns.rejectReason | typeof returnEvents.note | typeof quoteMessages.body) =>
    [account.name, account.email, ...taxIds, ...streets].reduce<ReturnType<typeof sql>>(
      (text, secret) => sql`replace(${text}, ${secret}, ${DELETED_CUSTOMER_NAME})`,
      sql`${column}`,
    );
  if (orderIds.length > 0) {
    await tx.update(orderEvents).set({ note: scrub(orderEvents.note) }).where(and(inArray(orderEvents.orderId, orderIds), isNotNull(orderEvents.note)));
    // The address becomes the marker; city and state stay (sales by UF), as do amounts and items.
    await tx
      .update(orders)
      .set({
        // A company's order keeps the company's CNPJ and IE (issue 35): business data, not the buyer's.
        taxId: sql`case when ${orders.companyId} is null then null else ${orders.taxId} end`,
        buyerStateRegistration: sql`case when ${orders.companyId} is null then null else ${orders.buyerStateRegistration} end`,
        cancelReason: scrub(orders.cancelReason),
        shipName: sql`case when ${orders.shipName} is null then null else ${DELETED_CUSTOMER_NAME} end`,
        shipStreet: sql`case when ${orders.shipStreet} is null then null else ${REMOVED} end`,
        shipNumber: sql`case when ${orders.shipNumber} is null then null else 's/n' end`,
        shipComplement: null,
        shipNeighborhood: sql`case when ${orders.shipNeighborhood} is null then null else ${REMOVED} end`,
        shipZipCode: sql`case when ${orders.shipZipCode} is null then null else '00000000' end`,
        // A card's last digits are the customer's, and the boleto's PDF at the gateway prints the payer's
        // name, CPF/CNPJ and address; the brand, instalments and the boleto's line stay.
        paymentDetails: sql`${orders.paymentDetails} - 'lastFour' - 'pdfUrl'`,
        // The Pix key a refund went to (a CPF, an e-mail, a phone): the refund is done.
        refundPixKey: null,
      })
      .where(inArray(orders.id, orderIds));
  }
  // Returns stay with their orders (the refunds are fiscal records); the customer's words, the
  // store's answers about them and the Pix key do not.
  const returnIds = ownReturns.map((r) => r.id);
  if (returnIds.length > 0) {
    await tx
      .update(returns)
      .set({ reason: scrub(returns.reason), instructions: scrub(returns.instructions), rejectReason: scrub(returns.rejectReason), refundPixKey: null })
      .where(inArray(returns.id, returnIds));
    await tx.update(returnEvents).set({ note: scrub(returnEvents.note) }).where(and(inArray(returnEvents.returnId, returnIds), isNotNull(returnEvents.note)));
  }
  if (subscriptionIds.length > 0) {
    await tx.update(subscriptionEvents).set({ note: scrub(subscriptionEvents.note) }).where(and(inArray(subscriptionEvents.subscriptionId, subscriptionIds), isNotNull(subscriptionEvents.note)));
    await tx
      .update(userSubscriptions)
      .set({ taxId: null, savedCardId: null, shipName: null, shipStreet: null, shipNumber: null, shipComplement: null, shipNeighborhood: null, shipCity: null, shipState: null, shipZipCode: null })
      .where(inArray(userSubscriptions.id, subscriptionIds));
  }

  // Orçamentos (issue 35): the quote stays (an accepted one is its order's agreement; a company's
  // is its other members'), its CEP and the words do not: what the customer wrote goes, and the
  // store's answers on their quotes lose their name, e-mail, documents and streets.
  await tx.update(quoteMessages).set({ body: REMOVED }).where(eq(quoteMessages.authorUserId, userId));
  const ownQuotes = tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.userId, userId));
  await tx.update(quoteMessages).set({ body: scrub(quoteMessages.body) }).where(inArray(quoteMessages.quoteId, ownQuotes));
  await tx.update(quotes).set({ zipCode: null }).where(eq(quotes.userId, userId));

  // Rows kept by e-mail, not by account: newsletter, contact messages (their replies cascade), the
  // e-mails to or about the customer (a contact message reaches the store with Reply-To set), the
  // "duplicate sign-up" throttle, and Better Auth's pending links.
  const email = account.email.toLowerCase();
  await tx.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = ${email}`);
  await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
  await tx.delete(emailOutbox).where(or(sql`lower(${emailOutbox.toAddress}) = ${email}`, sql`lower(${emailOutbox.replyTo}) = ${email}`));
  await tx.delete(mailThrottle).where(sql`right(${mailThrottle.key}, ${email.length + 1}) = ${`:${email}`}`);
  await tx.delete(verification).where(or(eq(verification.value, userId), sql`strpos(lower(${verification.identifier}), ${email}) > 0`, sql`strpos(lower(${verification.value}), ${email}) > 0`));
  // A company's invitations to this e-mail (issue 35); the company itself is business data and stays.
  await tx.delete(companyInvitations).where(eq(companyInvitations.email, email));
  // "Avise-me quando chegar" requests (issue 36): by account or by the address a visitor typed.
  await tx.delete(stockAlerts).where(or(eq(stockAlerts.userId, userId), eq(stockAlerts.email, email)));
  // Coupon uses (issue 36) stay, counted for the coupon's limit; their user_id becomes null with the
  // account (ON DELETE SET NULL), like the orders they belong to.
  await leaveCompanyForErasure(tx, userId);
  // Reviews (issue 36) are deleted, not anonymised: their text and photos are the person's own words
  // and pictures (often of their home), published under their name, and would stay "Compra verificada"
  // with nobody able to edit them. The products' stars follow at once.
  const ownReviews = await tx.select({ id: reviews.id, productId: reviews.productId }).from(reviews).where(eq(reviews.userId, userId));
  if (ownReviews.length > 0) {
    const reviewIds = ownReviews.map((r) => r.id);
    await lockProductsForRating(tx, ownReviews.map((r) => r.productId));
    written.photos = (await tx.select({ url: reviewPhotos.url }).from(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewIds))).map((p) => p.url);
    await tx.delete(reviews).where(inArray(reviews.id, reviewIds));
    await recomputeProductRatings(tx, ownReviews.map((r) => r.productId));
  }

  // The account: sessions, logins, addresses, wishlist, saved kits, preferences, saved cards,
  // programmed deliveries, the server-kept cart and its reminders (issue 36) go with it (ON DELETE CASCADE); orders and subscriptions lose their
  // owner (SET NULL), as do the history rows the customer's own actions wrote.
  await tx.delete(user).where(eq(user.id, userId));
  return { ok: true };
}
