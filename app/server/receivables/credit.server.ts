// A company's invoiced credit (issue 35): what it has used of its limit, whether this order may be
// invoiced, and its fatura written in the order's transaction. The limit is taken under the
// company row's lock: two buyers of one company at once are counted one after the other.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '~/db/client.server';
import { companies, receivables, storeSettings } from '~/db/schema';
import { centsToDecimal, toCents } from '~/lib/money';
import { todayInBrazil } from '~/lib/plans';
import { availableCents, INVOICED_MESSAGES, invoicedDueDate, invoicedRefusal, type InvoicedOffer, type InvoicedStanding } from '~/lib/receivables';
import { companyOfUser } from '../companies/membership.server';

/** The store's invoiced settings: the minimum order and the merchant's own boleto instructions. */
export type InvoicedSettings = { minimumCents: number; instructions: string };

export async function invoicedSettings(db: Executor): Promise<InvoicedSettings> {
  const [row] = await db.select({ minimum: storeSettings.invoicedMinimum, instructions: storeSettings.invoicedInstructions }).from(storeSettings).where(eq(storeSettings.id, 1));
  return { minimumCents: row ? toCents(row.minimum) : 30_000, instructions: row?.instructions ?? '' };
}

export type CompanyCredit = { limitCents: number; usedCents: number; availableCents: number; overdueCount: number };

/** Open and overdue faturas of a company; an open one past its due day counts as overdue before the job marks it. */
async function usage(db: Executor, companyId: string): Promise<{ usedCents: number; overdueCount: number }> {
  const today = todayInBrazil();
  const [row] = await db
    .select({
      used: sql<string>`coalesce(sum(${receivables.amount}), 0)`,
      overdue: sql<number>`count(*) filter (where ${receivables.status} = 'overdue' or ${receivables.dueDate} < ${today})`.mapWith(Number),
    })
    .from(receivables)
    .where(and(eq(receivables.companyId, companyId), inArray(receivables.status, ['open', 'overdue'])));
  return { usedCents: toCents(row?.used ?? '0'), overdueCount: row?.overdue ?? 0 };
}

/** For the admin's company page: the limit, what open faturas use of it, and how many are overdue. */
export async function companyCredit(db: Executor, companyId: string): Promise<CompanyCredit> {
  const [company] = await db.select({ status: companies.creditStatus, limit: companies.creditLimit }).from(companies).where(eq(companies.id, companyId));
  const limitCents = company?.status === 'approved' && company.limit !== null ? toCents(company.limit) : 0;
  const used = await usage(db, companyId);
  return { limitCents, ...used, availableCents: availableCents({ limitCents, usedCents: used.usedCents }) };
}

/** Null for someone who buys for no company, or whose company is not approved for invoiced payment. */
export async function invoicedOfferFor(db: Executor, userId: string): Promise<InvoicedOffer | null> {
  const company = await companyOfUser(db, userId);
  if (!company || company.creditStatus !== 'approved' || company.creditLimitCents === null || company.creditTermDays === null) return null;
  const [used, settings] = await Promise.all([usage(db, company.id), invoicedSettings(db)]);
  return {
    companyId: company.id,
    legalName: company.legalName,
    termDays: company.creditTermDays,
    limitCents: company.creditLimitCents,
    availableCents: availableCents({ limitCents: company.creditLimitCents, usedCents: used.usedCents }),
    minimumCents: settings.minimumCents,
    overdueCount: used.overdueCount,
    blocked: used.overdueCount > 0 ? INVOICED_MESSAGES.overdue : null,
  };
}

/** An invoiced order refused: the pt-BR reason. */
export class InvoicedRefusedError extends Error {}

export type InvoicedHold = { companyId: string; legalName: string; termDays: number; dueDate: string };

/**
 * In the order's transaction, before the order is written: the buyer's company row locked, its
 * open and overdue faturas summed, the order refused when it may not be invoiced. The lock is held
 * to the commit, so a second buyer of the company counts this order's fatura.
 */
export async function holdInvoicedCreditIn(tx: Transaction, userId: string, totalCents: number): Promise<InvoicedHold> {
  const member = await companyOfUser(tx, userId);
  if (!member) throw new InvoicedRefusedError(INVOICED_MESSAGES.notMember);
  const [company] = await tx
    .select({ status: companies.creditStatus, limit: companies.creditLimit, termDays: companies.creditTermDays, legalName: companies.legalName })
    .from(companies)
    .where(eq(companies.id, member.id))
    .for('update');
  if (!company) throw new InvoicedRefusedError(INVOICED_MESSAGES.notMember);
  // One after the other: a transaction's one connection runs one query at a time anyway.
  const used = await usage(tx, member.id);
  const settings = await invoicedSettings(tx);
  const standing: InvoicedStanding = { creditStatus: company.status, limitCents: company.limit === null ? null : toCents(company.limit), ...used };
  const refusal = invoicedRefusal(standing, totalCents, settings.minimumCents);
  if (refusal || company.termDays === null) throw new InvoicedRefusedError(refusal ?? INVOICED_MESSAGES.notApproved);
  return { companyId: member.id, legalName: company.legalName, termDays: company.termDays, dueDate: invoicedDueDate(todayInBrazil(), company.termDays) };
}

/** The order's fatura, in the order's transaction (the order already carries its company: flows/checkout). */
export async function openReceivableIn(tx: Transaction, hold: InvoicedHold, orderId: string, amountCents: number): Promise<string> {
  const [row] = await tx
    .insert(receivables)
    .values({ companyId: hold.companyId, orderId, amount: centsToDecimal(amountCents), dueDate: hold.dueDate, status: 'open' })
    .returning({ id: receivables.id });
  return row!.id;
}

/**
 * Saves the settings page's "Boleto faturado" form: its own two columns, so it neither bumps nor
 * checks the main form's version (an admin editing both at once loses nothing).
 */
export async function saveInvoicedSettings(db: Executor, input: { invoicedMinimum: string; invoicedInstructions: string }, adminId: string | null): Promise<void> {
  await db
    .update(storeSettings)
    .set({ invoicedMinimum: input.invoicedMinimum, invoicedInstructions: input.invoicedInstructions, updatedBy: adminId })
    .where(eq(storeSettings.id, 1));
}
