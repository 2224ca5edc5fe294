// An order's history as a timeline: when (São Paulo), the status in words, and the note
// (a cancellation's reason). `showActors` adds who did it, for the admin's eyes only.
import { formatDateTimeBR } from '~/lib/dates';
import { ORDER_ACTOR_LABELS, type TimelineEvent } from '~/lib/order-lifecycle';
import { orderStatusLabel } from '~/lib/order-status';

export type { TimelineEvent };

function eventTitle(event: TimelineEvent, paymentMethod?: string | null): string {
  if (event.fromStatus === null) return 'Pedido recebido';
  return orderStatusLabel(event.toStatus, paymentMethod);
}

/** `paymentMethod`: an invoiced order's confirmation reads 'Faturado' (issue 35). */
export function OrderTimeline({ events, showActors = false, paymentMethod }: { events: TimelineEvent[]; showActors?: boolean; paymentMethod?: string | null }) {
  return (
    <ol className="relative ml-2 border-l-2 border-slate-200 dark:border-slate-700" data-testid="order-timeline">
      {events.map((event) => (
        <li key={event.id} className="mb-4 ml-4 last:mb-0">
          <span className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700 dark:bg-brand-200" aria-hidden />
          <p className="font-semibold">{eventTitle(event, paymentMethod)}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTimeBR(event.createdAt)}</time>
            {showActors ? ` · ${ORDER_ACTOR_LABELS[event.actor]}${event.actorName ? `: ${event.actorName}` : ''}` : ''}
          </p>
          {event.note ? <p className="text-sm text-slate-700 dark:text-slate-300">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
