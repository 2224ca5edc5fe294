import { data, Link, useLocation, useNavigation } from 'react-router';
import { LEGAL_LINKS } from '~/components/layout/nav-links';
import { StoreSellerBlock } from '~/components/layout/seller-identity';
import { originFromMatches, seo } from '~/lib/seo';
import { withAcceptedMethods } from '~/lib/payment-offer';
import { getLegalPage, isSlug } from '~/server/content/content.server';
import { paymentOfferFor } from '~/server/payments/provider.server';
import { getDb } from '~/server/infra/db.server';
import { sanitizeHtml } from '~/server/infra/html.server';
import { HtmlContent } from '~/components/html-content';
import type { Route } from './+types/legal-page';
import { log } from '~/server/infra/log.server';

// /{slug}: a legal page (/termos-uso, /politica-privacidade, /trocas-devolucoes).
// Every other single-segment address lands here too and gets a 404 page.

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  const origin = originFromMatches(matches);
  const page = loaderData?.page;
  if (!page) {
    return [
      ...seo({ title: 'Página não encontrada', path: `/${encodeURIComponent(params.slug ?? '')}`, origin }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  return seo({ title: page.title, description: page.description || undefined, path: `/${page.slug}`, origin });
};

export async function loader({ params }: Route.LoaderArgs) {
  // Anything that is not a slug (very long, %, unicode…) cannot be a legal page: no query needed.
  if (!isSlug(params.slug)) return data({ page: null }, { status: 404 });
  try {
    const page = await getLegalPage(await getDb(), params.slug);
    if (!page) return data({ page: null }, { status: 404 });
    return data({
      page: {
        slug: page.slug,
        title: page.title,
        description: page.description,
        // Sanitized here, on the server: the page only ever receives safe HTML.
        // The Termos name the payment methods the store offers now, not a fixed list.
        html: sanitizeHtml(withAcceptedMethods(page.content, paymentOfferFor())),
      },
    });
  } catch (error) {
    // A failed read is logged and the visitor sees "not found" (503: try again later).
    log.error(`página legal: falha ao ler "${params.slug}"`, error);
    return data({ page: null }, { status: 503 });
  }
}

const LEGAL_PATHS: ReadonlySet<string> = new Set(LEGAL_LINKS.map((l) => l.to));

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  // 'Carregando...' while another legal page is on its way.
  const target = navigation.state === 'loading' ? navigation.location.pathname : null;
  const loadingOther = target !== null && target !== location.pathname && LEGAL_PATHS.has(target);

  if (loadingOther) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <p role="status" className="text-lg font-medium text-slate-700 dark:text-slate-300">
          Carregando...
        </p>
      </div>
    );
  }

  if (!page) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <p className="text-5xl font-bold text-brand-700 dark:text-brand-200">404</p>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Página não encontrada.</h1>
        <p className="text-slate-700 dark:text-slate-300">O endereço que você procurou não existe ou foi removido.</p>
        <Link to="/" className="font-semibold text-brand-700 underline dark:text-brand-200">
          Voltar para a página inicial
        </Link>
      </div>
    );
  }

  const others = LEGAL_LINKS.filter((l) => l.to !== `/${page.slug}`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <article>
        <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl dark:text-white">{page.title}</h1>
          {page.description ? <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{page.description}</p> : null}
        </header>
        {/* Sanitized on the server by sanitizeHtml (html.server.ts). */}
        <HtmlContent className="mt-8" html={page.html} />
      </article>
      {/* Who the terms bind the customer to (Decreto 7.962/2013 art. 2). */}
      <StoreSellerBlock className="mt-12" />
      {others.length ? (
        <nav aria-label="Outras políticas" className="mt-12 rounded-xl bg-slate-50 p-6 dark:bg-slate-900">
          <h2 className="font-semibold text-slate-900 dark:text-white">Veja também</h2>
          <ul className="mt-3 grid gap-2">
            {others.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-200">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
