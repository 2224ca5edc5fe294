// Which company a signed-in person buys for (issue 35), and as what: the one read every other area
// uses (checkout, receivables, quotes, the customer area). A removed member finds none at once.
import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { companies, companyMembers } from '~/db/schema';
import type { CompanyRole, CreditStatus } from '~/lib/companies';
import type { IeIndicator } from '~/lib/fiscal-codes';
import { toCents } from '~/lib/money';

export type BuyerCompany = {
  id: string;
  taxId: string;
  legalName: string;
  tradeName: string;
  stateRegistration: string | null;
  ieIndicator: IeIndicator;
  role: CompanyRole;
  creditStatus: CreditStatus;
  /** Only while approved. */
  creditLimitCents: number | null;
  creditTermDays: number | null;
};

/** The company this person is a member of, with their role; null when none. */
export async function companyOfUser(db: Executor, userId: string): Promise<BuyerCompany | null> {
  const [row] = await db
    .select({
      id: companies.id,
      taxId: companies.taxId,
      legalName: companies.legalName,
      tradeName: companies.tradeName,
      stateRegistration: companies.stateRegistration,
      ieIndicator: companies.ieIndicator,
      role: companyMembers.role,
      creditStatus: companies.creditStatus,
      creditLimit: companies.creditLimit,
      creditTermDays: companies.creditTermDays,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  if (!row) return null;
  const approved = row.creditStatus === 'approved';
  return {
    id: row.id,
    taxId: row.taxId,
    legalName: row.legalName,
    tradeName: row.tradeName,
    stateRegistration: row.stateRegistration,
    ieIndicator: row.ieIndicator as IeIndicator,
    role: row.role,
    creditStatus: row.creditStatus,
    creditLimitCents: approved && row.creditLimit !== null ? toCents(row.creditLimit) : null,
    creditTermDays: approved ? row.creditTermDays : null,
  };
}
