// Reading faturas (issue 35): the admin's Contas a receber, a company's own list, an order's fatura.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { companies, orders, receivables, user } from '~/db/schema';
import { toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import type { ReceivableStatus } from '~/lib/receivables';
import { invoicedSettings } from './credit.server';

/** An invoiced order's fatura as its pages and e-mails show it; `instructions`: the merchant's boleto (the embedded default). */
export type OrderFatura = { id: string; status: ReceivableStatus; dueDate: string; amount: string; version: number; paidAt: Date | null; instructions: string };

export async function faturaOfOrder(db: Executor, orderId: string): Promise<OrderFatura | null> {
  const [row] = await db
    .select({ id: receivables.id, status: receivables.status, dueDate: receivables.dueDate, amount: receivables.amount, version: receivables.version, paidAt: receivables.paidAt })
    .from(receivables)
    .where(eq(receivables.orderId, orderId));
  if (!row) return null;
  return { ...row, instructions: (await invoicedSettings(db)).instructions };
}

export type ReceivableRow = {
  id: string;
  orderId: string;
  companyId: string;
  legalName: string;
  taxId: string;
  buyerName: string | null;
  amount: string;
  dueDate: string;
  status: ReceivableStatus;
  version: number;
  paidAt: Date | null;
  paymentReference: string | null;
  createdAt: Date;
};

/** 'unpaid': open and overdue (the page's default). */
export type ReceivableFilter = ReceivableStatus | 'unpaid' | 'all';

export type ReceivablesList = { rows: ReceivableRow[]; totals: { openCents: number; overdueCents: number; openCount: number; overdueCount: number } };

const LIST_LIMIT = 500;

/** The admin's Contas a receber: by due date (soonest first), with the unpaid totals. */
export async function listReceivables(db: Executor, filter: ReceivableFilter = 'unpaid', companyId?: string): Promise<ReceivablesList> {
  const statuses: ReceivableStatus[] = filter === 'all' ? ['open', 'overdue', 'paid', 'cancelled'] : filter === 'unpaid' ? ['open', 'overdue'] : [filter];
  const scope = companyId ? eq(receivables.companyId, companyId) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: receivables.id,
        orderId: receivables.orderId,
        companyId: receivables.companyId,
        legalName: companies.legalName,
        taxId: companies.taxId,
        buyerName: user.name,
        amount: receivables.amount,
        dueDate: receivables.dueDate,
        status: receivables.status,
        version: receivables.version,
        paidAt: receivables.paidAt,
        paymentReference: receivables.paymentReference,
        createdAt: receivables.createdAt,
      })
      .from(receivables)
      .innerJoin(companies, eq(companies.id, receivables.companyId))
      .innerJoin(orders, eq(orders.id, receivables.orderId))
      .leftJoin(user, eq(user.id, orders.userId))
      .where(and(inArray(receivables.status, statuses), scope))
      .orderBy(filter === 'paid' || filter === 'cancelled' ? desc(receivables.dueDate) : asc(receivables.dueDate), asc(receivables.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({
        openCents: sql<string>`coalesce(sum(${receivables.amount}) filter (where ${receivables.status} = 'open'), 0)`,
        overdueCents: sql<string>`coalesce(sum(${receivables.amount}) filter (where ${receivables.status} = 'overdue'), 0)`,
        openCount: sql<number>`count(*) filter (where ${receivables.status} = 'open')`.mapWith(Number),
        overdueCount: sql<number>`count(*) filter (where ${receivables.status} = 'overdue')`.mapWith(Number),
      })
      .from(receivables)
      .where(and(inArray(receivables.status, ['open', 'overdue']), scope)),
  ]);
  return {
    rows,
    totals: { openCents: toCents(totals?.openCents ?? '0'), overdueCents: toCents(totals?.overdueCents ?? '0'), openCount: totals?.openCount ?? 0, overdueCount: totals?.overdueCount ?? 0 },
  };
}

/** The dashboard's count: overdue faturas, including open ones past their due day the job has not marked yet. */
export async function countOverdueReceivables(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(receivables)
    .where(or(eq(receivables.status, 'overdue'), and(eq(receivables.status, 'open'), lt(receivables.dueDate, todayInBrazil()))));
  return row?.n ?? 0;
}
