// The admin's "Empresas" (issue 35): the list (razão social or CNPJ, invoiced-payment status, counts),
// a company's page (data, buyers, orders) and the credit decision: approve with a limit and a term, or
// refuse with a note, against the version the admin read; the owner is told by e-mail in the same
// transaction. The routes check the admin role (requireAdmin / requireAdminAction).
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { companies, companyMembers, orders, user } from '~/db/schema';
import { now } from '~/lib/clock';
import { CREDIT_STATUSES, type CompanyRole, type CreditStatus } from '~/lib/companies';
import { taxIdSearchTerm } from '~/lib/customers';
import { formatPrice } from '~/lib/money';
import type { OrderStatus } from '~/lib/order-lifecycle';
import { pageWindow } from '~/lib/pagination';
import type { CreditDecision } from '~/lib/schemas/company';
import { isUuid } from '~/lib/schemas/ids';
import { containsPattern, normalizeSearchTerm } from '~/lib/search';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';

export const COMPANIES_PAGE_SIZE = 25;

export type AdminCompanyListItem = {
  id: string;
  taxId: string;
  legalName: string;
  tradeName: string;
  creditStatus: CreditStatus;
  creditRequestedAt: Date | null;
  members: number;
  createdAt: Date;
};

function matches(term: string): SQL {
  const pattern = containsPattern(term);
  const conditions = [
    sql`clarear_unaccent(lower(${companies.legalName})) like clarear_unaccent(lower(${pattern})) escape '\\'`,
    sql`clarear_unaccent(lower(${companies.tradeName})) like clarear_unaccent(lower(${pattern})) escape '\\'`,
  ];
  const taxId = taxIdSearchTerm(term);
  if (taxId) conditions.push(sql`${companies.taxId} like ${containsPattern(taxId)} escape '\\'`);
  return or(...conditions)!;
}

export async function listCompanies(db: Executor, options: { q?: string; status?: CreditStatus | null; page?: number }) {
  const term = normalizeSearchTerm(options.q);
  const search = term ? matches(term) : undefined;
  const where = and(search, options.status ? eq(companies.creditStatus, options.status) : undefined);
  const [[total], byStatus] = await Promise.all([
    db.select({ n: count() }).from(companies).where(where),
    db.select({ status: companies.creditStatus, n: count() }).from(companies).where(search).groupBy(companies.creditStatus),
  ]);
  const counts = Object.fromEntries(CREDIT_STATUSES.map((s) => [s, 0])) as Record<CreditStatus, number>;
  for (const row of byStatus) counts[row.status] = row.n;
  const window = pageWindow(total?.n ?? 0, options.page ?? 1, COMPANIES_PAGE_SIZE);
  // Requests waiting for a decision first, oldest request first; then newest companies.
  const items: AdminCompanyListItem[] = await db
    .select({
      id: companies.id,
      taxId: companies.taxId,
      legalName: companies.legalName,
      tradeName: companies.tradeName,
      creditStatus: companies.creditStatus,
      creditRequestedAt: companies.creditRequestedAt,
      members: sql<number>`(select count(*)::int from company_members m where m.company_id = ${companies.id})`.mapWith(Number),
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(where)
    .orderBy(sql`${companies.creditStatus} = 'requested' desc`, sql`case when ${companies.creditStatus} = 'requested' then ${companies.creditRequestedAt} end asc`, desc(companies.createdAt), desc(companies.id))
    .limit(COMPANIES_PAGE_SIZE)
    .offset(window.offset);
  return { items, total: total?.n ?? 0, counts, page: window.page, pageCount: window.pageCount };
}

export type AdminCompanyDetail = {
  company: typeof companies.$inferSelect;
  decidedByName: string | null;
  members: { userId: string; name: string; email: string; role: CompanyRole; createdAt: Date }[];
  orders: { id: string; createdAt: Date; status: OrderStatus; totalPrice: string; buyerName: string | null; purchaseOrderNumber: string | null }[];
  orderCount: number;
};

const DETAIL_ORDERS = 20;

export async function companyDetail(db: Executor, id: string): Promise<AdminCompanyDetail | null> {
  if (!isUuid(id)) return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!company) return null;
  const [members, recent, [counted], decidedBy] = await Promise.all([
    db
      .select({ userId: companyMembers.userId, name: user.name, email: user.email, role: companyMembers.role, createdAt: companyMembers.createdAt })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, id))
      .orderBy(sql`${companyMembers.role} = 'owner' desc`, companyMembers.createdAt),
    db
      .select({ id: orders.id, createdAt: orders.createdAt, status: orders.status, totalPrice: orders.totalPrice, buyerName: user.name, purchaseOrderNumber: orders.purchaseOrderNumber })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(eq(orders.companyId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DETAIL_ORDERS),
    db.select({ n: count() }).from(orders).where(eq(orders.companyId, id)),
    company.creditDecidedBy ? db.select({ name: user.name }).from(user).where(eq(user.id, company.creditDecidedBy)).limit(1) : Promise.resolve([]),
  ]);
  return { company, decidedByName: decidedBy[0]?.name ?? null, members, orders: recent, orderCount: counted?.n ?? 0 };
}

export type DecisionResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

export const DECISION_MESSAGES = {
  notFound: 'Empresa não encontrada.',
  stale: 'Esta empresa mudou enquanto você decidia (outro administrador ou o cliente). Recarregue a página e confira.',
} as const;

/** The admin's decision, once per version read; the owner gets an e-mail with it. */
export async function decideCredit(db: Database, adminId: string, companyId: string, decision: CreditDecision): Promise<DecisionResult> {
  if (!isUuid(companyId)) return { ok: false, status: 404, message: DECISION_MESSAGES.notFound };
  const result = await db.transaction(async (tx): Promise<DecisionResult> => {
    const at = now();
    const values =
      decision.decision === 'approve'
        ? { creditStatus: 'approved' as const, creditLimit: decision.creditLimit, creditTermDays: decision.creditTermDays, creditNote: decision.note }
        : { creditStatus: 'refused' as const, creditLimit: null, creditTermDays: null, creditNote: decision.note };
    const [changed] = await tx
      .update(companies)
      .set({ ...values, creditDecidedAt: at, creditDecidedBy: adminId, version: sql`${companies.version} + 1`, updatedAt: at })
      .where(and(eq(companies.id, companyId), eq(companies.version, decision.version)))
      .returning({ id: companies.id, version: companies.version, legalName: companies.legalName });
    if (!changed) {
      const [exists] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return { ok: false, status: exists ? 409 : 404, message: exists ? DECISION_MESSAGES.stale : DECISION_MESSAGES.notFound };
    }
    const [owner] = await tx
      .select({ name: user.name, email: user.email })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
    if (owner) {
      const link = `${getEnv().publicUrl}/area-cliente/empresa`;
      const text =
        decision.decision === 'approve'
          ? `Olá, ${owner.name}!\n\nO pagamento faturado da ${changed.legalName} foi aprovado: limite de ${formatPrice(decision.creditLimit)} e boleto com vencimento em ${decision.creditTermDays} dias após cada pedido.${decision.note ? `\n\nObservação: ${decision.note}` : ''}\n\nVeja em ${link}`
          : `Olá, ${owner.name}!\n\nO pedido de pagamento faturado da ${changed.legalName} não foi aprovado desta vez.\n\nMotivo: ${decision.note}\n\nVocê pode continuar comprando com Pix, cartão ou boleto à vista. Veja em ${link}`;
      await enqueueMail(tx, {
        kind: 'company-credit-decision',
        to: owner.email,
        subject: decision.decision === 'approve' ? 'Pagamento faturado aprovado — Clarear' : 'Pedido de pagamento faturado — Clarear',
        text,
        dedupeKey: `company-credit:${companyId}:${changed.version}`,
      });
    }
    return { ok: true };
  });
  if (result.ok) kickMailDelivery(db);
  return result;
}
