// @vitest-environment happy-dom
// The assinaturas tab's card in the states the e2e specs cannot reach quickly: paused for an unpaid
// renewal (the destructive notice, the order, "Pagar agora" posting the chosen method, the discount
// suspended), with no order left to pay (resume), a customer's pause (until when), and the renewals' words.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useFetcher } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentOffer, TEST_MODE_NOTICE, type PaymentOffer } from '~/lib/payment-offer';
import type { PlanOption } from '~/lib/plans';
import type { OwnSubscription } from '~/server/subscriptions/subscriptions.server';
import type { SubscriptionActionData } from './action-dialog';
import { ProgrammedDeliveries } from './programmed-deliveries';
import { SubscriptionCard, type ChangeQuote } from './subscription-card';

const ORDER = '3f2a9c4e-1b2d-4c5e-8f90-a1b2c3d4e5f6';
const PAID_ORDER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const base: OwnSubscription = {
  id: '0b6f4c52-1111-4222-8333-944455566677',
  frequency: 'monthly',
  status: 'active',
  pausedReason: null,
  resumeOn: null,
  nextDeliveryDate: '2026-03-10',
  anchorDate: '2026-02-10',
  totalValue: '49.90',
  paymentMethod: 'credit_card',
  installments: 1,
  paidThrough: '2026-03-10',
  credit: '0.00',
  discount: true,
  unpaidOrderId: null,
  createdAt: '2026-01-10T12:00:00.000Z',
  renewals: [{ periodDate: '2026-01-10', kind: 'initial', amount: '49.90', status: 'paid', orderId: PAID_ORDER, orderStatus: 'paid' }],
};

const plans: PlanOption[] = [
  { frequency: 'monthly', name: 'Plano Mensal', months: 1, price: '49.90', highlight: null },
  { frequency: 'annual', name: 'Plano Anual', months: 12, price: '538.90', highlight: 'Economize 10%!' },
];

// Outside production with the built-in provider, as the tests run: every method, in test mode.
const TEST_OFFER = paymentOffer({ gateway: false, production: false, instantApproval: false });

afterEach(cleanup);

function renderCard(subscription: OwnSubscription, posted: Record<string, string>[] = [], payment: PaymentOffer = TEST_OFFER, changeQuotes: ChangeQuote[] = []) {
  function Page() {
    const fetcher = useFetcher<SubscriptionActionData>();
    return (
      <>
        <SubscriptionCard subscription={subscription} plans={plans} today="2026-02-25" hasDeliveries={false} fetcher={fetcher} payment={payment} changeQuotes={changeQuotes} />
        <ProgrammedDeliveries deliveries={[]} today="2026-02-25" fetcher={fetcher} />
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Page,
      action: async ({ request }) => {
        posted.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return { ok: true, intent: 'pay-now', toast: { title: 'Pagamento aprovado' } };
      },
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SubscriptionCard', () => {
  it('paused for an unpaid renewal: a destructive notice, the order, "Pagar agora", the discount suspended, no pause or skip', async () => {
    const posted: Record<string, string>[] = [];
    renderCard(
      {
        ...base,
        status: 'paused',
        pausedReason: 'payment_failed',
        discount: false,
        unpaidOrderId: ORDER,
        renewals: [{ periodDate: '2026-02-10', kind: 'renewal', amount: '49.90', status: 'overdue', orderId: ORDER, orderStatus: 'pending' }, ...base.renewals],
      },
      posted,
    );
    const notice = await screen.findByTestId('payment-failed');
    expect(within(notice).getByRole('heading', { name: 'Assinatura pausada por falta de pagamento' })).toBeTruthy();
    expect(notice.textContent).toContain('A renovação de 10/02/2026 (R$\u00a049,90) não foi paga.');
    expect(within(notice).getByRole('link', { name: 'Ver pedido #3F2A9C4E' }).getAttribute('href')).toBe(`/pedido/${ORDER}`);
    expect(screen.getByTestId('discount-note').textContent).toContain('suspenso');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Pausada');
    for (const name of ['Pausar assinatura', 'Pular próxima renovação', 'Retomar assinatura', 'Alterar plano']) expect(screen.queryByRole('button', { name })).toBeNull();

    // Renovações: date, amount, status in words, link to the order.
    const rows = within(screen.getByTestId('renewals')).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByTestId('renewal-status').textContent)).toEqual(['Em atraso', 'Paga']);
    expect(within(rows[0]!).getByRole('link', { name: 'Pedido #3F2A9C4E' }).getAttribute('href')).toBe(`/pedido/${ORDER}`);
    expect(rows[1]!.textContent).toContain('Compra da assinatura');

    // Pagar agora: the method is chosen in the dialog and posted with the order.
    fireEvent.click(within(notice).getByRole('button', { name: 'Pagar agora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar agora' });
    expect((within(dialog).getByRole('radio', { name: /Cartão de crédito/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Pix/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pagar R$\u00a049,90' }));
    await waitFor(() => expect(posted).toEqual([{ intent: 'pay-now', orderId: ORDER, paymentMethod: 'pix' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('in production without a gateway: "Pagar agora" and the payment change list Pix only, confirmed after it is checked', async () => {
    const posted: Record<string, string>[] = [];
    const pixOnly = paymentOffer({ gateway: false, production: true, instantApproval: false });
    renderCard(
      {
        ...base,
        status: 'paused',
        pausedReason: 'payment_failed',
        discount: false,
        unpaidOrderId: ORDER,
        renewals: [{ periodDate: '2026-02-10', kind: 'renewal', amount: '49.90', status: 'overdue', orderId: ORDER, orderStatus: 'pending' }, ...base.renewals],
      },
      posted,
      pixOnly,
    );
    fireEvent.click(within(await screen.findByTestId('payment-failed')).getByRole('button', { name: 'Pagar agora' }));
    let dialog = await screen.findByRole('dialog', { name: 'Pagar agora' });
    // The stored card is not offered any more: Pix is the one choice, and chosen.
    expect(within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pix']);
    expect((within(dialog).getByRole('radio', { name: /Pix/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.textContent).toContain('Confirmação após a verificação do pagamento');
    expect(dialog.textContent).not.toMatch(/Cartão|Boleto|na hora/);
    expect(within(dialog).queryByRole('note')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pagar R$\u00a049,90' }));
    await waitFor(() => expect(posted).toEqual([{ intent: 'pay-now', orderId: ORDER, paymentMethod: 'pix' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Trocar forma de pagamento' }));
    dialog = await screen.findByRole('dialog', { name: 'Trocar forma de pagamento' });
    expect(within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pix']);
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });

  it('outside production the payment dialogs say that nothing is charged', async () => {
    renderCard(base);
    fireEvent.click(await screen.findByRole('button', { name: 'Trocar forma de pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trocar forma de pagamento' });
    expect(within(dialog).getByRole('note').textContent).toBe(TEST_MODE_NOTICE);
    expect(within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['pix', 'credit_card', 'boleto']);
  });

  it('paused for an unpaid renewal with no order left to pay: it can be resumed, charged today', async () => {
    renderCard({ ...base, status: 'paused', pausedReason: 'payment_failed', discount: false, unpaidOrderId: null });
    const notice = await screen.findByTestId('payment-failed');
    expect(within(notice).queryByRole('button', { name: 'Pagar agora' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Retomar assinatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retomar assinatura' });
    expect(dialog.textContent).toContain('25/02/2026');
  });

  it("a customer's pause: until when, the next charge after it, the discount kept, resume instead of pause", async () => {
    renderCard({ ...base, status: 'paused', pausedReason: 'customer', resumeOn: '2026-05-25' });
    expect((await screen.findByTestId('paused-until')).textContent).toBe('Pausada até 25/05/2026');
    expect(screen.getByTestId('next-charge').textContent).toBe('25/05/2026');
    expect(screen.getByTestId('discount-note').textContent).toContain('O desconto vale até o fim do período já pago.');
    expect(screen.getByTestId('benefits-until').textContent).toBe('Benefícios garantidos até 09/03/2026');
    expect(screen.getByRole('button', { name: 'Retomar assinatura' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pausar assinatura' })).toBeNull();
    expect(screen.queryByTestId('payment-failed')).toBeNull();
  });

  it('active: next charge, amount, card in 3x, a pause that ends in 3 months and a skip one period on', async () => {
    renderCard({ ...base, installments: 3 });
    expect((await screen.findByTestId('next-charge')).textContent).toBe('10/03/2026');
    expect(screen.getByTestId('subscription-total').textContent).toBe('R$\u00a049,90');
    expect(screen.getByTestId('payment-method').textContent).toBe('Cartão de crédito em 3x');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar assinatura' }));
    expect((await screen.findByTestId('pause-resume-date')).textContent).toBe('25/05/2026');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Pular próxima renovação' }));
    expect((await screen.findByTestId('skip-from')).textContent).toBe('10/03/2026');
    expect(screen.getByTestId('skip-to').textContent).toBe('10/04/2026');
  });

  it('the benefits say until when they are paid; once the paid period ended, that they come back with the next payment', async () => {
    renderCard(base);
    expect((await screen.findByTestId('benefits-until')).textContent).toBe('Benefícios garantidos até 09/03/2026');
    cleanup();
    renderCard({ ...base, paidThrough: '2026-02-10', discount: false });
    expect((await screen.findByTestId('discount-note')).textContent).toContain('volta quando a próxima renovação for paga');
    expect(screen.queryByTestId('benefits-until')).toBeNull();
  });

  it('a plan change shows what it charges today and the credit before confirming, and posts its attempt key and that amount', async () => {
    const posted: Record<string, string>[] = [];
    renderCard(base, posted, TEST_OFFER, [{ frequency: 'annual', priceCents: 53890, creditCents: 4990, chargeCents: 48900, creditAfterCents: 0 }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Alterar plano' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar plano' });
    expect(within(dialog).getByTestId('plan-change-charge').textContent).toBe('Valor a pagar hoje: R$\u00a0489,00, já descontado o crédito de R$\u00a049,90 do plano atual.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pagar R$\u00a0489,00 e alterar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: 'change-plan', subscriptionId: base.id, frequency: 'annual', expectedChargeCents: '48900' });
    expect(posted[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('without programmed deliveries: says a subscriber picks the frequency at checkout', async () => {
    renderCard(base);
    expect((await screen.findByTestId('no-deliveries')).textContent).toContain('a cada 1, 2 ou 3 meses');
  });
});
