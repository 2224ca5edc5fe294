// @vitest-environment happy-dom
// The checkout page lists the methods the server offers (payments/provider.server.ts): in
// production without a gateway Pix alone, labelled honestly; outside production every method and
// a visible test-mode notice, on the cart, its empty state and the placeholder before it loads.
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartStore } from '~/lib/cart-store';
import { paymentOffer, TEST_MODE_NOTICE, type PaymentOffer } from '~/lib/payment-offer';
import Checkout from './checkout';

const LINE = { id: 'variante-1', product_id: 'produto-1', name: 'Detergente Neutro', price: '9.90', quantity: 1 };

function renderCheckout(payment: PaymentOffer) {
  const loaderData = { signedIn: false, taxId: '', name: '', addresses: [], cardGateway: null, payment };
  const Stub = createRoutesStub([
    {
      path: '/checkout',
      // The page's own props, as the framework passes them.
      Component: () => <Checkout {...({ loaderData } as unknown as Parameters<typeof Checkout>[0])} />,
      // The quote asked on load: no prices (the page still lists the methods).
      action: () => ({ intent: 'quote', quote: null }),
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
