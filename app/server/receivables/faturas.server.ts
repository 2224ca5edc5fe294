// Reading faturas (issue 35): the admin's Contas a receber, a company's own list, an order's fatura.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { companies, orders, receivables, user, type PaymentDetails } from '~/db/schema';
import { toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import { formatDueDate, type ReceivableStatus } from '~/lib/receivables';
import { invoicedSettings } from './credit.server';

/** The gateway's boleto of a fatura (flows/fatura-boleto), when one was issued. */
export type FaturaBoleto = { digitableLine: string; dueDate: string; pdfUrl?: string };

/** The boleto to show: none past its due day (the gateway no longer takes it; the fatura is paid by the merchant's instructions then). */
export function boletoOf(details: PaymentDetails | null, today = todayInBrazil()): FaturaBoleto | null {
  if (details?.method !== 'boleto' || details.dueDate < today) return null;
  return { digitableLine: details.digitableLine, dueDate: details.dueDate, pdfUrl: details.pdfUrl };
}

/** How to pay a fatura in an e-mail: the gateway's boleto when issued, else the merchant's instructions. */
export function howToPayText(fatura: { boleto: FaturaBoleto | null; instructions: string }): string | null {
  const b = fatura.boleto;
  if (b) return ['Como pagar: boleto', `Linha digitável: ${b.digitableLine}`, `Vencimento: ${formatDueDate(b.dueDate)}`, b.pdfUrl ? `Boleto em PDF: ${b.pdfUrl}` : null].filter(Boolean).join('\n');
  return fatura.instructions ? `Como pagar:\n${fatura.instructions}` : null;
}

/**
 * An invoiced order's fatura as its pages and e-mails show it: `boleto`, the gateway's (issue 35)
 * when one was issued; `instructions`, the merchant's own (shown when there is no boleto).
 */
export type OrderFatura = { id: string; status: ReceivableStatus; dueDate: string; amount: string; version: number; paidAt: Date | null; boleto: FaturaBoleto | null; instructions: string };

export async function faturaOfOrder(db: Executor, orderId: string): Promise<OrderFatura | null> {
  const [row] = await db
    .select({
      id: receivables.id,
      status: receivables.status,
      dueDate: receivables.dueDate,
      amount: receivables.amount,
      version: receivables.version,
      paidAt: receivables.paidAt,
      paymentDetails: receivables.paymentDetails,
    })
    .from(receivables)
    .where(eq(receivables.orderId, orderId));
  if (!row) return null;
  const { paymentDetails, ...fatura } = row;
  return { ...fatura, boleto: boletoOf(paymentDetails), instructions: (await invoicedSettings(db)).instructions };
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
  /** The gateway's boleto, when issued (issue 35). */
  boleto: FaturaBoleto | null;
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
        paymentDetails: receivables.paymentDetails,
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
    rows: rows.map(({ paymentDetails, ...row }) => ({ ...row, boleto: boletoOf(paymentDetails) })),
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
