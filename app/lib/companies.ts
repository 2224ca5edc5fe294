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

/** How a role reads on the pages. */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = { owner: 'Responsável', buyer: 'Comprador' };

/** How the invoiced-payment status reads in the admin list and filter. */
export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  none: 'Sem pedido',
  requested: 'Em análise',
  approved: 'Aprovado',
  refused: 'Recusado',
};

export function isCreditTerm(value: unknown): value is CreditTerm {
  return (CREDIT_TERMS as readonly unknown[]).includes(value);
}

/** What the customer is told of the company's invoiced payment, by its state. */
export function creditStatusText(c: { creditStatus: CreditStatus; creditLimit: string | null; creditTermDays: number | null; creditNote: string | null }, formatMoney: (v: string) => string): string {
  switch (c.creditStatus) {
    case 'none':
      return 'A empresa ainda não pediu pagamento faturado.';
    case 'requested':
      return 'Pedido em análise: avisaremos por e-mail quando for decidido.';
    case 'approved':
      return `Aprovado com limite de ${c.creditLimit === null ? '—' : formatMoney(c.creditLimit)} e prazo de ${c.creditTermDays ?? '—'} dias.`;
    case 'refused':
      return c.creditNote ? `Recusado: ${c.creditNote}` : 'Recusado.';
  }
}

/** Whether an invitation can still be accepted, and if not, why, in pt-BR. */
export type InvitationState = 'pending' | 'expired' | 'revoked' | 'accepted';

export function invitationState(inv: { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null }, at: Date): InvitationState {
  if (inv.acceptedAt) return 'accepted';
  if (inv.revokedAt) return 'revoked';
  return inv.expiresAt.getTime() <= at.getTime() ? 'expired' : 'pending';
}

/** The invitation's expiry: INVITATION_DAYS after it was (re)sent. */
export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
}

export const COMPANY_MESSAGES = {
  duplicate:
    'Este CNPJ já está cadastrado na Clarear. Peça ao responsável pela conta da empresa que envie um convite para o seu e-mail.',
  alreadyMember: 'Sua conta já faz parte de uma empresa. Cada pessoa compra para uma empresa só.',
  notFound: 'Empresa não encontrada.',
  ownerOnly: 'Só o responsável pela empresa pode fazer isso.',
  stale: 'Os dados da empresa mudaram enquanto você editava. Recarregue a página e tente de novo.',
  invitationInvalid: 'Este convite não existe. Confira o link do e-mail.',
  invitationExpired: 'Este convite expirou. Peça ao responsável pela empresa que envie um novo.',
  invitationRevoked: 'Este convite foi cancelado pelo responsável pela empresa.',
  invitationUsed: 'Este convite já foi usado.',
  invitationOtherAccount: (email: string) =>
    `Este convite foi enviado para ${email}. Entre com a conta desse e-mail (ou crie uma) para aceitá-lo.`,
  inviteSelf: 'Você já faz parte desta empresa.',
  inviteMember: 'Esta pessoa já faz parte de uma empresa na Clarear.',
  removeOwner: 'O responsável pela empresa não pode ser removido.',
  memberNotFound: 'Comprador não encontrado.',
  creditAlready: 'O pedido de pagamento faturado já foi feito.',
} as const;
