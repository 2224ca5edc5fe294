// A company's account as its members use it (issue 35): registration (the registrant becomes the owner),
// the owner's edit, buyers and invitations, the request for invoiced payment. Every read and write
// goes through the membership row (company_members): a removed buyer finds nothing at once.
// A CNPJ already registered is told without naming anyone (COMPANY_MESSAGES.duplicate).
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '~/db/client.server';
import { companies, companyInvitations, companyMembers, user, userAddresses } from '~/db/schema';
import { now } from '~/lib/clock';
import { COMPANY_MESSAGES, invitationExpiry, invitationState, INVITATION_DAYS, type CompanyRole, type CreditStatus } from '~/lib/companies';
import type { CompanyEdit, CompanyRegistration } from '~/lib/schemas/company';
import { displayTaxId } from '~/lib/tax-id';
import { getEnv } from '../infra/env.server';
import { enqueueMail, kickMailDelivery } from '../mail/outbox.server';
import { companyOfUser } from './membership.server';

export type CompanyResult<T = object> = ({ ok: true } & T) | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string };

const refused = (status: 400 | 403 | 404 | 409, message: string, field?: string) => ({ ok: false as const, status, message, ...(field ? { field } : {}) });

/** A rollback that carries the answer out of the transaction. */
class Refusal extends Error {
  constructor(readonly answer: ReturnType<typeof refused>) {
    super(answer.message);
  }
}

async function answerOf<T>(work: () => Promise<T>): Promise<T | ReturnType<typeof refused>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return error.answer;
    throw error;
  }
}

export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

// ------------------------------------------------------------------ reading

export type CompanyMember = { userId: string; name: string; email: string; role: CompanyRole; createdAt: Date };
export type CompanyInvitationRow = { id: string; email: string; expiresAt: Date; createdAt: Date; expired: boolean };

export type CompanyAccount = {
  id: string;
  taxId: string;
  legalName: string;
  tradeName: string;
  stateRegistration: string | null;
  ieIndicator: number;
  creditStatus: CreditStatus;
  creditLimit: string | null;
  creditTermDays: number | null;
  creditNote: string | null;
  version: number;
  role: CompanyRole;
  members: CompanyMember[];
  /** Pending invitations, for the owner only (empty for a buyer). */
  invitations: CompanyInvitationRow[];
};

/** The signed-in person's company as the Empresa tab shows it; null when they belong to none. */
export async function companyAccount(db: Executor, userId: string): Promise<CompanyAccount | null> {
  const [row] = await db
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  if (!row) return null;
  const c = row.company;
  const [members, invitations] = await Promise.all([
    db
      .select({ userId: companyMembers.userId, name: user.name, email: user.email, role: companyMembers.role, createdAt: companyMembers.createdAt })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, c.id))
      .orderBy(sql`${companyMembers.role} = 'owner' desc`, asc(companyMembers.createdAt), asc(user.name)),
    row.role === 'owner'
      ? db
          .select({ id: companyInvitations.id, email: companyInvitations.email, expiresAt: companyInvitations.expiresAt, createdAt: companyInvitations.createdAt })
          .from(companyInvitations)
          .where(and(eq(companyInvitations.companyId, c.id), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt)))
          .orderBy(desc(companyInvitations.createdAt))
      : Promise.resolve([]),
  ]);
  const at = now();
  return {
    id: c.id,
    taxId: c.taxId,
    legalName: c.legalName,
    tradeName: c.tradeName,
    stateRegistration: c.stateRegistration,
    ieIndicator: c.ieIndicator,
    creditStatus: c.creditStatus,
    creditLimit: c.creditLimit,
    creditTermDays: c.creditTermDays,
    creditNote: c.creditNote,
    version: c.version,
    role: row.role,
    members,
    invitations: invitations.map((i) => ({ ...i, expired: i.expiresAt.getTime() <= at.getTime() })),
  };
}

// ------------------------------------------------------------------ registration and edit

/** Registers the company with this person as its owner. One CNPJ is one company; one company per person. */
export async function registerCompany(db: Database, userId: string, input: CompanyRegistration): Promise<CompanyResult<{ companyId: string }>> {
  return answerOf(() =>
    db.transaction(async (tx) => {
      if (await companyOfUser(tx, userId)) throw new Refusal(refused(409, COMPANY_MESSAGES.alreadyMember));
      // The unique CNPJ settles two registrations at once: the second inserts nothing.
      const [created] = await tx
        .insert(companies)
        .values({ taxId: input.taxId, legalName: input.legalName, tradeName: input.tradeName, ieIndicator: input.ieIndicator, stateRegistration: input.stateRegistration, createdBy: userId })
        .onConflictDoNothing({ target: companies.taxId })
        .returning({ id: companies.id });
      let companyId = created?.id;
      if (!companyId) {
        // A company nobody belongs to any more (its last person erased their account) is claimed by
        // whoever registers its CNPJ again; any other is told who to ask, naming nobody.
        const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.taxId, input.taxId)).for('update');
        const [anyone] = existing ? await tx.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.companyId, existing.id)).limit(1) : [];
        if (!existing || anyone) throw new Refusal(refused(409, COMPANY_MESSAGES.duplicate, 'taxId'));
        await tx
          .update(companies)
          .set({ legalName: input.legalName, tradeName: input.tradeName, ieIndicator: input.ieIndicator, stateRegistration: input.stateRegistration, version: sql`${companies.version} + 1`, updatedAt: now() })
          .where(eq(companies.id, existing.id));
        companyId = existing.id;
      }
      const [member] = await tx.insert(companyMembers).values({ companyId, userId, role: 'owner' }).onConflictDoNothing().returning({ userId: companyMembers.userId });
      if (!member) throw new Refusal(refused(409, COMPANY_MESSAGES.alreadyMember));
      return { ok: true as const, companyId };
    }),
  );
}

/** The owner's membership, or the refusal: none (404) or a buyer (403). */
async function ownerCompanyId(db: Executor, userId: string): Promise<string> {
  const company = await companyOfUser(db, userId);
  if (!company) throw new Refusal(refused(404, COMPANY_MESSAGES.notFound));
  if (company.role !== 'owner') throw new Refusal(refused(403, COMPANY_MESSAGES.ownerOnly));
  return company.id;
}

/** The owner edits razão social, nome fantasia and IE, against the version they read. */
export async function updateCompany(db: Database, userId: string, input: CompanyEdit): Promise<CompanyResult> {
  return answerOf(async () => {
    const companyId = await ownerCompanyId(db, userId);
    const changed = await db
      .update(companies)
      .set({ legalName: input.legalName, tradeName: input.tradeName, ieIndicator: input.ieIndicator, stateRegistration: input.stateRegistration, version: sql`${companies.version} + 1`, updatedAt: now() })
      .where(and(eq(companies.id, companyId), eq(companies.version, input.version)))
      .returning({ id: companies.id });
    if (changed.length === 0) return refused(409, COMPANY_MESSAGES.stale);
    return { ok: true as const };
  });
}

/** The owner asks for "pagamento faturado": never asked or refused before → in analysis. */
export async function requestCredit(db: Database, userId: string): Promise<CompanyResult> {
  return answerOf(async () => {
    const companyId = await ownerCompanyId(db, userId);
    const at = now();
    const changed = await db
      .update(companies)
      .set({ creditStatus: 'requested', creditRequestedAt: at, creditNote: null, version: sql`${companies.version} + 1`, updatedAt: at })
      .where(and(eq(companies.id, companyId), inArray(companies.creditStatus, ['none', 'refused'])))
      .returning({ id: companies.id });
    if (changed.length === 0) return refused(409, COMPANY_MESSAGES.creditAlready);
    return { ok: true as const };
  });
}

// ------------------------------------------------------------------ buyers and invitations

export function invitationLink(token: string): string {
  return `${getEnv().publicUrl}/empresa/convite/${token}`;
}

/**
 * The owner invites a buyer by e-mail. Inviting the same e-mail again renews the live invitation
 * (a new link, INVITATION_DAYS more); the old link stops working. The e-mail is queued in the same
 * transaction. Returns the link's token (the tests follow it; the page never shows it).
 */
export async function inviteBuyer(db: Database, userId: string, email: string): Promise<CompanyResult<{ token: string }>> {
  email = email.trim().toLowerCase();
  const result = await answerOf(() =>
    db.transaction(async (tx) => {
      const companyId = await ownerCompanyId(tx, userId);
      const [already] = await tx
        .select({ id: companyMembers.userId })
        .from(companyMembers)
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), sql`lower(${user.email}) = ${email}`))
        .limit(1);
      if (already) throw new Refusal(refused(409, already.id === userId ? COMPANY_MESSAGES.inviteSelf : 'Esta pessoa já compra para a sua empresa.', 'email'));
      const token = randomBytes(32).toString('base64url');
      const tokenHash = invitationTokenHash(token);
      const at = now();
      const expiresAt = invitationExpiry(at);
      const [inv] = await tx
        .insert(companyInvitations)
        .values({ companyId, email, role: 'buyer', tokenHash, expiresAt, invitedBy: userId, createdAt: at })
        .onConflictDoUpdate({
          target: [companyInvitations.companyId, companyInvitations.email],
          targetWhere: sql`${companyInvitations.acceptedAt} is null and ${companyInvitations.revokedAt} is null`,
          set: { tokenHash, expiresAt, invitedBy: userId, createdAt: at },
        })
        .returning({ id: companyInvitations.id });
      const [company] = await tx.select({ legalName: companies.legalName, tradeName: companies.tradeName }).from(companies).where(eq(companies.id, companyId));
      const [inviter] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
      const link = invitationLink(token);
      const companyName = company!.tradeName || company!.legalName;
      await enqueueMail(tx, {
        kind: 'company-invitation',
        to: email,
        subject: `Convite para comprar pela ${companyName} na Clarear`,
        text:
          `Olá!\n\n${inviter?.name ?? 'O responsável'} convidou você para comprar pela empresa ${company!.legalName} na Clarear.\n\n` +
          `Para aceitar, abra o link abaixo e entre (ou crie sua conta) com este e-mail, ${email}:\n${link}\n\n` +
          `O convite vale por ${INVITATION_DAYS} dias. Se você não esperava este convite, ignore este e-mail.`,
        // Each (re)sent link once.
        dedupeKey: `company-invitation:${inv!.id}:${tokenHash.slice(0, 16)}`,
      });
      return { ok: true as const, token };
    }),
  );
  // The link leaves now, not at the worker's next round.
  if (result.ok) kickMailDelivery(db);
  return result;
}

/** The owner cancels a pending invitation: its link stops working. */
export async function revokeInvitation(db: Database, userId: string, invitationId: string): Promise<CompanyResult> {
  return answerOf(async () => {
    const companyId = await ownerCompanyId(db, userId);
    const changed = await db
      .update(companyInvitations)
      .set({ revokedAt: now() })
      .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt)))
      .returning({ id: companyInvitations.id });
    if (changed.length === 0) return refused(404, 'Convite não encontrado.');
    return { ok: true as const };
  });
}

/** The owner removes a buyer: the membership row goes, and with it every access (orders, addresses) at once. */
export async function removeMember(db: Database, userId: string, memberUserId: string): Promise<CompanyResult> {
  return answerOf(async () => {
    const companyId = await ownerCompanyId(db, userId);
    if (memberUserId === userId) return refused(409, COMPANY_MESSAGES.removeOwner);
    const removed = await db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, memberUserId), eq(companyMembers.role, 'buyer')))
      .returning({ userId: companyMembers.userId });
    if (removed.length === 0) return refused(404, COMPANY_MESSAGES.memberNotFound);
    return { ok: true as const };
  });
}

// ------------------------------------------------------------------ accepting an invitation

export type InvitationView =
  | { state: 'invalid' }
  | { state: 'pending' | 'expired' | 'revoked' | 'accepted'; email: string; legalName: string; tradeName: string; companyId: string };

/** What the invitation page shows before anyone signs in: the company and the e-mail invited. */
export async function invitationByToken(db: Executor, token: string): Promise<InvitationView> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: 'invalid' };
  const [row] = await db
    .select({ inv: companyInvitations, legalName: companies.legalName, tradeName: companies.tradeName })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, invitationTokenHash(token)))
    .limit(1);
  if (!row) return { state: 'invalid' };
  return { state: invitationState(row.inv, now()), email: row.inv.email, legalName: row.legalName, tradeName: row.tradeName, companyId: row.inv.companyId };
}

export function invitationRefusal(state: Exclude<InvitationView['state'], 'pending'>): string {
  switch (state) {
    case 'invalid':
      return COMPANY_MESSAGES.invitationInvalid;
    case 'expired':
      return COMPANY_MESSAGES.invitationExpired;
    case 'revoked':
      return COMPANY_MESSAGES.invitationRevoked;
    case 'accepted':
      return COMPANY_MESSAGES.invitationUsed;
  }
}

/**
 * The invited person accepts, signed in with the invited e-mail: the membership is inserted once. The
 * invitation's row is locked first, so two acceptances at once run one after the other (the second
 * finds it used); the one-company-per-person unique index refuses a person already in a company.
 */
export async function acceptInvitation(db: Database, person: { id: string; email: string }, token: string): Promise<CompanyResult<{ companyId: string }>> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return refused(404, COMPANY_MESSAGES.invitationInvalid);
  return answerOf(() =>
    db.transaction(async (tx) => {
      const [inv] = await tx.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, invitationTokenHash(token))).for('update');
      if (!inv) throw new Refusal(refused(404, COMPANY_MESSAGES.invitationInvalid));
      const state = invitationState(inv, now());
      if (state !== 'pending') throw new Refusal(refused(state === 'accepted' ? 409 : 404, invitationRefusal(state)));
      if (person.email.toLowerCase() !== inv.email) throw new Refusal(refused(403, COMPANY_MESSAGES.invitationOtherAccount(inv.email)));
      const [member] = await tx
        .insert(companyMembers)
        .values({ companyId: inv.companyId, userId: person.id, role: inv.role, invitedBy: inv.invitedBy })
        .onConflictDoNothing()
        .returning({ userId: companyMembers.userId });
      if (!member) throw new Refusal(refused(409, COMPANY_MESSAGES.alreadyMember));
      await tx.update(companyInvitations).set({ acceptedAt: now(), acceptedBy: person.id }).where(eq(companyInvitations.id, inv.id));
      return { ok: true as const, companyId: inv.companyId };
    }),
  );
}

/**
 * An erased account leaves its company (LGPD erasure, issue 35): the membership goes with the account;
 * an owner hands the company to its longest-standing buyer, and the addresses they shared with the
 * company stay the company's (kept under the new owner). With nobody left the company stays as the
 * store's business record (its orders name it) and a later registration of its CNPJ claims it.
 */
export async function leaveCompanyForErasure(tx: Executor, userId: string): Promise<void> {
  const [membership] = await tx.select({ companyId: companyMembers.companyId, role: companyMembers.role }).from(companyMembers).where(eq(companyMembers.userId, userId)).for('update');
  if (!membership) return;
  await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
  const [heir] = await tx
    .select({ userId: companyMembers.userId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, membership.companyId))
    .orderBy(sql`${companyMembers.role} = 'owner' desc`, asc(companyMembers.createdAt))
    .limit(1);
  if (!heir) return;
  if (membership.role === 'owner' && heir.role !== 'owner') {
    await tx.update(companyMembers).set({ role: 'owner' }).where(and(eq(companyMembers.companyId, membership.companyId), eq(companyMembers.userId, heir.userId)));
  }
  await tx
    .update(userAddresses)
    .set({ userId: heir.userId })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.companyId, membership.companyId)));
}

/** "Acme Ltda (CNPJ 11.222.333/0001-81)": how the checkout and order pages name the company bought for. */
export function companyLabel(c: { legalName: string; taxId: string }): string {
  return `${c.legalName} (CNPJ ${displayTaxId(c.taxId)})`;
}
