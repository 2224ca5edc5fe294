// @vitest-environment happy-dom
// The storefront's product pictures: uploaded images get a srcset of their stored
// widths, and a chosen size with its own picture shows it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductCard as Card, ProductDetail } from '~/server/catalog/catalog.server';
import { ProductCard } from './product-card';
import { ProductDetails } from './product-details';

const UPLOAD = '/uploads/a1b2c3d4e5f60718293a-1200.webp';
const VARIANT_UPLOAD = '/uploads/0123456789abcdef0123-640.webp';

const card: Card = {
  id: 'p1',
  slug: 'detergente-neutro',
  name: 'Detergente Neutro',
  description: 'Limpa sem agredir.',
  price: '5.90',
  basePrice: '5.90',
  imageUrl: UPLOAD,
  rating: '4.8',
  reviewCount: 3,
  isKit: false,
  phValue: '7.0',
  categoryName: 'Cozinha',
  available: null,
};

const detail: ProductDetail = {
  ...card,
  benefits: null,
  dilution: null,
  useIndication: null,
  howToUse: null,
  precautions: null,
  composition: null,
  activeIngredient: null,
  safety: { anvisaKind: null, anvisaNumber: null, riskClass: null, safetyWarnings: null, firstAid: null, unNumber: null, hazardClass: null, sdsUrl: null },
  items: [],
  available: null,
  variants: [
    { id: 'v1', size: '500 ml', price: '5.90', imageUrl: null, available: null },
    { id: 'v2', size: '5 L', price: '39.90', imageUrl: VARIANT_UPLOAD, available: null },
  ],
};

function renderInRouter(element: React.ReactNode) {
  const Stub = createRoutesStub([{ id: 'root', path: '/', loader: () => null, Component: () => element, HydrateFallback: () => null }]);
  return render(<Stub initialEntries={['/']} />);
}

afterEach(cleanup);

describe('ProductCard image', () => {
  it('offers every stored width of an uploaded image', async () => {
    const { container } = renderInRouter(<ProductCard product={card} onOpen={() => {}} />);
    await screen.findByText('Detergente Neutro');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(UPLOAD);
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/a1b2c3d4e5f60718293a-320.webp 320w, /uploads/a1b2c3d4e5f60718293a-640.webp 640w, /uploads/a1b2c3d4e5f60718293a-1200.webp 1200w',
    );
    expect(img.getAttribute('sizes')).toContain('100vw');
  });

  it('leaves a seed SVG as it is', async () => {
    const { container } = renderInRouter(<ProductCard product={{ ...card, imageUrl: '/images/products/detergente.svg' }} onOpen={() => {}} />);
    await screen.findByText('Detergente Neutro');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/products/detergente.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});

describe('ProductDetails image', () => {
  it("shows the chosen size's own picture, and the product's for a size without one", async () => {
    renderInRouter(<ProductDetails card={card} detail={detail} status="ready" isFavorite={false} />);
    const picture = () => screen.getByRole('img', { name: 'Detergente Neutro' });
    await screen.findByRole('heading', { name: 'Detergente Neutro' });
    expect(picture().getAttribute('src')).toBe(UPLOAD);

    fireEvent.click(screen.getByRole('radio', { name: /5 L/ }));
    expect(picture().getAttribute('src')).toBe(VARIANT_UPLOAD);
    expect(picture().getAttribute('srcset')).toBe('/uploads/0123456789abcdef0123-320.webp 320w, /uploads/0123456789abcdef0123-640.webp 640w');

    fireEvent.click(screen.getByRole('radio', { name: /500 ml/ }));
    expect(picture().getAttribute('src')).toBe(UPLOAD);
  });
});
