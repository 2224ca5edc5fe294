// /{slug}/versao/{n}: a version of a legal page as it was published, kept for good. An order
// records the version of the Termos de Uso and Política de Privacidade its buyer accepted, and its
// e-mail and page link here (issue 32). Unknown page or version: 404.
import { data, Link } from 'react-router';
import { HtmlContent } from '~/components/html-content';
import { formatDateBR } from '~/lib/dates';
import { withAcceptedMethods } from '~/lib/payment-offer';
import { legalVersionParamSchema } from '~/lib/schemas/legal-page';
import { originFromMatches, seo } from '~/lib/seo';
import { isSlug } from '~/server/content/content.server';
import { getLegalPageVersion } from '~/server/content/legal-pages.server';
import { getDb } from '~/server/infra/db.server';
import { sanitizeHtml } from '~/server/infra/html.server';
import { log } from '~/server/infra/log.server';
import { paymentOfferFor } from '~/server/payments/provider.server';
import type { Route } from './+types/legal-page-version';

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  const origin = originFromMatches(matches);
  const page = loaderData?.page;
  const path = `/${encodeURIComponent(params.slug ?? '')}/versao/${encodeURIComponent(params.version ?? '')}`;
  // A past text is kept for whoever accepted it, not offered to search engines.
  const noindex = { name: 'robots', content: 'noindex' };
  if (!page) return [...seo({ title: 'Página não encontrada', path, origin }), noindex];
  return [...seo({ title: `${page.title} — versão ${page.version}`, path, origin }), noindex];
};

export async function loader({ params }: Route.LoaderArgs) {
  const version = legalVersionParamSchema.safeParse(params.version);
  if (!isSlug(params.slug) || !version.success) return data({ page: null }, { status: 404 });
  try {
    const found = await getLegalPageVersion(await getDb(), params.slug, version.data);
    if (!found) return data({ page: null }, { status: 404 });
    return data({
      page: {
        slug: found.slug,
        title: found.title,
        version: found.version,
        current: found.current,
        publishedOn: formatDateBR(found.createdAt),
        // Sanitized on the server, as the current page is (routes/legal-page.tsx).
        html: sanitizeHtml(withAcceptedMethods(found.content, paymentOfferFor())),
      },
    });
  } catch (error) {
    log.error(`página legal: falha ao ler "${params.slug}" versão ${params.version}`, error);
    return data({ page: null }, { status: 503 });
  }
}

export default function LegalPageVersion({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <p className="text-5xl font-bold text-brand-700 dark:text-brand-200">404</p>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Versão não encontrada.</h1>
        <p className="text-slate-700 dark:text-slate-300">Esta versão da página não existe.</p>
        <Link to="/" className="font-semibold text-brand-700 underline dark:text-brand-200">
          Voltar para a página inicial
        </Link>
      </div>
    );
  }
  const inForce = page.version === page.current;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <article>
        <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl dark:text-white">{page.title}</h1>
          <div className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200" data-testid="legal-version">
            <p className="font-semibold">
              Versão {page.version}, publicada em {page.publishedOn}.
            </p>
            <p className="mt-1">
              {inForce ? 'Esta é a versão em vigor. ' : 'Esta versão foi substituída por uma mais recente. '}
              <Link to={`/${page.slug}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200">
                Ver a versão atual
              </Link>
            </p>
          </div>
        </header>
        {/* Sanitized on the server by sanitizeHtml (html.server.ts). */}
        <HtmlContent className="mt-8" html={page.html} />
      </article>
    </div>
  );
}
