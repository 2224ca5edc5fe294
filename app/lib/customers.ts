// The admin's customer pages (/admin/customers): how a CPF/CNPJ is shown masked, how a search term
// becomes a CPF/CNPJ search, and how the page reads its record of admin actions.
import { SUBSCRIPTION_STATUS_LABELS } from './plans';

/** What an admin did to a customer's account, or saw of it: the page's actions and `customer_audit.action`. */
export const CUSTOMER_AUDIT_ACTIONS = ['reveal_tax_id', 'resend_confirmation', 'password_reset', 'block', 'unblock', 'make_admin', 'make_customer'] as const;

export type CustomerAuditAction = (typeof CUSTOMER_AUDIT_ACTIONS)[number];

/**
 * A stored CPF or CNPJ with only its middle shown: '12345678909' → '***.456.789-**',
 * '12345678000195' → '**.345.678/0001-**' (the admin sees it whole only through "mostrar", which is recorded).
 */
export function maskTaxId(stored: string | null | undefined): string {
  if (!stored) return '';
  if (stored.length === 11) return `***.${stored.slice(3, 6)}.${stored.slice(6, 9)}-**`;
  return `**.${stored.slice(2, 5)}.${stored.slice(5, 8)}/${stored.slice(8, 12)}-**`;
}

/**
 * The characters to look for in stored CPFs/CNPJs (digits and upper-case letters, no mask), or null
 * when the term is not one: it must have a digit and nothing but letters, digits and mask characters,
 * so '123.456.789-09', '123456' and '12.ABC.345/01' search the tax id and 'joão' does not.
 */
export function taxIdSearchTerm(term: string): string | null {
  if (!/\d/.test(term) || !/^[0-9A-Za-z.\-/\s]+$/.test(term)) return null;
  const characters = term.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return characters.length >= 3 ? characters : null;
}

export const CUSTOMER_AUDIT_LABELS: Record<CustomerAuditAction, string> = {
  reveal_tax_id: 'Viu o CPF/CNPJ completo',
  resend_confirmation: 'Reenviou o e-mail de confirmação',
  password_reset: 'Enviou e-mail de redefinição de senha',
  block: 'Bloqueou o acesso',
  unblock: 'Desbloqueou o acesso',
  make_admin: 'Tornou administrador',
  make_customer: 'Tornou cliente (removeu o acesso de administrador)',
};

/** The customer's subscription in the list: the live one's status, else the last one's, else none. */
export function customerSubscriptionLabel(status: string | null): string {
  return status ? (SUBSCRIPTION_STATUS_LABELS[status] ?? status) : 'Sem assinatura';
}
