// @vitest-environment happy-dom
// The checkout page lists the methods the server offers (payments/provider.server.ts): in
// production without a gateway Pix alone, labelled honestly; outside production every method and
// a visible test-mode notice, on the cart, its empty state and the placeholder before it loads.
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/seed/data';
import { cartStore } from '~/lib/cart-store';
import { WITHDRAWAL_SENTENCE } from '~/lib/contract';
import { paymentOffer, TEST_MODE_NOTICE, type PaymentOffer } from '~/lib/payment-offer';
import { fromStored, toPublicSettings } from '~/lib/store-settings';
import Checkout from './checkout';

const LINE = { id: 'variante-1', product_id: 'produto-1', name: 'Detergente Neutro', price: '9.90', quantity: 1 };

// The root loader's settings, as seeded (the seller's identity in the contract summary).
const SETTINGS = toPublicSettings(fromStored(storeSettings, { title: '', subtitle: '', description: '' }));

function renderCheckout(payment: PaymentOffer, terms = { version: 1, required: true, changed: false, privacyVersion: 1 }) {
  const loaderData = { signedIn: false, taxId: '', name: '', addresses: [], cardGateway: null, payment, terms };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ settings: SETTINGS }),
      HydrateFallback: () => null,
      children: [
        {
          path: 'checkout',
          // The page's own props, as the framework passes them.
          Component: () => <Checkout {...({ loaderData } as unknown as Parameters<typeof Checkout>[0])} />,
          // The quote asked on load: no prices (the page still lists the methods).
          action: () => ({ intent: 'quote', quote: null }),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/checkout']} />);
}

beforeEach(() => {
  localStorage.clear();
  cartStore.reset();
});
afterEach(cleanup);

describe('checkout payment methods', () => {
  it('in production without a gateway: Pix only, "Confirmação após a verificação do pagamento", no test-mode notice', async () => {
    cartStore.add(LINE);
    renderCheckout(paymentOffer({ gateway: false, production: true, instantApproval: false }));
    const methods = await screen.findByRole('group', { name: 'Forma de pagamento' });
    expect(within(methods).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pix']);
    expect(methods.textContent).toContain('Confirmação após a verificação do pagamento');
    expect(document.body.textContent).not.toMatch(/Aprovação na hora|Cartão de crédito|Boleto/);
    expect(screen.queryByText(TEST_MODE_NOTICE)).toBeNull();
  });

  it('outside production: every method and the test-mode notice, also on the empty cart', async () => {
    cartStore.add(LINE);
    const test = paymentOffer({ gateway: false, production: false, instantApproval: false });
    renderCheckout(test);
    const methods = await screen.findByRole('group', { name: 'Forma de pagamento' });
    expect(within(methods).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pix', 'credit_card', 'boleto']);
    expect(screen.getByRole('note').textContent).toBe(TEST_MODE_NOTICE);
    cleanup();
    cartStore.clear();
    renderCheckout(test);
    expect((await screen.findByText('Seu carrinho está vazio.')).textContent).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(TEST_MODE_NOTICE);
  });

  it('with a gateway: every method, Pix confirmed by the gateway, no test-mode notice', async () => {
    cartStore.add(LINE);
    renderCheckout(paymentOffer({ gateway: true, production: true, instantApproval: false }));
    const methods = await screen.findByRole('group', { name: 'Forma de pagamento' });
    expect(within(methods).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pix', 'credit_card', 'boleto']);
    expect(methods.textContent).toContain('Confirmação automática assim que você paga');
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('checkout contract summary', () => {
  it('names the seller, the items, the delivery, the payment and the withdrawal right; asks for the Termos only when required', async () => {
    cartStore.add(LINE);
    const offer = paymentOffer({ gateway: false, production: true, instantApproval: false });
    renderCheckout(offer);
    const summary = await screen.findByTestId('contract-summary');
    expect(summary.textContent).toContain(SETTINGS.seller.legalName);
    expect(summary.textContent).toContain(`CNPJ ${SETTINGS.seller.cnpj}`);
    expect(summary.textContent).toContain(SETTINGS.seller.address);
    expect(summary.textContent).toContain('1× Detergente Neutro');
    // Before a CEP: how orders ship (the freight and date come with the address).
    expect(summary.textContent).toContain('O pedido é enviado ao endereço escolhido depois da confirmação do pagamento');
    expect(summary.textContent).toContain('Pix, à vista');
    expect(summary.textContent).toContain(WITHDRAWAL_SENTENCE);
    expect(within(summary).getByRole('link', { name: 'Trocas e Devoluções' }).getAttribute('href')).toBe('/trocas-devolucoes');
    expect(within(summary).getByRole('checkbox', { name: 'Li e aceito os Termos de Uso' })).toBeTruthy();
    cleanup();
    // Accepted at the last purchase and unchanged since: no box, the version named.
    renderCheckout(offer, { version: 3, required: false, changed: false, privacyVersion: 2 });
    const again = await screen.findByTestId('contract-summary');
    expect(within(again).queryByRole('checkbox')).toBeNull();
    expect(again.textContent).toContain('(versão 3), que aceitou na sua última compra');
  });
});
