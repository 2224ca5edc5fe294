// Returns and withdrawals (issue 32): the kinds and states a return goes through, and the rules on
// them: the legal windows in São Paulo calendar days, what a customer may ask for an order now,
// who may move a return to which state, how much goes back, when an answer is late, the protocol.
// No '~/' import here: drizzle-kit reads this file through app/db/schema.ts.
import { formatDateBR } from './dates';
import type { OrderStatus } from './order-lifecycle';
import { PLAN_NAME, todayInBrazil } from './plans';

/**
 * withdrawal: the right of withdrawal (CDC art. 49, 7 days from receipt, full refund with freight);
 * defect: a product with a defect (CDC art. 26, 30 days for non-durable goods), replaced or refunded;
 * plan: the plan's withdrawal within 7 days of buying it (no goods come back).
 */
export const RETURN_KINDS = ['withdrawal', 'defect', 'plan'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * requested → approved (instructions given) → received (goods back) → refunded | replaced;
 * requested → rejected (with a reason). A plan's withdrawal goes requested → refunded.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'refunded', 'replaced', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_RESOLUTIONS = ['refund', 'replacement'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/** Who moved a return (the same actors as an order's history). */
export const RETURN_ACTORS = ['customer', 'admin', 'system'] as const;
export type ReturnActor = (typeof RETURN_ACTORS)[number];

/** CDC art. 49: seven days from receipt. */
export const WITHDRAWAL_DAYS = 7;
/** CDC art. 26 I: thirty days for a defect of non-durable goods (cleaning products). */
export const DEFECT_DAYS = 30;
/** CDC art. 49: seven days from the plan's purchase. */
export const PLAN_WITHDRAWAL_DAYS = 7;

/** The cancel reason of an order withdrawn before shipping (its history and e-mail read it). */
export const WITHDRAWAL_CANCEL_REASON = 'Desistência da compra (direito de arrependimento)';

/** Longest texts kept: the customer's reason, the admin's instructions and refusal, a Pix key, a refund's reference. */
export const RETURN_LIMITS = { reason: 500, instructions: 1000, rejectReason: 500, pixKey: 77, reference: 100 } as const;

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Solicitada',
  approved: 'Aprovada',
  received: 'Recebida',
  refunded: 'Reembolsada',
  replaced: 'Substituída',
  rejected: 'Recusada',
};

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  withdrawal: 'Desistência da compra',
  defect: 'Defeito',
  plan: 'Desistência da assinatura',
};

/** A step of a return's history as the order's timeline reads it. */
export function returnEventLabel(kind: ReturnKind, to: ReturnStatus): string {
  if (kind === 'plan') return to === 'requested' ? 'Desistência da assinatura registrada' : to === 'refunded' ? 'Assinatura reembolsada' : RETURN_STATUS_LABELS[to];
  const labels: Record<ReturnStatus, string> = {
    requested: kind === 'defect' ? 'Troca ou reembolso por defeito solicitado' : 'Devolução solicitada',
    approved: 'Devolução aprovada',
    received: 'Devolução recebida',
    refunded: 'Reembolso feito',
    replaced: 'Produto substituído',
    rejected: 'Devolução recusada',
  };
  return labels[to];
}

export const RETURN_RESOLUTION_LABELS: Record<ReturnResolution, string> = { refund: 'Reembolso', replacement: 'Troca por outro igual' };

// ---------------------------------------------------------------- São Paulo calendar days

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic on a bare date: no time zone shifts it). */
export function addDays(isoDate: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new Error(`Data inválida: ${isoDate}`);
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** The São Paulo calendar day of an instant; a bare 'YYYY-MM-DD' already is one. */
export function saoPauloDay(value: Date | string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return todayInBrazil(typeof value === 'string' ? new Date(value) : value);
}

/**
 * The last day (inclusive, São Paulo) to withdraw: the day of the delivery plus 7, whatever the hour
 * (delivered Friday 2026-11-27 at 23:30 in São Paulo → '2026-12-04').
 */
export function withdrawalDeadline(deliveredAt: Date | string): string {
  return addDays(saoPauloDay(deliveredAt), WITHDRAWAL_DAYS);
}

/** The last day (inclusive, São Paulo) to report a defect: the day of the delivery plus 30. */
export function defectDeadline(deliveredAt: Date | string): string {
  return addDays(saoPauloDay(deliveredAt), DEFECT_DAYS);
}

/** The last day (inclusive, São Paulo) to withdraw from a plan bought on `boughtOn`. */
export function planWithdrawalDeadline(boughtOn: Date | string): string {
  return addDays(saoPauloDay(boughtOn), PLAN_WITHDRAWAL_DAYS);
}

// ---------------------------------------------------------------- what the customer may ask now

export type WithdrawalOffer = { kind: 'cancel' } | { kind: 'return'; until: string | null } | { kind: 'closed'; why: string };

export const WITHDRAWAL_CLOSED = {
  pending: 'Pedido ainda não pago: cancele-o pela opção "Cancelar pedido", sem nenhuma cobrança.',
  cancelled: 'Este pedido foi cancelado.',
  noDelivery: 'A data da entrega não está registrada. Fale com a gente pela página de contato.',
  expired: (deadline: string) => `O prazo de ${WITHDRAWAL_DAYS} dias para desistir da compra terminou em ${formatDateBR(deadline)}.`,
} as const;

/**
 * What "Desistir da compra" does for an order today (São Paulo day): paid or in separation → the
 * order is cancelled and refunded at once; shipped → the goods come back (7 days from the delivery
 * to come); delivered → the same until 7 days after the delivery; anything else is closed, with why.
 */
export function withdrawalOffer(order: { status: OrderStatus; deliveredAt: Date | string | null }, today: string): WithdrawalOffer {
  switch (order.status) {
    case 'paid':
    case 'preparing':
      return { kind: 'cancel' };
    case 'shipped':
      return { kind: 'return', until: null };
    case 'delivered': {
      if (!order.deliveredAt) return { kind: 'closed', why: WITHDRAWAL_CLOSED.noDelivery };
      const until = withdrawalDeadline(order.deliveredAt);
      return today <= until ? { kind: 'return', until } : { kind: 'closed', why: WITHDRAWAL_CLOSED.expired(until) };
    }
    case 'pending':
      return { kind: 'closed', why: WITHDRAWAL_CLOSED.pending };
    case 'cancelled':
      return { kind: 'closed', why: WITHDRAWAL_CLOSED.cancelled };
  }
}

/** Whether a defect may be reported today: a delivered order, within 30 days of its delivery. */
export function defectOffer(order: { status: OrderStatus; deliveredAt: Date | string | null }, today: string): { open: boolean; until: string | null } {
  if (order.status !== 'delivered' || !order.deliveredAt) return { open: false, until: null };
  const until = defectDeadline(order.deliveredAt);
  return { open: today <= until, until };
}

/** Whether a plan bought on `boughtOn` may still be withdrawn from today (its first period paid). */
export function planWithdrawalOpen(input: { boughtOn: string; firstPeriodPaid: boolean }, today: string): { open: boolean; until: string } {
  const until = planWithdrawalDeadline(input.boughtOn);
  return { open: input.firstPeriodPaid && today <= until, until };
}

/** An order line that is the plan itself (no goods to send back): the plan's withdrawal is its own. */
export function isPlanLine(item: { productId: string | null; productName: string }): boolean {
  return item.productId === null && item.productName.startsWith(PLAN_NAME);
}

// ---------------------------------------------------------------- who moves a return

type Move = { to: ReturnStatus; actors: readonly ReturnActor[]; kinds: readonly ReturnKind[] };

const GOODS: readonly ReturnKind[] = ['withdrawal', 'defect'];

/**
 * The allowed moves. The admin answers a request (approve with instructions, or reject with a
 * reason) and marks the goods received; a refund is recorded by the store (a gateway's answer) or by
 * the admin (a Pix sent by bank transfer); only a defect is replaced. A plan's withdrawal has no
 * goods: it is refunded straight from its request.
 */
export const RETURN_MOVES: Record<ReturnStatus, readonly Move[]> = {
  requested: [
    { to: 'approved', actors: ['admin'], kinds: GOODS },
    { to: 'rejected', actors: ['admin'], kinds: GOODS },
    { to: 'refunded', actors: ['system', 'admin'], kinds: ['plan'] },
  ],
  approved: [{ to: 'received', actors: ['admin'], kinds: GOODS }],
  received: [
    { to: 'refunded', actors: ['system', 'admin'], kinds: GOODS },
    { to: 'replaced', actors: ['admin'], kinds: ['defect'] },
  ],
  refunded: [],
  replaced: [],
  rejected: [],
};

/** Whether `actor` may move a return of `kind` from `from` to `to`. */
export function canMoveReturn(kind: ReturnKind, from: ReturnStatus, to: ReturnStatus, actor: ReturnActor): boolean {
  return RETURN_MOVES[from].some((m) => m.to === to && m.actors.includes(actor) && m.kinds.includes(kind));
}

export type ReturnAction = 'approve' | 'reject' | 'receive' | 'record_refund';

export const RETURN_ACTION_LABELS: Record<ReturnAction, string> = {
  approve: 'Aprovar e enviar instruções',
  reject: 'Recusar',
  receive: 'Marcar devolução recebida',
  record_refund: 'Registrar reembolso feito',
};

/**
 * What the admin may do with a return now. `manualRefund`: its money went to the store's own Pix
 * key, so a refund owed is sent by bank transfer and recorded by hand (a gateway's refund is the
 * store's own job, retried by the reconciliation; default true).
 */
export function returnActions(r: { status: ReturnStatus; kind: ReturnKind; refundStatus: 'pending' | 'refunded' | null; manualRefund?: boolean }): ReturnAction[] {
  const actions: ReturnAction[] = [];
  if (canMoveReturn(r.kind, r.status, 'approved', 'admin')) actions.push('approve');
  if (canMoveReturn(r.kind, r.status, 'rejected', 'admin')) actions.push('reject');
  if (canMoveReturn(r.kind, r.status, 'received', 'admin')) actions.push('receive');
  if (r.refundStatus === 'pending' && (r.manualRefund ?? true) && canMoveReturn(r.kind, r.status, 'refunded', 'admin')) actions.push('record_refund');
  return actions;
}

// ---------------------------------------------------------------- money

export type RefundInput = {
  /** The order's goods lines: `paidCents` is the unit price paid, `returnQuantity` how many units come back. */
  lines: { paidCents: number; quantity: number; returnQuantity: number }[];
  shippingCents: number;
  /** The order's discount, spread over its goods lines in proportion to their value. */
  discountCents: number;
  /** What the customer paid for the order. */
  totalPaidCents: number;
  /** What the order already gave back (a refund, an earlier return, the plan's withdrawal). */
  alreadyRefundedCents: number;
  /** The freight too: every unit of the order comes back (CDC art. 49: everything paid is returned). */
  includeShipping: boolean;
};

/**
 * What a return gives back: the returned lines' value less their share of the discount (rounded to
 * the centavo; the whole discount when every unit comes back), plus the freight when asked; never
 * more than was paid and not yet given back, never less than zero.
 */
export function refundCents(input: RefundInput): number {
  const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);
  let value = 0;
  let returned = 0;
  for (const line of input.lines) {
    const quantity = whole(line.quantity);
    value += whole(line.paidCents) * quantity;
    returned += whole(line.paidCents) * Math.min(whole(line.returnQuantity), quantity);
  }
  const discount = Math.min(whole(input.discountCents), value);
  const share = value > 0 ? Math.min(returned, Math.round((discount * returned) / value)) : 0;
  const amount = returned - share + (input.includeShipping ? whole(input.shippingCents) : 0);
  const left = whole(input.totalPaidCents) - whole(input.alreadyRefundedCents);
  return Math.max(0, Math.min(amount, left));
}

// ---------------------------------------------------------------- answers and protocol

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the store must have answered a request made at `requestedAt` (Configurações: 1 to 5 days). */
export function answerDueAt(requestedAt: Date, answerDays: number): Date {
  const days = Math.min(5, Math.max(1, Math.trunc(answerDays) || 5));
  return new Date(requestedAt.getTime() + days * DAY_MS);
}

/** A request the store has not answered in time. */
export function isLate(r: { status: ReturnStatus; answerDueAt: Date | string }, at: Date): boolean {
  return r.status === 'requested' && new Date(r.answerDueAt).getTime() < at.getTime();
}

/** 'DEV-20261204-7KQ2ZD': the São Paulo day of the request and six characters A–Z0–9. */
export const PROTOCOL_PATTERN = /^DEV-\d{8}-[A-Z0-9]{6}$/;

const PROTOCOL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Six protocol characters from random bytes (at least 6). */
export function protocolCode(bytes: ArrayLike<number>): string {
  if (bytes.length < 6) throw new Error('protocolo: faltam bytes aleatórios');
  let code = '';
  for (let i = 0; i < 6; i += 1) code += PROTOCOL_ALPHABET[bytes[i]! % PROTOCOL_ALPHABET.length];
  return code;
}

/** The protocol of a return requested at `at` with the six-character `code`. */
export function formatProtocol(at: Date | string, code: string): string {
  if (!/^[A-Z0-9]{6}$/.test(code)) throw new Error(`protocolo: código inválido ${code}`);
  return `DEV-${saoPauloDay(at).replaceAll('-', '')}-${code}`;
}

// ---------------------------------------------------------------- the customer's Pix key

/**
 * A Pix key for a refund by bank transfer, as typed: trimmed; null when empty. The bank checks it;
 * here only its length and that it looks like one of the key kinds (CPF/CNPJ, e-mail, phone, random key).
 */
export function normalizePixKey(value: string | null | undefined): string | null {
  const key = (value ?? '').trim();
  return key === '' ? null : key;
}

export function pixKeyProblem(key: string): string | null {
  if (key.length > RETURN_LIMITS.pixKey) return `Use no máximo ${RETURN_LIMITS.pixKey} caracteres.`;
  const digits = key.replace(/[.\-/\s()]/g, '');
  const looksLikeKey =
    /^\d{11}$/.test(digits) || // CPF or a phone without +55
    /^[0-9A-Z]{12}\d{2}$/i.test(digits) || // CNPJ
    /^\+?55\d{10,11}$/.test(digits) || // phone
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key) || // e-mail
    /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(key); // random key
  return looksLikeKey ? null : 'Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular ou chave aleatória.';
}
