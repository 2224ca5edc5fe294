// Contas a receber (issue 35): an invoiced order's fatura, due N days after the order.
// The one home of its states; the database's CHECK reads them.

/** aberta, paga, vencida (past its due date, unpaid), cancelada (its order was cancelled). */
export const RECEIVABLE_STATUSES = ['open', 'paid', 'overdue', 'cancelled'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatus, string> = { open: 'Aberta', paid: 'Paga', overdue: 'Vencida', cancelled: 'Cancelada' };

/** The payment method of an invoiced order: confirmed at once, paid later through its fatura. */
export const INVOICED_METHOD = 'invoiced' as const;
