// An order's parcels on the admin's order page (issue 33): each one's service, price and promised
// date, its Melhor Envio label (status, "Comprar etiqueta", "Imprimir etiqueta") and tracking.
// The purchase posts to /admin/orders/:id/etiqueta/comprar (routes/admin/order-label.ts); the
// server decides whether it may (a paid order, a service mapped to Melhor Envio, configured).
import { Printer, Truck } from 'lucide-react';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { formatDateBR } from '~/lib/dates';
import { formatPrice } from '~/lib/money';
import { LABEL_STATUS_LABELS, type LabelStatus, type TrackedStatus } from '~/lib/shipment';
import type { ToastMessage } from '~/lib/toast';
import { CARRIER_LABELS, type Carrier } from '~/lib/tracking';

export type AdminParcel = {
  id: string;
  position: number;
  serviceName: string;
  carrier: Carrier;
  price: string;
  promisedDate: string;
  labelStatus: LabelStatus | null;
  labelUrl: string | null;
  trackingCode: string | null;
  trackedStatus: TrackedStatus | null;
};

const TRACKED_LABELS: Record<TrackedStatus, string> = { posted: 'Postado', delivered: 'Entregue' };

export function OrderParcels({ orderId, parcels, buyable, className }: { orderId: string; parcels: readonly AdminParcel[]; buyable: readonly string[]; className?: string }) {
  const fetcher = useFetcher<{ ok: boolean; toast: ToastMessage }>();
  const busy = fetcher.state !== 'idle';
  const pending = busy ? fetcher.formData?.get('parcelId') : null;
  useEffect(() => {
    if (fetcher.data) toast(fetcher.data.toast);
  }, [fetcher.data]);

  return (
    <section aria-labelledby="volumes" className={className} data-testid="order-parcels">
      <h2 id="volumes" className="text-lg font-bold">
        {parcels.length === 1 ? 'Volume' : `Volumes (${parcels.length})`}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {parcels.map((p) => (
          <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="order-parcel">
            <div className="grid gap-0.5">
              <p className="font-semibold">
                {parcels.length > 1 ? `Volume ${p.position}: ` : ''}
                {p.serviceName} <span className="font-normal text-slate-700 dark:text-slate-300">({CARRIER_LABELS[p.carrier]})</span> · {formatPrice(p.price)}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">Prometido para {formatDateBR(p.promisedDate)}</p>
              {p.labelStatus ? <p className="text-sm">Etiqueta: {LABEL_STATUS_LABELS[p.labelStatus]}</p> : null}
              {p.trackingCode ? (
                <p className="text-sm">
                  Rastreio: <span className="font-mono font-semibold">{p.trackingCode}</span>
                  {p.trackedStatus ? ` · ${TRACKED_LABELS[p.trackedStatus]}` : ''}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              {p.labelStatus === 'printed' && p.labelUrl ? (
                <a href={p.labelUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                  <Printer className="h-4 w-4" aria-hidden />
                  Imprimir etiqueta
                  <span className="sr-only"> do volume {p.position} (abre em nova aba)</span>
                </a>
              ) : null}
              {p.labelStatus !== 'printed' && buyable.includes(p.id) ? (
                <fetcher.Form method="post" action={`/admin/orders/${orderId}/etiqueta/comprar`}>
                  <input type="hidden" name="intent" value="buy_label" />
                  <input type="hidden" name="parcelId" value={p.id} />
                  <Button type="submit" size="sm" disabled={busy}>
                    <Truck className="h-4 w-4" aria-hidden />
                    {pending === p.id ? 'Comprando...' : p.labelStatus ? 'Continuar compra da etiqueta' : 'Comprar etiqueta'}
                    {parcels.length > 1 ? <span className="sr-only"> do volume {p.position}</span> : null}
                  </Button>
                </fetcher.Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
