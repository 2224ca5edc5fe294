// How prices read on the storefront: a product's starting price (products.base_price), when it has one.
import { formatPrice } from './money';

/** 'A partir de R$ 5,90', or 'Consulte' when the product has no base price. */
export function startingPriceLabel(basePrice: string | number | null | undefined): string {
  if (basePrice === null || basePrice === undefined || basePrice === '') return 'Consulte';
  return `A partir de ${formatPrice(basePrice)}`;
}
