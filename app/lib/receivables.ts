// Contas a receber (issue 35): an invoiced order's fatura, due N days after the order.
// The one home of its states; the database's CHECK reads them.
// Relative imports only: drizzle-kit reads this file through app/db/schema.ts.
import { formatBRL } from './money';

/** aberta, paga, vencida (past its due date, unpaid), cancelada (its order was cancelled). */
export const RECEIVABLE_STATUSES = ['open', 'paid', 'overdue', 'cancelled'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatus, string> = { open: 'Aberta', paid: 'Paga', overdue: 'Vencida', cancelled: 'Cancelada' };

/** The payment method of an invoiced order: confirmed at once, paid later through its fatura. */
export const INVOICED_METHOD = 'invoiced' as const;

export const INVOICED_TERM_LABEL = (termDays: number) => `Boleto faturado em ${termDays} dias`;

/** What decides whether a company may buy invoiced now (all in cents). */
export type InvoicedStanding = {
  creditStatus: string;
  limitCents: number | null;
  /** Open and overdue faturas together. */
  usedCents: number;
  overdueCount: number;
};

export const INVOICED_MESSAGES = {
  notMember: 'O boleto faturado é para compras de uma empresa cadastrada com faturamento aprovado.',
  notApproved: 'O faturamento da sua empresa ainda não foi aprovado.',
  overdue: 'Há fatura vencida da sua empresa. Pague-a para voltar a comprar faturado.',
  plan: 'O boleto faturado não vale para a Assinatura Inteligente nem para entregas programadas.',
} as const;

export const minimumMessage = (minimumCents: number) => `Pedido mínimo para faturamento: ${formatBRL(minimumCents)}`;
export const limitMessage = (availableCents: number) => `Limite disponível: ${formatBRL(Math.max(0, availableCents))}. Este pedido passa do limite de faturamento da sua empresa.`;

/** The open limit: never below zero. */
export function availableCents(standing: Pick<InvoicedStanding, 'limitCents' | 'usedCents'>): number {
  return Math.max(0, (standing.limitCents ?? 0) - standing.usedCents);
}

/**
 * Why this order may not be invoiced now, in pt-BR; null when it may. The order of the checks is
 * the order the buyer can act on: approval, an overdue fatura, the minimum, the limit.
 */
export function invoicedRefusal(standing: InvoicedStanding, totalCents: number, minimumCents: number): string | null {
  if (standing.creditStatus !== 'approved' || standing.limitCents === null) return INVOICED_MESSAGES.notApproved;
  if (standing.overdueCount > 0) return INVOICED_MESSAGES.overdue;
  if (totalCents < minimumCents) return minimumMessage(minimumCents);
  if (totalCents > availableCents(standing)) return limitMessage(availableCents(standing));
  return null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day 'yyyy-mm-dd' plus n days (UTC arithmetic: no time zone shifts it). */
export function addCalendarDays(iso: string, days: number): string {
  const m = ISO_DAY.exec(iso);
  if (!m) throw new Error(`Data inválida: ${iso}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}

/** The fatura's due date: the São Paulo day of the order plus the company's term. */
export function invoicedDueDate(orderDay: string, termDays: number): string {
  return addCalendarDays(orderDay, termDays);
}

/** Unpaid past its due date (São Paulo days): the due day itself is still on time. */
export function isPastDue(dueDate: string, today: string): boolean {
  return today > dueDate;
}

/** '2026-12-25' → '25/12/2026' */
export function formatDueDate(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

export const REMINDER_KINDS = ['before', 'due', 'after'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** Days from the due date each reminder goes out on. */
export const REMINDER_OFFSETS: Record<ReminderKind, number> = { before: -3, due: 0, after: 3 };

/**
 * The reminder due today for an unpaid fatura: the latest whose day has come (a job that missed a
 * day still sends it, once — its outbox key is per kind), none before 3 days ahead.
 */
export function reminderDue(dueDate: string, today: string): ReminderKind | null {
  let due: ReminderKind | null = null;
  for (const kind of REMINDER_KINDS) if (today >= addCalendarDays(dueDate, REMINDER_OFFSETS[kind])) due = kind;
  return due;
}

export const REMINDER_SUBJECTS: Record<ReminderKind, (dueDate: string) => string> = {
  before: (d) => `Sua fatura vence em 3 dias (${formatDueDate(d)})`,
  due: (d) => `Sua fatura vence hoje (${formatDueDate(d)})`,
  after: (d) => `Fatura vencida desde ${formatDueDate(d)}`,
};

/**
 * How pages and e-mails name an invoiced order's payment: never "Pago" until its fatura is paid.
 * 'Boleto faturado — vence em 25/12/2026'.
 */
export function invoicedPaymentLine(fatura: { status: ReceivableStatus; dueDate: string }): string {
  if (fatura.status === 'paid') return 'Boleto faturado — pago';
  if (fatura.status === 'cancelled') return 'Boleto faturado — cancelado';
  if (fatura.status === 'overdue') return `Boleto faturado — vencido em ${formatDueDate(fatura.dueDate)}`;
  return `Boleto faturado — vence em ${formatDueDate(fatura.dueDate)}`;
}

/** The admin's "Confirmar pagamento": who may move a fatura where. */
export function canConfirmPayment(status: ReceivableStatus): boolean {
  return status === 'open' || status === 'overdue';
}

/** What checkout and cart show a company member (receivables/credit invoicedOfferFor): the option, its term, the open limit, the minimum. */
export type InvoicedOffer = {
  companyId: string;
  legalName: string;
  termDays: number;
  limitCents: number;
  availableCents: number;
  minimumCents: number;
  overdueCount: number;
  /** Why not now whatever the order (not approved, an overdue fatura); the order's own checks come at checkout. */
  blocked: string | null;
};

/** Whether this order total may be invoiced now, as the checkout's option says it (pt-BR); null: it may. */
export function offerRefusal(offer: InvoicedOffer, totalCents: number): string | null {
  if (offer.blocked) return offer.blocked;
  if (totalCents < offer.minimumCents) return minimumMessage(offer.minimumCents);
  if (totalCents > offer.availableCents) return limitMessage(offer.availableCents);
  return null;
}
