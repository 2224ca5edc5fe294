// @vitest-environment happy-dom
// A product's safety on its page and in its modal (ProductDetails): the ANVISA line beside the price, the
// collapsible "Segurança" section with the FDS link, and for a kit the data of each product in it.
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductCard, ProductDetail } from '~/server/catalog/catalog.server';
import { ProductDetails } from './product-details';

const SDS = '/uploads/fds/alcool-70-0123456789abcdef0123.pdf';
const NO_SAFETY = { anvisaKind: null, anvisaNumber: null, riskClass: null, safetyWarnings: null, firstAid: null, unNumber: null, hazardClass: null, sdsUrl: null };

const card: ProductCard = {
  id: 'p1',
  slug: 'alcool-70',
  name: 'Álcool 70%',
  description: 'Desinfeta superfícies.',
  price: '9.90',
  basePrice: '9.90',
  imageUrl: null,
  rating: null,
  reviewCount: 0,
  isKit: false,
  phValue: '7.0',
  categoryName: 'Profissional',
  available: null,
};

const detail: ProductDetail = {
  ...card,
  benefits: null,
  dilution: null,
  useIndication: null,
  howToUse: null,
  precautions: 'Inflamável.',
  composition: null,
  activeIngredient: null,
  safety: {
    anvisaKind: 'registrado',
    anvisaNumber: '25351.900001/2026-01',
    riskClass: 2,
    safetyWarnings: 'Antes de usar, leia as instruções do rótulo.',
    firstAid: 'Olhos: lave com água.\nIngestão: não provoque vômito.',
    unNumber: '1170',
    hazardClass: '3',
    sdsUrl: SDS,
  },
  items: [],
  available: null,
  variants: [{ id: 'v1', size: '1 L', price: '9.90', imageUrl: null, available: null }],
};

function renderInRouter(element: React.ReactNode) {
  const Stub = createRoutesStub([{ id: 'root', path: '/', loader: () => null, Component: () => element, HydrateFallback: () => null }]);
  return render(<Stub initialEntries={['/']} />);
}

afterEach(cleanup);

describe('ProductDetails safety', () => {
  it('shows the ANVISA line by the price and a Segurança section with every datum and the FDS link', async () => {
    renderInRouter(<ProductDetails card={card} detail={detail} status="ready" isFavorite={false} />);
    await screen.findByRole('heading', { name: 'Álcool 70%' });
    expect(screen.getByTestId('anvisa-line').textContent).toBe('Produto registrado na ANVISA nº 25351.900001/2026-01');
    const section = screen.getByTestId('safety-section');
    expect(section.tagName).toBe('DETAILS');
    expect(within(section).getByText('Segurança')).toBeTruthy();
    expect(section.textContent).toContain('Risco 2 (maior risco)');
    expect(section.textContent).toContain('Antes de usar, leia as instruções do rótulo.');
    expect(section.textContent).toContain('Ingestão: não provoque vômito.');
    expect(section.textContent).toContain('Produto perigoso: ONU 1170 — Classe 3 (Líquido inflamável)');
    const link = within(section).getByRole('link', { name: 'Ficha de Dados de Segurança (FDS, PDF)' });
    expect(link.getAttribute('href')).toBe(SDS);
    expect(link.getAttribute('download')).toBe('fds-alcool-70.pdf');
  });

  it('shows neither without safety data, and no transport line for a product that is not dangerous', async () => {
    renderInRouter(<ProductDetails card={card} detail={{ ...detail, safety: NO_SAFETY }} status="ready" isFavorite={false} />);
    await screen.findByRole('heading', { name: 'Álcool 70%' });
    expect(screen.queryByTestId('anvisa-line')).toBeNull();
    expect(screen.queryByTestId('safety-section')).toBeNull();
    cleanup();
    renderInRouter(<ProductDetails card={card} detail={{ ...detail, safety: { ...NO_SAFETY, riskClass: 1 } }} status="ready" isFavorite={false} />);
    await screen.findByRole('heading', { name: 'Álcool 70%' });
    expect(screen.getByTestId('safety-section').textContent).not.toContain('Transporte');
  });

  it('a kit lists each product’s ANVISA line, risk class and FDS', async () => {
    const kit: ProductCard = { ...card, id: 'k1', slug: 'kit-limpeza', name: 'Kit Limpeza', isKit: true, phValue: null };
    const items = [
      { quantity: 1, productId: 'p1', slug: 'alcool-70', name: 'Álcool 70%', imageUrl: null, anvisaKind: 'registrado' as const, anvisaNumber: '25351.900001/2026-01', riskClass: 2, sdsUrl: SDS },
      { quantity: 2, productId: 'p2', slug: 'detergente', name: 'Detergente', imageUrl: null, anvisaKind: 'notificado' as const, anvisaNumber: '25351.900002/2026-02', riskClass: 1, sdsUrl: null },
    ];
    renderInRouter(<ProductDetails card={kit} detail={{ ...detail, ...kit, safety: NO_SAFETY, variants: [], items }} status="ready" isFavorite={false} />);
    await screen.findByRole('heading', { name: 'Kit Limpeza' });
    // The kit itself has no registration: no line by its price.
    expect(screen.queryByTestId('anvisa-line')).toBeNull();
    const section = screen.getByTestId('safety-section');
    expect(section.textContent).toContain('Produto registrado na ANVISA nº 25351.900001/2026-01');
    expect(section.textContent).toContain('Produto notificado na ANVISA nº 25351.900002/2026-02');
    expect(section.textContent).toContain('Classe de risco: Risco 1 (menor risco)');
    expect(within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Ficha de Dados de Segurança (FDS, PDF) — Álcool 70%', SDS]]);
  });
});
