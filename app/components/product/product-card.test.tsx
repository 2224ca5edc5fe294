// @vitest-environment happy-dom
// A product card on the listings tells the shopper about stock: a sold-out product stays
// listed with "Esgotado", one nearly out says "Últimas unidades", plenty or untracked says nothing.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '~/lib/stock';
import type { ProductCard as Card } from '~/server/catalog/catalog.server';
import { ProductCard } from './product-card';

const card: Card = {
  id: 'p1',
  slug: 'limpa-pedras',
  name: 'Limpa Pedras',
  description: 'Para pisos de pedra.',
  price: '18.90',
  basePrice: '18.90',
  imageUrl: null,
  rating: null,
  reviewCount: 0,
  isKit: false,
  phValue: '11.0',
  categoryName: 'Pisos',
  available: null,
};

afterEach(cleanup);

describe('ProductCard stock', () => {
  it.each([
    [0, 'Esgotado'],
    [1, 'Últimas unidades'],
    [LOW_STOCK_THRESHOLD - 1, 'Últimas unidades'],
  ] as const)('%i left reads "%s", and the card is still there to open', (available, text) => {
    render(<ProductCard product={{ ...card, available }} onOpen={() => {}} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver detalhes de Limpa Pedras' })).toBeTruthy();
  });

  it.each([null, LOW_STOCK_THRESHOLD, 200])('%s left says nothing about stock', (available) => {
    render(<ProductCard product={{ ...card, available }} onOpen={() => {}} />);
    expect(screen.queryByText('Esgotado')).toBeNull();
    expect(screen.queryByText('Últimas unidades')).toBeNull();
  });
});
