// Companies as customers (issue 35): who may do what in a company's account, and its invoiced
// payment (boleto faturado). The one home of these vocabularies: the database's CHECKs read them.

/** owner: everything, including buyers and credit; buyer: orders and quotes. */
export const COMPANY_ROLES = ['owner', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Invoiced payment: never asked, asked (waiting for the admin), approved with a limit and a term, refused. */
export const CREDIT_STATUSES = ['none', 'requested', 'approved', 'refused'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** Days from the order to the invoice's due date the admin may grant. */
export const CREDIT_TERMS = [14, 21, 28] as const;
export type CreditTerm = (typeof CREDIT_TERMS)[number];

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
