// The order lifecycle (one place): which status may follow which, and who may move it.
//   pending → paid → preparing → shipped → delivered
//   pending | paid | preparing → cancelled (with a reason)
// The server (server/orders/transitions.server.ts) refuses anything else with a 409 and changes
// nothing; the pages use the same table to show only the actions an order allows.
// No '~/' import here: drizzle-kit reads this file through app/db/schema.ts.

export const ORDER_STATUSES = ['pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled'] as const;
/** Who moved an order: the buyer, an admin, or the store itself (a job, a payment provider). */
export const ORDER_ACTORS = ['customer', 'admin', 'system'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderActor = (typeof ORDER_ACTORS)[number];

export type OrderAction = 'confirm_payment' | 'start_preparing' | 'ship' | 'deliver' | 'cancel';

type Rule = { from: readonly OrderStatus[]; to: OrderStatus; actors: readonly OrderActor[] };

export const ORDER_ACTIONS: Record<OrderAction, Rule> = {
  // An admin who checked the bank, or a payment provider's confirmation.
  confirm_payment: { from: ['pending'], to: 'paid', actors: ['admin', 'system'] },
  // The system too: a Melhor Envio label the carrier has scanned (shipping/parcels applyTracking) moves
  // a paid order through separation to shipped, with the carrier's own tracking code.
  start_preparing: { from: ['paid'], to: 'preparing', actors: ['admin', 'system'] },
  ship: { from: ['preparing'], to: 'shipped', actors: ['admin', 'system'] },
  deliver: { from: ['shipped'], to: 'delivered', actors: ['admin', 'system'] },
  // The customer may give up an order only while it is unpaid (or, paid, by withdrawal); expiry is the system's.
  cancel: { from: ['pending', 'paid', 'preparing'], to: 'cancelled', actors: ['admin', 'system'] },
};

const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending'];
/** The right of withdrawal (CDC art. 49) before shipping: a paid order is cancelled and refunded (lib/returns.ts). */
const CUSTOMER_WITHDRAWABLE: readonly OrderStatus[] = ['paid', 'preparing'];

/**
 * Whether `actor` may apply `action` to an order in `status`. `withdrawal`: the customer's cancel is
 * their withdrawal from the purchase (flows/withdraw), which a paid order not yet shipped allows;
 * their plain cancel is for an unpaid order only.
 */
export function canApply(action: OrderAction, status: OrderStatus, actor: OrderActor, options: { withdrawal?: boolean } = {}): boolean {
  if (action === 'cancel' && actor === 'customer') return (options.withdrawal ? CUSTOMER_WITHDRAWABLE : CUSTOMER_CANCELLABLE).includes(status);
  const rule = ORDER_ACTIONS[action];
  return rule.from.includes(status) && rule.actors.includes(actor);
}

/** The actions `actor` can take on an order in `status`, in the order a page lists them. */
export function availableActions(status: OrderStatus, actor: OrderActor): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) => canApply(action, status, actor));
}

/** Paid money is owed back when a paid (or separating) order is cancelled. */
export function cancellationOwesRefund(from: OrderStatus): boolean {
  return from === 'paid' || from === 'preparing';
}

/** Statuses the admin still has work on (the dashboard's "a enviar"). */
export const TO_SHIP_STATUSES: readonly OrderStatus[] = ['paid', 'preparing'];

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  confirm_payment: 'Confirmar pagamento',
  start_preparing: 'Iniciar separação',
  ship: 'Marcar como enviado',
  deliver: 'Marcar como entregue',
  cancel: 'Cancelar pedido',
};

export const ORDER_ACTOR_LABELS: Record<OrderActor, string> = {
  customer: 'Cliente',
  admin: 'Administrador',
  system: 'Sistema',
};

/** One entry of an order's history as pages show it. */
export type TimelineEvent = {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: OrderActor;
  actorName?: string | null;
  note: string | null;
  createdAt: Date | string;
};

/**
 * What a customer may read of their order's history: a cancellation's reason and the store's
 * own notes ("Pagamento aprovado"); never who at the store did it, nor an admin's note.
 */
export function customerTimelineEvent(event: TimelineEvent): TimelineEvent {
  const note = event.toStatus === 'cancelled' || event.actor === 'system' ? event.note : null;
  return { id: event.id, fromStatus: event.fromStatus, toStatus: event.toStatus, actor: event.actor, actorName: null, note, createdAt: event.createdAt };
}
