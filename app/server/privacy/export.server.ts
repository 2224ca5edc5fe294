// "Baixar meus dados" (LGPD art. 18 II and V: access and portability): everything the store holds
// about one customer, read in one snapshot. Every table of db/schema.ts with a customer's data is
// here, keyed by the account's id or, where the row has no account (newsletter, contact form,
// e-mails), by its e-mail. Left out on purpose: the password hash, session tokens, the gateway's
// card and customer references, and e-mail bodies (their links carry sign-in tokens); and the
// store's own fraud-prevention rows, which name no account: welcome_offer_uses (keyed CPF/CNPJ
// hashes) and gateway_erasures.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '~/db/client.server';
import { cartDataOf } from '../carts/carts.server';
import {
  account,
  companies,
  companyInvitations,
  companyMembers,
  contactMessages,
  contactReplies,
  emailOutbox,
  newsletterSubscriptions,
  stockAlerts,
  couponUses,
  coupons,
  reviews,
  reviewPhotos,
  orderEvents,
  orderItems,
  orders,
  paymentAttempts,
  products,
  productVariants,
  programmedDeliveries,
  programmedDeliveryItems,
  programmedDeliveryRuns,
  returnEvents,
  returnItems,
  returns,
  quotes,
  quoteItems,
  quoteMessages,
  savedCards,
  savedKitItems,
  savedKits,
  session,
  subscriptionEvents,
  subscriptionPeriods,
  user,
  userAddresses,
  userFavorites,
  userPreferences,
  userSubscriptions,
} from '~/db/schema';
import { now } from '~/lib/clock';

/** Groups rows by a key (an order's items, a kit's items…). */
function groupBy<T, K extends keyof T>(rows: T[], key: K): Map<T[K], Omit<T, K>[]> {
  const map = new Map<T[K], Omit<T, K>[]>();
  for (const row of rows) {
    const { [key]: k, ...rest } = row;
    map.set(k, [...(map.get(k) ?? []), rest]);
  }
  return map;
}

/** `inArray` with an empty list is no query at all. */
const byIds = (ids: string[]) => ids.length > 0;

export type CustomerDataExport = Awaited<ReturnType<typeof readExport>>;

/** The customer's data, or null when the account no longer exists. */
export async function exportCustomerData(db: Database, userId: string): Promise<CustomerDataExport | null> {
  // One repeatable-read snapshot: an order placed meanwhile is in every section or in none.
  return db.transaction((tx) => readExport(tx, userId), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readExport(tx: Transaction, userId: string) {
  const [profile] = await tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      taxId: user.taxId,
      stateRegistration: user.stateRegistration,
      ieIndicator: user.ieIndicator,
      image: user.image,
      role: user.role,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!profile) return null;
  const email = profile.email.toLowerCase();

  const [logins, sessions, addresses, orderRows, subscriptionRows, deliveryRows, favorites, kitRows, preferences, cards, returnRows] = await Promise.all([
    tx.select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt }).from(account).where(eq(account.userId, userId)),
    tx
      .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt)),
    tx
      .select({
        id: userAddresses.id,
        name: userAddresses.name,
        street: userAddresses.street,
        number: userAddresses.number,
        complement: userAddresses.complement,
        neighborhood: userAddresses.neighborhood,
        city: userAddresses.city,
        state: userAddresses.state,
        zipCode: userAddresses.zipCode,
        isDefault: userAddresses.isDefault,
        createdAt: userAddresses.createdAt,
      })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(desc(userAddresses.isDefault), asc(userAddresses.createdAt)),
    tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)),
    tx.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).orderBy(desc(userSubscriptions.createdAt)),
    tx.select().from(programmedDeliveries).where(eq(programmedDeliveries.userId, userId)).orderBy(desc(programmedDeliveries.createdAt)),
    tx
      .select({ productId: userFavorites.productId, productName: products.name, productSlug: products.slug, createdAt: userFavorites.createdAt })
      .from(userFavorites)
      .innerJoin(products, eq(products.id, userFavorites.productId))
      .where(eq(userFavorites.userId, userId))
      .orderBy(desc(userFavorites.createdAt)),
    tx.select({ id: savedKits.id, name: savedKits.name, createdAt: savedKits.createdAt }).from(savedKits).where(eq(savedKits.userId, userId)).orderBy(desc(savedKits.createdAt)),
    tx
      .select({
        hideChatbot: userPreferences.hideChatbot,
        hideWhatsapp: userPreferences.hideWhatsapp,
        theme: userPreferences.theme,
        receiveNotifications: userPreferences.receiveNotifications,
        cartReminders: userPreferences.cartReminders,
        updatedAt: userPreferences.updatedAt,
      })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId)),
    // The brand's last digits only: the gateway's references stand for the card itself.
    tx.select({ id: savedCards.id, provider: savedCards.provider, lastFour: savedCards.lastFour, createdAt: savedCards.createdAt }).from(savedCards).where(eq(savedCards.userId, userId)),
    // Returns and withdrawals: the reason the customer gave, the Pix key for a refund, the store's answers.
    tx.select().from(returns).where(eq(returns.userId, userId)).orderBy(desc(returns.createdAt), desc(returns.id)),
  ]);

  const orderIds = orderRows.map((o) => o.id);
  const subscriptionIds = subscriptionRows.map((s) => s.id);
  const deliveryIds = deliveryRows.map((d) => d.id);
  const kitIds = kitRows.map((k) => k.id);
  const returnIds = returnRows.map((r) => r.id);

  const [items, events, attempts, periods, subscriptionHistory, deliveryItems, deliveryRuns, kitItems, newsletter, messages, emails, returnLines, returnHistory] = await Promise.all([
    byIds(orderIds)
      ? tx
          .select({ orderId: orderItems.orderId, productId: orderItems.productId, productName: orderItems.productName, size: orderItems.size, quantity: orderItems.quantity, priceAtPurchase: orderItems.priceAtPurchase })
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.id))
      : [],
    byIds(orderIds)
      ? tx
          .select({ orderId: orderEvents.orderId, fromStatus: orderEvents.fromStatus, toStatus: orderEvents.toStatus, actor: orderEvents.actor, note: orderEvents.note, createdAt: orderEvents.createdAt })
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, orderIds))
          .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
      : [],
    byIds(orderIds)
      ? tx
          .select({ orderId: paymentAttempts.orderId, provider: paymentAttempts.provider, method: paymentAttempts.method, amount: paymentAttempts.amount, status: paymentAttempts.status, reason: paymentAttempts.reason, createdAt: paymentAttempts.createdAt })
          .from(paymentAttempts)
          .where(inArray(paymentAttempts.orderId, orderIds))
          .orderBy(asc(paymentAttempts.createdAt))
      : [],
    byIds(subscriptionIds)
      ? tx
          .select({
            subscriptionId: subscriptionPeriods.subscriptionId,
            periodDate: subscriptionPeriods.periodDate,
            periodEnd: subscriptionPeriods.periodEnd,
            kind: subscriptionPeriods.kind,
            amount: subscriptionPeriods.amount,
            orderId: subscriptionPeriods.orderId,
            status: subscriptionPeriods.status,
          })
          .from(subscriptionPeriods)
          .where(inArray(subscriptionPeriods.subscriptionId, subscriptionIds))
          .orderBy(asc(subscriptionPeriods.periodDate))
      : [],
    byIds(subscriptionIds)
      ? tx
          .select({ subscriptionId: subscriptionEvents.subscriptionId, kind: subscriptionEvents.kind, fromStatus: subscriptionEvents.fromStatus, toStatus: subscriptionEvents.toStatus, actor: subscriptionEvents.actor, note: subscriptionEvents.note, createdAt: subscriptionEvents.createdAt })
          .from(subscriptionEvents)
          .where(inArray(subscriptionEvents.subscriptionId, subscriptionIds))
          .orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id))
      : [],
    byIds(deliveryIds)
      ? tx
          .select({ deliveryId: programmedDeliveryItems.deliveryId, productName: programmedDeliveryItems.productName, size: programmedDeliveryItems.size, quantity: programmedDeliveryItems.quantity })
          .from(programmedDeliveryItems)
          .where(inArray(programmedDeliveryItems.deliveryId, deliveryIds))
          .orderBy(asc(programmedDeliveryItems.id))
      : [],
    byIds(deliveryIds)
      ? tx
          .select({ deliveryId: programmedDeliveryRuns.deliveryId, scheduledFor: programmedDeliveryRuns.scheduledFor, outcome: programmedDeliveryRuns.outcome, orderId: programmedDeliveryRuns.orderId, note: programmedDeliveryRuns.note })
          .from(programmedDeliveryRuns)
          .where(inArray(programmedDeliveryRuns.deliveryId, deliveryIds))
          .orderBy(asc(programmedDeliveryRuns.scheduledFor))
      : [],
    byIds(kitIds)
      ? tx
          .select({ savedKitId: savedKitItems.savedKitId, productId: savedKitItems.productId, productName: products.name, size: productVariants.size, quantity: savedKitItems.quantity })
          .from(savedKitItems)
          .innerJoin(products, eq(products.id, savedKitItems.productId))
          .leftJoin(productVariants, eq(productVariants.id, savedKitItems.variantId))
          .where(inArray(savedKitItems.savedKitId, kitIds))
          .orderBy(asc(savedKitItems.id))
      : [],
    tx
      .select({ email: newsletterSubscriptions.email, source: newsletterSubscriptions.source, createdAt: newsletterSubscriptions.createdAt })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`),
    // The contact form asks for an e-mail, not an account: the messages sent from this address.
    tx
      .select({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email, subject: contactMessages.subject, message: contactMessages.message, createdAt: contactMessages.createdAt, answeredAt: contactMessages.answeredAt })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${email}`)
      .orderBy(desc(contactMessages.createdAt)),
    tx
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${email}`)
      .orderBy(desc(emailOutbox.createdAt)),
    byIds(returnIds)
      ? tx
          .select({ returnId: returnItems.returnId, orderItemId: returnItems.orderItemId, productName: orderItems.productName, size: orderItems.size, quantity: returnItems.quantity, restockedQuantity: returnItems.restockedQuantity })
          .from(returnItems)
          .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
          .where(inArray(returnItems.returnId, returnIds))
          .orderBy(asc(orderItems.productName))
      : [],
    byIds(returnIds)
      ? tx
          .select({ returnId: returnEvents.returnId, fromStatus: returnEvents.fromStatus, toStatus: returnEvents.toStatus, actor: returnEvents.actor, note: returnEvents.note, createdAt: returnEvents.createdAt })
          .from(returnEvents)
          .where(inArray(returnEvents.returnId, returnIds))
          .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id))
      : [],
  ]);

  const messageIds = messages.map((m) => m.id);
  const replies = byIds(messageIds)
    ? await tx
        .select({ messageId: contactReplies.messageId, body: contactReplies.body, createdAt: contactReplies.createdAt })
        .from(contactReplies)
        .where(inArray(contactReplies.messageId, messageIds))
        .orderBy(asc(contactReplies.createdAt))
    : [];

  // Orçamentos (issue 35): those this customer asked, with their lines and thread, and the messages
  // they wrote on their company's quotes.
  const quoteRows = await tx
    .select({ id: quotes.id, status: quotes.status, zipCode: quotes.zipCode, freightPrice: quotes.freightPrice, validUntil: quotes.validUntil, orderId: quotes.orderId, createdAt: quotes.createdAt, decidedAt: quotes.decidedAt })
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(desc(quotes.createdAt));
  const quoteIds = quoteRows.map((q) => q.id);
  const [quoteLines, quoteThread, ownQuoteMessages] = await Promise.all([
    byIds(quoteIds)
      ? tx
          .select({ quoteId: quoteItems.quoteId, productName: quoteItems.productName, size: quoteItems.size, quantity: quoteItems.quantity, listPrice: quoteItems.listPrice, unitPrice: quoteItems.unitPrice })
          .from(quoteItems)
          .where(inArray(quoteItems.quoteId, quoteIds))
          .orderBy(asc(quoteItems.position))
      : [],
    byIds(quoteIds)
      ? tx
          .select({ quoteId: quoteMessages.quoteId, author: quoteMessages.author, body: quoteMessages.body, createdAt: quoteMessages.createdAt })
          .from(quoteMessages)
          .where(inArray(quoteMessages.quoteId, quoteIds))
          .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id))
      : [],
    tx
      .select({ quoteId: quoteMessages.quoteId, body: quoteMessages.body, createdAt: quoteMessages.createdAt })
      .from(quoteMessages)
      .innerJoin(quotes, eq(quotes.id, quoteMessages.quoteId))
      .where(and(eq(quoteMessages.authorUserId, userId), sql`${quotes.userId} is distinct from ${userId}`))
      .orderBy(asc(quoteMessages.createdAt)),
  ]);
  const quoteLinesOf = groupBy(quoteLines, 'quoteId');
  const quoteThreadOf = groupBy(quoteThread, 'quoteId');

  const itemsOf = groupBy(items, 'orderId');
  const eventsOf = groupBy(events, 'orderId');
  const attemptsOf = groupBy(attempts, 'orderId');
  const periodsOf = groupBy(periods, 'subscriptionId');
  const historyOf = groupBy(subscriptionHistory, 'subscriptionId');
  const deliveryItemsOf = groupBy(deliveryItems, 'deliveryId');
  const runsOf = groupBy(deliveryRuns, 'deliveryId');
  const kitItemsOf = groupBy(kitItems, 'savedKitId');
  const repliesOf = groupBy(replies, 'messageId');
  const returnLinesOf = groupBy(returnLines, 'returnId');
  const returnHistoryOf = groupBy(returnHistory, 'returnId');

  // The company the customer buys for (issue 35): their role, and the company's registration as they see it.
  const [membership] = await tx
    .select({ role: companyMembers.role, desde: companyMembers.createdAt, cnpj: companies.taxId, razaoSocial: companies.legalName, nomeFantasia: companies.tradeName })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  // Invitations to their e-mail (the address is theirs), with the company that sent each.
  const invitations = profile
    ? await tx
        .select({ email: companyInvitations.email, empresa: companies.legalName, enviadoEm: companyInvitations.createdAt, expiraEm: companyInvitations.expiresAt, aceitoEm: companyInvitations.acceptedAt, canceladoEm: companyInvitations.revokedAt })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(eq(companyInvitations.email, profile.email.toLowerCase()))
        .orderBy(desc(companyInvitations.createdAt))
    : [];
  // "Avise-me quando chegar" requests (issue 36): the account's and those made with its e-mail.
  const alerts = await tx
    .select({ produto: products.name, tamanho: productVariants.size, email: stockAlerts.email, pedidoEm: stockAlerts.createdAt, confirmadoEm: stockAlerts.confirmedAt, avisadoEm: stockAlerts.notifiedAt, descadastradoEm: stockAlerts.unsubscribedAt })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(or(eq(stockAlerts.userId, userId), eq(stockAlerts.email, email)))
    .orderBy(desc(stockAlerts.createdAt));
  // Coupons used (issue 36): the code, the order, what it took off, and whether the use was given back.
  const couponsUsed = await tx
    .select({ cupom: coupons.code, pedido: couponUses.orderId, desconto: couponUses.discount, usadoEm: couponUses.createdAt, devolvidoEm: couponUses.returnedAt })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .where(eq(couponUses.userId, userId))
    .orderBy(desc(couponUses.createdAt));
  // The cart kept on the server and its reminders (issue 36).
  const cartData = await cartDataOf(tx, userId);
  // Reviews (issue 36): what they wrote, its status and the store's answer, with their photos' links.
  const reviewRows = await tx
    .select({ id: reviews.id, produto: products.name, pedido: reviews.orderId, nomeExibido: reviews.authorName, nota: reviews.rating, titulo: reviews.title, texto: reviews.body, situacao: reviews.status, motivoDaRejeicao: reviews.rejectReason, respostaDaLoja: reviews.reply, criadaEm: reviews.createdAt, atualizadaEm: reviews.updatedAt })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt));
  const reviewPhotoRows = reviewRows.length
    ? await tx.select({ reviewId: reviewPhotos.reviewId, url: reviewPhotos.url }).from(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewRows.map((r) => r.id))).orderBy(asc(reviewPhotos.position))
    : [];
  return {
    loja: 'Clarear',
    geradoEm: now().toISOString(),
    perfil: profile,
    acesso: { contas: logins, sessoes: sessions },
    enderecos: addresses,
    pedidos: orderRows.map(({ userId: _userId, idempotencyKey: _key, version: _version, ...order }) => ({
      ...order,
      itens: itemsOf.get(order.id) ?? [],
      historico: eventsOf.get(order.id) ?? [],
      pagamentos: attemptsOf.get(order.id) ?? [],
    })),
    assinaturas: subscriptionRows.map(({ userId: _userId, savedCardId, ...subscription }) => ({
      ...subscription,
      cartaoSalvo: savedCardId,
      periodos: periodsOf.get(subscription.id) ?? [],
      historico: historyOf.get(subscription.id) ?? [],
    })),
    entregasProgramadas: deliveryRows.map(({ userId: _userId, savedCardId, ...delivery }) => ({
      ...delivery,
      cartaoSalvo: savedCardId,
      itens: deliveryItemsOf.get(delivery.id) ?? [],
      execucoes: runsOf.get(delivery.id) ?? [],
    })),
    devolucoes: returnRows.map(({ userId: _userId, version: _version, ...ret }) => ({
      ...ret,
      itens: returnLinesOf.get(ret.id) ?? [],
      historico: returnHistoryOf.get(ret.id) ?? [],
    })),
    cartoesSalvos: cards,
    listaDeDesejos: favorites,
    kitsSalvos: kitRows.map((kit) => ({ ...kit, itens: kitItemsOf.get(kit.id) ?? [] })),
    preferencias: preferences[0] ?? null,
    newsletter: newsletter[0] ?? null,
    mensagensDeContato: messages.map((message) => ({ ...message, respostas: repliesOf.get(message.id) ?? [] })),
    emailsEnviados: emails,
    orcamentos: quoteRows.map((q) => ({ ...q, itens: quoteLinesOf.get(q.id) ?? [], mensagens: quoteThreadOf.get(q.id) ?? [] })),
    mensagensEmOrcamentosDaEmpresa: ownQuoteMessages,
    empresa: membership ?? null,
    convitesDeEmpresa: invitations,
    avisosDeEstoque: alerts,
    cuponsUsados: couponsUsed,
    ...cartData,
    avaliacoes: reviewRows.map(({ id, ...review }) => ({ ...review, fotos: reviewPhotoRows.filter((p) => p.reviewId === id).map((p) => p.url) })),
  };
}
