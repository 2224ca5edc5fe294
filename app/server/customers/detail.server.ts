// One customer for the admin (/admin/customers/:id): what the page shows and nothing else — no
// password hash, session token or card data is read, and the CPF/CNPJ leaves here masked.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { newsletterSubscriptions, orders, programmedDeliveries, user, userAddresses, userFavorites, userPreferences, userSubscriptions } from '~/db/schema';
import { maskTaxId } from '~/lib/customers';
import { toCents } from '~/lib/money';
import { listCustomerAudit } from './audit.server';
import { customerTotals } from './list.server';

/** The newest orders the page lists (the admin's orders list finds older ones by e-mail). */
export const CUSTOMER_ORDERS_SHOWN = 50;

export async function getCustomerDetail(db: Executor, id: string) {
  const [profile] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      banned: user.banned,
      taxId: user.taxId,
      createdAt: user.createdAt,
      ...customerTotals(),
    })
    .from(user)
    .where(eq(user.id, id));
  if (!profile) return null;

  const [addresses, orderRows, [orderCount], subscriptions, deliveries, [wishlist], [newsletter], [preferences], audit] = await Promise.all([
    db
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
      })
      .from(userAddresses)
      .where(eq(userAddresses.userId, id))
      .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt)),
    db
      .select({ id: orders.id, createdAt: orders.createdAt, status: orders.status, totalPrice: orders.totalPrice, paymentMethod: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    db
      .select({
        id: userSubscriptions.id,
        frequency: userSubscriptions.frequency,
        status: userSubscriptions.status,
        nextDeliveryDate: userSubscriptions.nextDeliveryDate,
        totalValue: userSubscriptions.totalValue,
        createdAt: userSubscriptions.createdAt,
      })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, id))
      .orderBy(desc(userSubscriptions.createdAt)),
    db
      .select({
        id: programmedDeliveries.id,
        months: programmedDeliveries.months,
        status: programmedDeliveries.status,
        nextDate: programmedDeliveries.nextDate,
        items: sql<number>`(select count(*)::int from programmed_delivery_items i where i.delivery_id = programmed_deliveries.id)`.mapWith(Number),
      })
      .from(programmedDeliveries)
      .where(eq(programmedDeliveries.userId, id))
      .orderBy(desc(programmedDeliveries.createdAt)),
    db.select({ n: count() }).from(userFavorites).where(eq(userFavorites.userId, id)),
    db
      .select({ createdAt: newsletterSubscriptions.createdAt, source: newsletterSubscriptions.source })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${profile.email})`),
    db.select({ receiveNotifications: userPreferences.receiveNotifications }).from(userPreferences).where(eq(userPreferences.userId, id)),
    listCustomerAudit(db, id),
  ]);

  const { taxId, totalSpent, banned, ...rest } = profile;
  return {
    profile: { ...rest, banned: banned === true, taxIdMasked: maskTaxId(taxId), hasTaxId: taxId !== null, totalSpentCents: toCents(totalSpent) },
    addresses,
    orders: orderRows.map(({ totalPrice, ...o }) => ({ ...o, totalCents: toCents(totalPrice) })),
    orderCount: orderCount?.n ?? 0,
    subscriptions: subscriptions.map(({ totalValue, ...s }) => ({ ...s, totalCents: toCents(totalValue) })),
    deliveries,
    wishlistCount: wishlist?.n ?? 0,
    newsletter: newsletter ?? null,
    receiveNotifications: preferences?.receiveNotifications ?? true,
    audit,
  };
}

export type CustomerDetail = NonNullable<Awaited<ReturnType<typeof getCustomerDetail>>>;
