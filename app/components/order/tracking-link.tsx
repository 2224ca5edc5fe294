// The carrier and tracking code of a shipped order, linked to the carrier's own tracking page.
import { ExternalLink } from 'lucide-react';
import { CARRIER_LABELS, trackingUrl, type Carrier } from '~/lib/tracking';

export function TrackingLink({ carrier, code }: { carrier: Carrier; code: string }) {
  const url = trackingUrl(carrier, code);
  return (
    <p data-testid="order-tracking">
      {CARRIER_LABELS[carrier]} · código de rastreio{' '}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-mono font-semibold text-brand-700 underline dark:text-brand-200">
          {code}
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only"> (abre o site da transportadora em nova aba)</span>
        </a>
      ) : (
        <span className="font-mono font-semibold">{code}</span>
      )}
    </p>
  );
}
