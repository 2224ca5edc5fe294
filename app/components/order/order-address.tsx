// The delivery address copied onto an order, as a block (order page, admin, packing slip).
import { formatCep } from '~/lib/cep';

export type OrderAddressValue = {
  recipientName: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
};

export function OrderAddress({ address, className }: { address: OrderAddressValue; className?: string }) {
  return (
    <address className={`not-italic leading-relaxed ${className ?? ''}`} data-testid="order-address">
      <span className="block font-semibold">{address.recipientName}</span>
      <span className="block">
        {address.street}, {address.number}
        {address.complement ? ` — ${address.complement}` : ''}
      </span>
      <span className="block">
        {address.neighborhood} — {address.city}/{address.state}
      </span>
      <span className="block">CEP {formatCep(address.zipCode)}</span>
    </address>
  );
}
