// The floating WhatsApp and chatbot buttons, on every
// page, each hidden by the user's hide_whatsapp / hide_chatbot preference.
// This part ships with every page, so it is kept tiny (the home page's JS
// budget): the chat panel is its own chunk, downloaded when the chat is first opened.
import { lazy, Suspense, useState } from 'react';
import { WhatsappIcon } from '~/components/layout/social-icons';
import { useRootData } from '~/lib/root-data';

const ChatbotPanel = lazy(() => import('./chatbot-panel'));

const CHAT_PANEL_ID = 'chat-clarear';

const ROUND = 'grid size-14 place-items-center rounded-full text-white shadow-lg ';

export function FloatingButtons() {
  const root = useRootData();
  const preferences = root?.preferences;
  // The number and its opening message come from /admin/settings (root loader).
  const whatsapp = root?.settings.whatsapp.chatHref;
  // undefined until the chat is first opened; then the panel stays mounted (hidden
  // when closed) so the conversation survives closing it.
  const [open, setOpen] = useState<boolean>();

  return (
    <div className="fixed right-4 bottom-4 z-[55] grid gap-3">
      {preferences?.hideWhatsapp || !whatsapp ? null : (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener"
          aria-label="Falar com a Clarear no WhatsApp"
          className={ROUND + 'bg-green-700 hover:bg-green-800'}
        >
          <WhatsappIcon className="h-7 w-7" />
        </a>
      )}
      {preferences?.hideChatbot ? null : (
        <button
          type="button"
          // The state is told by aria-expanded (the panel has its own close button).
          aria-label="Abrir chat de atendimento"
          aria-expanded={!!open}
          // Valid before the panel exists: ARIA (and axe) ignore aria-controls while aria-expanded is false.
          aria-controls={CHAT_PANEL_ID}
          onClick={() => setOpen(!open)}
          className={ROUND + 'bg-brand-700 hover:bg-brand-800'}
        >
          {/* A speech bubble, inline: cheaper on every page than another icon module. */}
          <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden fill="currentColor">
            <path d="M3 4h18v13H9l-6 4z" />
          </svg>
        </button>
      )}
      {preferences?.hideChatbot || open === undefined ? null : (
        <Suspense>
          <ChatbotPanel id={CHAT_PANEL_ID} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
