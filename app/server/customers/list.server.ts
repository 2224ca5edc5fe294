// The admin's customer list (/admin/customers): every account newest first, searched by name,
// e-mail (accents and case ignored) and CPF/CNPJ (whatever punctuation was typed), each on its
// trigram index; orders and total spent count paid orders only, computed in SQL per row of the page.
import { count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { user } from '~/db/schema';
import { taxIdSearchTerm } from '~/lib/customers';
import { COUNTED_ORDER_STATUSES } from '~/lib/dashboard';
import { toCents } from '~/lib/money';
import { pageWindow } from '~/lib/pagination';
import { containsPattern, normalizeSearchTerm } from '~/lib/search';

export const CUSTOMERS_PAGE_SIZE = 25;

// The subqueries name their tables with aliases: a column inside a select list's sql is rendered
// without its table, which would be ambiguous between "user" and the subquery's table.
const PAID = sql.join(
  COUNTED_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Paid orders (paid and onwards: never pending or cancelled/refunded) and what they add up to, per account (orders_user_created_idx). */
export function customerTotals() {
  return {
    paidOrders: sql<number>`(select count(*)::int from orders o where o.user_id = "user".id and o.status in (${PAID}))`.mapWith(Number),
    totalSpent: sql<string>`(select coalesce(sum(o.total_price), 0)::text from orders o where o.user_id = "user".id and o.status in (${PAID}))`,
  };
}

/** The live subscription's status (active or paused), else the latest one's, else null. */
const subscriptionStatus = sql<string | null>`(select s.status from user_subscriptions s where s.user_id = "user".id order by (s.status <> 'cancelled') desc, s.created_at desc limit 1)`;

function matches(term: string): SQL {
  const pattern = containsPattern(term);
  const conditions = [
    sql`clarear_unaccent(lower(${user.name})) like clarear_unaccent(lower(${pattern})) escape '\\'`,
    sql`clarear_unaccent(lower(${user.email})) like clarear_unaccent(lower(${pattern})) escape '\\'`,
  ];
  const taxId = taxIdSearchTerm(term);
  if (taxId) conditions.push(sql`${user.taxId} like ${containsPattern(taxId)} escape '\\'`);
  return or(...conditions)!;
}

export type CustomerListItem = {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  emailVerified: boolean;
  role: string;
  banned: boolean;
  paidOrders: number;
  totalSpentCents: number;
  subscriptionStatus: string | null;
};

export async function listCustomers(db: Executor, options: { q?: string; page?: number }) {
  const term = normalizeSearchTerm(options.q);
  const where = term ? matches(term) : undefined;
  const [total] = await db.select({ n: count() }).from(user).where(where);
  const window = pageWindow(total?.n ?? 0, options.page ?? 1, CUSTOMERS_PAGE_SIZE);
  // The page's ids first (on the list's index), then its totals: a deep page would otherwise count
  // the orders of every customer it skips.
  const pageIds = db.select({ id: user.id }).from(user).where(where).orderBy(desc(user.createdAt), desc(user.id)).limit(CUSTOMERS_PAGE_SIZE).offset(window.offset).as('page_ids');
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      role: user.role,
      banned: user.banned,
      ...customerTotals(),
      subscriptionStatus,
    })
    .from(pageIds)
    .innerJoin(user, eq(user.id, pageIds.id))
    .orderBy(desc(user.createdAt), desc(user.id));
  const items: CustomerListItem[] = rows.map(({ totalSpent, banned, ...r }) => ({ ...r, banned: banned === true, totalSpentCents: toCents(totalSpent) }));
  return { items, total: total?.n ?? 0, page: window.page, pageCount: window.pageCount, q: term };
}
