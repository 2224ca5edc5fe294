// The chat window (its answers, their delay and keyword routing: lib/chatbot). Loaded
// lazily by FloatingButtons the first time the chat is opened.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CHATBOT_TEXT,
  GREETING,
  REDIRECT_DELAY_MS,
  REPLY_DELAY_MS,
  routeMessage,
  type ChatbotIntent,
  type ChatContact,
  type ChatbotResponse,
  type ChatProduct,
  type ChatRoute,
  type QuickQuestion,
} from '~/lib/chatbot';
import { PIX_VERIFIED_HINT } from '~/lib/payment-offer';
import { useRootData, useStoreSettings } from '~/lib/root-data';

type BotAnswer = { text: string; products?: ChatProduct[] };
type Message = ({ from: 'user'; text: string } | ({ from: 'bot' } & BotAnswer)) & { id: number };

type ChatbotPanelProps = { id: string; open: boolean; onClose: () => void };

/** The floating button that opens the chat (it names this panel in aria-controls). */
function chatToggle(panelId: string): HTMLElement | null {
  return document.querySelector(`[aria-controls="${panelId}"]`);
}

async function fetchChatbot(intent: ChatbotIntent): Promise<ChatbotResponse> {
  const response = await fetch(`/chatbot?intent=${intent}`, { headers: { Accept: 'application/json' } });
  const body = (await response.json()) as ChatbotResponse;
  if (!response.ok || 'error' in body) throw new Error(`chatbot ${intent}: ${response.status}`);
  return body;
}

async function loadProducts(intent: 'best-sellers' | 'cheapest'): Promise<ChatProduct[]> {
  const body = await fetchChatbot(intent);
  return 'products' in body ? body.products : [];
}

// Icons drawn inline (no icon modules to fetch with the panel).
function Icon({ d, className = 'h-5 w-5' }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
const CLOSE_ICON = 'M18 6 6 18M6 6l12 12';
const SEND_ICON = 'M3.7 3 21 12 3.7 21l2.6-9zM6.3 12H14';
const SPINNER_ICON = 'M21 12a9 9 0 1 1-6.2-8.6';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bot's answer to a routed message, never sooner than REPLY_DELAY_MS. */
async function answer(route: ChatRoute): Promise<BotAnswer> {
  if (route.kind === 'best-sellers' || route.kind === 'cheapest') {
    const [products] = await Promise.all([loadProducts(route.kind).catch(() => null), wait(REPLY_DELAY_MS)]);
    if (!products) return { text: route.kind === 'best-sellers' ? CHATBOT_TEXT.bestSellersError : CHATBOT_TEXT.cheapestError };
    if (products.length === 0) return { text: CHATBOT_TEXT.noProducts };
    return { text: route.kind === 'best-sellers' ? CHATBOT_TEXT.bestSellers : CHATBOT_TEXT.cheapest, products };
  }
  await wait(REPLY_DELAY_MS);
  return { text: route.reply };
}

export default function ChatbotPanel({ id, open, onClose }: ChatbotPanelProps) {
  const navigate = useNavigate();
  // The store's contact as the admin last saved it (root loader), for the canned answers.
  const settings = useStoreSettings();
  const payments = useRootData()?.payments ?? { methods: ['pix' as const], pixHint: PIX_VERIFIED_HINT };
  const contact: ChatContact = { phone: settings.phone.label, email: settings.email, whatsapp: settings.whatsapp.label, hours: settings.hours, payments };
  const titleId = useId();
  const inputId = useId();
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'bot', text: GREETING }]);
  const [questions, setQuestions] = useState<QuickQuestion[] | null>(null);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const nextId = useRef(1);
  const mounted = useRef(true);
  const wasOpen = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Quick questions are fetched when the panel opens (again on a later open if that failed).
  useEffect(() => {
    if (!open || questions) return;
    let cancelled = false;
    fetchChatbot('questions')
      .then((body) => {
        if (!cancelled && 'questions' in body) setQuestions(body.questions);
      })
      .catch((error: unknown) => console.warn('chatbot: perguntas rápidas indisponíveis', error));
    return () => {
      cancelled = true;
    };
  }, [open, questions]);

  // Opening puts the focus in the input; closing gives it back to the toggle.
  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (wasOpen.current) chatToggle(id)?.focus();
    wasOpen.current = open;
  }, [open, id]);

  // The input is disabled while the bot types, which drops the focus; give it back.
  useEffect(() => {
    if (open && !typing && (document.activeElement === document.body || document.activeElement === null)) {
      inputRef.current?.focus();
    }
  }, [open, typing]);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  function push(message: { from: 'user'; text: string } | ({ from: 'bot' } & BotAnswer)) {
    const withId = { ...message, id: nextId.current++ } as Message;
    setMessages((list) => [...list, withId]);
  }

  /** Sends `text` as the user's bubble; `key` (a quick question's response_key) is what gets routed. */
  function send(text: string, key: string = text) {
    if (typing) return;
    const route = routeMessage(key, contact);
    const shown = text.trim();
    if (!route || !shown) return;
    push({ from: 'user', text: shown });
    setDraft('');
    setTyping(true);
    void answer(route).then((reply) => {
      if (!mounted.current) return;
      push({ from: 'bot', ...reply });
      setTyping(false);
      if (route.kind === 'redirect') {
        // The chat closes (keeping the conversation) so the visitor sees where they were taken.
        setTimeout(() => {
          if (!mounted.current) return;
          onClose();
          void navigate(route.to);
        }, REDIRECT_DELAY_MS);
      }
    });
  }

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className={
        'fixed inset-x-0 bottom-0 h-[min(85dvh,36rem)] overflow-hidden rounded-t-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl ' +
        'sm:inset-x-auto sm:right-24 sm:bottom-4 sm:h-[min(calc(100dvh-6rem),34rem)] sm:w-96 sm:rounded-2xl ' +
        'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ' +
        (open ? 'flex flex-col' : 'hidden')
      }
    >
      <div className="flex items-center gap-3 bg-brand-700 px-4 py-3 text-white">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            Chat Clarear
          </h2>
          <p className="text-xs text-brand-50">Assistente virtual · respostas automáticas</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Fechar chat"
          className="grid h-10 w-10 cursor-pointer place-items-center rounded-md hover:bg-brand-800 focus-visible:outline-white"
        >
          <Icon d={CLOSE_ICON} />
        </button>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Mensagens do chat"
        tabIndex={0}
        className="flex flex-1 flex-col gap-3 overflow-y-auto px-4 py-4"
      >
        {messages.map((message) =>
          message.from === 'user' ? (
            <div
              key={message.id}
              data-from="user"
              className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-sm whitespace-pre-wrap break-words text-white"
            >
              <span className="sr-only">Você: </span>
              {message.text}
            </div>
          ) : (
            <div
              key={message.id}
              data-from="bot"
              className="max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            >
              <span className="sr-only">Clarear: </span>
              {message.text}
              {message.products ? (
                <ul className="mt-2 grid gap-1.5">
                  {message.products.map((product) => (
                    <li key={product.slug} className="flex items-baseline justify-between gap-3">
                      <Link
                        to={`/produtos/${product.slug}`}
                        className="min-w-0 font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-200"
                      >
                        {product.name}
                      </Link>
                      <span data-testid="chat-price" className="shrink-0 font-medium whitespace-nowrap">
                        {product.ratingLabel ? (
                          <span className="mr-2 font-normal">
                            <span className="sr-only">Avaliação </span>
                            {product.ratingLabel}
                          </span>
                        ) : null}
                        {product.priceLabel}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ),
        )}
        {typing ? (
          <p className="flex items-center gap-2 self-start text-sm text-slate-600 dark:text-slate-300">
            <Icon d={SPINNER_ICON} className="h-4 w-4 animate-spin motion-reduce:animate-none" />
            Digitando...
          </p>
        ) : null}
      </div>

      {questions && questions.length > 0 ? (
        <div
          role="group"
          aria-label="Perguntas rápidas"
          className="flex max-h-24 flex-wrap gap-2 overflow-y-auto border-t border-slate-200 px-4 py-2 dark:border-slate-700"
        >
          {questions.map((q) => (
            <button
              key={q.id}
              type="button"
              disabled={typing}
              onClick={() => send(q.questionText, q.responseKey)}
              className="cursor-pointer rounded-full border border-brand-700 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-brand-200 dark:text-brand-200 dark:hover:bg-slate-800"
            >
              {q.questionText}
            </button>
          ))}
        </div>
      ) : null}

      <form
        className="flex items-center gap-2 border-t border-slate-200 p-3 dark:border-slate-700"
        onSubmit={(event) => {
          event.preventDefault();
          send(draft);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Digite sua mensagem
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          disabled={typing}
          maxLength={500}
          autoComplete="off"
          placeholder="Digite sua mensagem..."
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={typing}
          aria-label="Enviar mensagem"
          className="grid h-10 w-10 shrink-0 cursor-pointer place-items-center rounded-md bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Icon d={SEND_ICON} />
        </button>
      </form>
    </section>
  );
}
