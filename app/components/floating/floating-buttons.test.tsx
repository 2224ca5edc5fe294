// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSettings } from '~/db/seed/data';
import type { ChatbotResponse } from '~/lib/chatbot';
import { paymentOffer } from '~/lib/payment-offer';
import { fromStored, toPublicSettings } from '~/lib/store-settings';
import { FloatingButtons } from './floating-buttons';

// The root loader's settings, as seeded.
const SETTINGS = toPublicSettings(fromStored(storeSettings, { title: '', subtitle: '', description: '' }));

type Prefs = { hideChatbot: boolean; hideWhatsapp: boolean };

function renderWith(preferences: Prefs | null, settings = SETTINGS) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      // A store with a gateway: every method offered (the chatbot's spec answer).
      loader: () => ({ settings, payments: paymentOffer({ gateway: true, production: true, instantApproval: false }), ...(preferences ? { preferences } : {}) }),
      Component: () => (
        <>
          <p>página</p>
          <FloatingButtons />
        </>
      ),
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const QUESTIONS: ChatbotResponse = {
  intent: 'questions',
  questions: [
    { id: 'q1', questionText: 'Quais são os mais vendidos?', responseKey: 'vendido' },
    { id: 'q2', questionText: 'Formas de pagamento', responseKey: 'pagamento' },
  ],
};

function mockFetch(answers: Partial<Record<string, { status: number; body: ChatbotResponse }>>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const intent = new URL(String(input), 'http://localhost').searchParams.get('intent') ?? '';
    const found = answers[intent] ?? { status: 400, body: { error: 'x' } };
    return Promise.resolve(new Response(JSON.stringify(found.body), { status: found.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FloatingButtons: preferences', () => {
  beforeEach(() => {
    mockFetch({ questions: { status: 200, body: QUESTIONS } });
  });

  it('shows both buttons by default (visitor)', async () => {
    renderWith(null);
    const whatsapp = await screen.findByRole('link', { name: 'Falar com a Clarear no WhatsApp' });
    const href = whatsapp.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/5511940028922?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1]!)).toBe('Olá! Vim pelo site da Clarear.');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Abrir chat de atendimento' })).toBeTruthy();
  });

  it('hides the chatbot button when hide_chatbot is set', async () => {
    renderWith({ hideChatbot: true, hideWhatsapp: false });
    await screen.findByRole('link', { name: 'Falar com a Clarear no WhatsApp' });
    expect(screen.queryByRole('button', { name: 'Abrir chat de atendimento' })).toBeNull();
  });

  it('hides the WhatsApp button when hide_whatsapp is set', async () => {
    renderWith({ hideChatbot: false, hideWhatsapp: true });
    await screen.findByRole('button', { name: 'Abrir chat de atendimento' });
    expect(screen.queryByRole('link', { name: 'Falar com a Clarear no WhatsApp' })).toBeNull();
  });

  it('renders nothing when both are hidden', async () => {
    renderWith({ hideChatbot: true, hideWhatsapp: true });
    // The page has rendered (the loader settled), without either button.
    await screen.findByText('página');
    expect(screen.queryByRole('link', { name: 'Falar com a Clarear no WhatsApp' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abrir chat de atendimento' })).toBeNull();
  });
});

describe('the store settings (root loader)', () => {
  it('the WhatsApp button and the chat answer with the number and phone the admin saved', async () => {
    mockFetch({ questions: { status: 200, body: QUESTIONS } });
    const edited = toPublicSettings(
      fromStored({ ...storeSettings, phone: '2125550100', whatsapp: '21998765432', whatsappMessage: 'Oi!' }, { title: '', subtitle: '', description: '' }),
    );
    renderWith(null, edited);
    const whatsapp = await screen.findByRole('link', { name: 'Falar com a Clarear no WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/5521998765432?text=Oi!');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir chat de atendimento' }));
    const input = await screen.findByLabelText('Digite sua mensagem');
    fireEvent.change(input, { target: { value: 'qual o telefone?' } });
    fireEvent.submit(input.closest('form')!);
    const reply = await screen.findByText(/Você pode falar com a Clarear/, {}, { timeout: 2000 });
    expect(reply.textContent).toContain('(21) 2555-0100');
    expect(reply.textContent).toContain('(21) 99876-5432');
    expect(reply.textContent).not.toContain('4002-8922');
  });
});

describe('chat panel', () => {
  it('opens with the greeting and quick questions, answers after the delay, ignores blanks, closes on Escape', async () => {
    const fetchMock = mockFetch({ questions: { status: 200, body: QUESTIONS } });
    renderWith(null);
    const toggle = await screen.findByRole('button', { name: 'Abrir chat de atendimento' });
    fireEvent.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Chat Clarear' });
    const input = screen.getByLabelText('Digite sua mensagem');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByText(/Sou a assistente virtual da Clarear/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Formas de pagamento' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/chatbot?intent=questions', expect.anything());

    const log = screen.getByRole('log');
    const bubbles = () => log.querySelectorAll('[data-from]').length;
    expect(bubbles()).toBe(1);

    // Blank: ignored.
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(bubbles()).toBe(1);
    expect(screen.queryByText('Digitando...')).toBeNull();

    // A message: typing blocks the input, then the canned answer.
    fireEvent.change(input, { target: { value: 'bom dia' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByText('Digitando...')).toBeTruthy();
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Enviar mensagem' }) as HTMLButtonElement).disabled).toBe(true);
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getByText(/não entendi/)).toBeTruthy(), { timeout: 2000 });
    expect(screen.queryByText('Digitando...')).toBeNull();
    expect((input as HTMLInputElement).disabled).toBe(false);
    expect(bubbles()).toBe(3);

    // A quick question shows its text and routes by its key.
    fireEvent.click(screen.getByRole('button', { name: 'Formas de pagamento' }));
    await waitFor(() => expect(screen.getByText(/12x sem juros/)).toBeTruthy(), { timeout: 2000 });

    // Escape closes and gives the focus back to the toggle; reopening keeps the conversation.
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(dialog.hidden).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abrir chat de atendimento' })));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir chat de atendimento' }));
    await waitFor(() => expect(dialog.hidden).toBe(false));
    expect(screen.getByText(/12x sem juros/)).toBeTruthy();
  });

  it('lists products with price or "Consulte", and shows the spec error text on failure', async () => {
    mockFetch({
      questions: { status: 200, body: QUESTIONS },
      'best-sellers': {
        status: 200,
        body: {
          intent: 'best-sellers',
          products: [
            { name: 'Detergente Neutro', slug: 'detergente-neutro', basePrice: '5.90', priceLabel: 'R$\u00a05,90', ratingLabel: null },
            { name: 'Kit Sem Preço', slug: 'kit-sem-preco', basePrice: null, priceLabel: 'Consulte', ratingLabel: null },
          ],
        },
      },
      cheapest: { status: 500, body: { error: 'falhou' } },
    });
    renderWith(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir chat de atendimento' }));
    const input = await screen.findByLabelText('Digite sua mensagem');

    fireEvent.change(input, { target: { value: 'Qual o mais vendido?' } });
    fireEvent.submit(input.closest('form')!);
    const link = await screen.findByRole('link', { name: 'Detergente Neutro' }, { timeout: 2000 });
    expect(link.getAttribute('href')).toBe('/produtos/detergente-neutro');
    expect(screen.getAllByTestId('chat-price').map((el) => el.textContent)).toEqual(['R$\u00a05,90', 'Consulte']);

    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(input, { target: { value: 'produto barato' } });
    fireEvent.submit(input.closest('form')!);
    expect(
      await screen.findByText('Desculpe, não consegui buscar os produtos mais baratos agora.', {}, { timeout: 2000 }),
    ).toBeTruthy();
  });
});
