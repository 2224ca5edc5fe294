// How an order travels (issue 33): each parcel's service, freight and the date promised before
// payment, with its tracking once the carrier has it; the items of each when there are several.
// On the customer's order page and the packing slip.
import { formatDateBR } from '~/lib/dates';
import { formatPrice, toCents } from '~/lib/money';
import type { Carrier } from '~/lib/tracking';
import { TrackingLink } from './tracking-link';

export type ParcelView = {
  id: string;
  position: number;
  serviceName: string;
  carrier: Carrier;
  price: string;
  promisedDate: string;
  trackingCode: string | null;
};

export function OrderParcels({ parcels, items, className }: { parcels: ParcelView[]; items: { productName: string; size: string | null; parcelId: string | null }[]; className?: string }) {
  if (parcels.length === 0) return null;
  const several = parcels.length > 1;
  return (
    <ul className={`grid gap-2 ${className ?? ''}`} data-testid="order-parcels">
      {parcels.map((p) => (
        <li key={p.id} data-testid="order-parcel">
          {several ? <span className="block font-semibold">Pacote {p.position}</span> : null}
          <span className="block">
            {p.serviceName} — {toCents(p.price) === 0 ? 'frete grátis' : formatPrice(p.price)}
          </span>
          <span className="block">Chega até {formatDateBR(p.promisedDate)}</span>
          {several ? (
            <span className="block text-sm text-slate-700 dark:text-slate-300">
              {items
                .filter((i) => i.parcelId === p.id)
                .map((i) => (i.size ? `${i.productName} (${i.size})` : i.productName))
                .join(', ')}
            </span>
          ) : null}
          {p.trackingCode ? (
            <span className="block text-sm">
              <TrackingLink carrier={p.carrier} code={p.trackingCode} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
