import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { FloatingButtons } from './components/floating/floating-buttons';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { toast, Toaster } from './components/ui/toaster';
import { DEFAULT_THEME, type Theme } from './lib/theme';
import { readThemeCookie, takeToast } from './server/infra/cookies.server';
import { databaseAvailability, getDb } from './server/infra/db.server';
import { DEFAULT_PREFERENCES, getOrCreatePreferences } from './server/account/preferences.server';
import { getSessionDetails } from './server/auth/session.server';
import { getEnv } from './server/infra/env.server';
import { getPublicSettings } from './server/settings/settings.server';
import { paymentOfferFor } from './server/payments/provider.server';
import { subscriberStanding } from './server/subscriptions/subscriptions.server';
import { cartVersionOf } from './server/carts/carts.server';
import { CART_SYNC_KEY } from './lib/cart';
import { useRootData } from './lib/root-data';
import { useNonce } from './components/nonce';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS, UNAVAILABLE_TITLE } from './lib/unavailable';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Clarear | Produtos de limpeza para casa, empresa e indústria' },
  {
    name: 'description',
    content: 'Loja online de produtos de limpeza para casa, empresas e indústrias, com kits prontos e a Assinatura Inteligente.',
  },
];

/** An unreachable database answers a 503 before any loader runs (server/infra/unavailable.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [databaseAvailability];

export async function loader({ request }: Route.LoaderArgs) {
  const [signedIn, cookieTheme, flash] = await Promise.all([
    getSessionDetails(request),
    readThemeCookie(request),
    takeToast(request),
  ]);
  const user = signedIn?.user ?? null;
  const db = await getDb();
  // Preferences and standing usually come with the session's own statement (session.server.ts).
  const [[preferences, standing], settings, cartVersion] = await Promise.all([
    user
      ? Promise.all([
          signedIn?.extra?.preferences ?? getOrCreatePreferences(db, user.id, cookieTheme),
          signedIn?.extra?.standing ?? subscriberStanding(db, user.id),
        ])
      : ([{ ...DEFAULT_PREFERENCES, theme: cookieTheme ?? DEFAULT_THEME }, { hasSubscription: false, isSubscriber: false }] as const),
    getPublicSettings(db),
    user ? cartVersionOf(db, user.id) : null,
  ]);
  return data(
    {
      user: user && { name: user.name, email: user.email, role: user.role },
      /** Computed on the server from the user's subscriptions: gives the subscriber discount now. */
      isSubscriber: standing.isSubscriber,
      /** Has a live plan (paid or not): /assinatura sends them to it instead of selling a second one. */
      hasSubscription: standing.hasSubscription,
      publicUrl: getEnv().publicUrl,
      theme: preferences.theme,
      preferences: { hideChatbot: preferences.hideChatbot, hideWhatsapp: preferences.hideWhatsapp },
      toast: flash.toast,
      /** The signed-in customer's server cart version (issue 36): lib/cart-sync pulls a newer one. */
      cart: user && cartVersion !== null ? { owner: user.id, version: cartVersion } : null,
      /** The store's public details (/admin/settings): footer, contato, WhatsApp button, chatbot. */
      settings,
      /** The payment methods offered now (the chatbot's answer). */
      payments: (({ methods, pixHint }) => ({ methods, pixHint }))(paymentOfferFor()),
    },
    flash.setCookie ? { headers: { 'Set-Cookie': flash.setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const theme: Theme = root?.theme ?? DEFAULT_THEME;
  const nonce = useNonce();
  return (
    <html lang="pt-BR" className={theme === 'dark' ? 'dark' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#conteudo"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Pular para o conteúdo
        </a>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function hasCartSyncMark(): boolean {
  try {
    return localStorage.getItem(CART_SYNC_KEY) !== null;
  } catch {
    return false;
  }
}

/** A route whose `handle` says `{ chrome: 'admin' }` draws its own frame (the admin panel). */
function useAdminChrome(): boolean {
  return useMatches().some((m) => (m.handle as { chrome?: string } | undefined)?.chrome === 'admin');
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (loaderData.toast) toast(loaderData.toast);
  }, [loaderData.toast]);
  const admin = useAdminChrome();
  const cartOwner = loaderData.cart?.owner ?? null;
  const cartVersion = loaderData.cart?.version ?? null;
  useEffect(() => {
    // A signed-in customer's cart is kept on the server too (issue 36); the sync code is loaded only
    // for them, or to forget the account just signed out of.
    if (cartOwner === null && !hasCartSyncMark()) return;
    void import('./lib/cart-sync').then((m) => m.followServerCart(cartOwner === null ? null : { owner: cartOwner, version: cartVersion ?? 0 }));
  }, [cartOwner, cartVersion]);
  if (admin) return <Outlet />;
  return (
    <>
      <Header user={loaderData.user} />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <Footer user={loaderData.user} settings={loaderData.settings} />
      <FloatingButtons />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The database is unreachable (server/infra/unavailable.server.ts): a pause, not a broken page.
  const unavailable = isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS;
  // A refused request (e.g. a body over its cap, 413) carries its own pt-BR message.
  const refused =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && !notFound && typeof (error.data as { message?: unknown } | null)?.message === 'string'
      ? (error.data as { message: string }).message
      : null;
  const title = notFound ? 'Página não encontrada' : unavailable ? UNAVAILABLE_TITLE : refused ? 'Não foi possível enviar' : 'Algo deu errado';
  const message = notFound
    ? 'O endereço que você procurou não existe ou foi removido.'
    : unavailable
      ? UNAVAILABLE_MESSAGE
      : (refused ?? 'Tivemos um problema ao carregar esta página. Tente novamente em instantes.');
  // The stack is only for developers; production never shows it.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main id="conteudo" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-5xl font-bold text-brand-700 dark:text-brand-200">{notFound ? '404' : unavailable ? '503' : 'Ops!'}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700 dark:text-slate-300">{message}</p>
      <a href="/" className="font-semibold text-brand-700 underline dark:text-brand-200">
        Voltar para a página inicial
      </a>
      {stack ? <pre className="max-w-full overflow-auto rounded bg-slate-100 p-4 text-left text-xs">{stack}</pre> : null}
    </main>
  );
}
