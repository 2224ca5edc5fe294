// Volume prices of the seed catalogue (issue 35): professional 5 L gallons cheaper by the box.
// Products no other test buys in such quantities (tests/integration, tests/e2e).
import type { SeedPriceTiers } from '../types';

export const priceTiers: SeedPriceTiers[] = [
  {
    product: 'detergente-alcalino-industrial',
    size: '5 L',
    tiers: [
      { minQuantity: 6, price: '64.90' },
      { minQuantity: 24, price: '59.90' },
    ],
  },
  {
    product: 'detergente-lava-loucas-industrial',
    size: '5 L',
    tiers: [
      { minQuantity: 6, price: '84.90' },
      { minQuantity: 24, price: '79.90' },
    ],
  },
  { product: 'desengraxante-para-oficinas', size: '5 L', tiers: [{ minQuantity: 12, price: '86.90' }] },
];
