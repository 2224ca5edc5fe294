import { data, Link, useLocation } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { ProductDetails } from '~/components/product/product-details';
import { ReviewItem, ReviewSummary } from '~/components/review/review-parts';
import { productJsonLd } from '~/lib/product-json-ld';
import { parseReviewPage, parseStarsFilter } from '~/lib/reviews';
import { productReviews, type ProductReviewsPage } from '~/server/reviews/reviews.server';
import { originFromMatches, seo } from '~/lib/seo';
import { getProductDetail } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import { isFavorite } from '~/server/account/favorites.server';
import { getSessionUser } from '~/server/auth/session.server';
import type { Route } from './+types/product';

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const [product, user] = await Promise.all([getProductDetail(db, params.slug), getSessionUser(request)]);
  if (!product) return data({ product: null, isFavorite: false, reviews: null as ProductReviewsPage | null }, { status: 404 });
  // Approved reviews only, newest first; `?estrelas=4&pagina=2` (issue 36).
  const url = new URL(request.url);
  const [favorite, reviews] = await Promise.all([
    user ? isFavorite(db, user.id, product.id) : false,
    productReviews(db, product.id, { page: parseReviewPage(url.searchParams.get('pagina')), stars: parseStarsFilter(url.searchParams.get('estrelas')) }),
  ]);
  return { product, isFavorite: favorite, reviews };
}

export const meta: Route.MetaFunction = ({ data: loaderData, params, matches }) => {
  const origin = originFromMatches(matches);
  const product = loaderData?.product;
  if (!product) return seo({ title: 'Produto não encontrado', path: `/produtos/${params.slug}`, origin });
  return seo({
    title: product.name,
    description: product.description,
    path: `/produtos/${product.slug}`,
    origin,
    image: product.imageUrl,
    type: 'product',
    jsonLd: productJsonLd(product, origin, loaderData.reviews?.items ?? []),
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, isFavorite, reviews } = loaderData;
  if (!product) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Produto não encontrado.</h1>
        <Link to="/produtos" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
          Ver todos os produtos
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Trilha de navegação" className="mb-6 text-sm">
        <ol className="flex flex-wrap gap-1 text-slate-700 dark:text-slate-300">
          <li>
            <Link to="/" className="hover:underline">
              Início
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={product.isKit ? '/kits' : '/produtos'} className="hover:underline">
              {product.isKit ? 'Kits Prontos' : 'Produtos'}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="font-medium">
            {product.name}
          </li>
        </ol>
      </nav>
      <ProductDetails key={product.id} card={product} detail={product} status="ready" isFavorite={isFavorite} />
      {reviews ? <ProductReviews rating={product.rating} reviews={reviews} /> : null}
    </div>
  );
}

/** "Avaliações": the mean, the distribution (a filter by stars) and the approved reviews, a page at a time. */
function ProductReviews({ rating, reviews }: { rating: string | null; reviews: ProductReviewsPage }) {
  const { pathname } = useLocation();
  // A new filter starts at its first page.
  const hrefFor = (stars: number | null) => (stars ? `${pathname}?estrelas=${stars}` : pathname);
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800">
      <h2 id="avaliacoes-titulo" className="text-2xl font-bold">
        Avaliações
      </h2>
      <div className="mt-4">
        <ReviewSummary rating={rating} counts={reviews.counts} stars={reviews.stars} hrefFor={hrefFor} />
      </div>
      {reviews.items.length ? (
        <ul className="mt-6 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Avaliações dos clientes">
          {reviews.items.map((review) => (
            <li key={review.id} className="py-5">
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      ) : reviews.stars ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">Nenhuma avaliação com {reviews.stars === 1 ? '1 estrela' : `${reviews.stars} estrelas`}.</p>
      ) : (
        <p className="mt-6 text-slate-700 dark:text-slate-300">Seja o primeiro a avaliar: depois da entrega, avalie pelo seu pedido.</p>
      )}
      <Pagination page={reviews.page} pageCount={reviews.pageCount} label="Páginas de avaliações" className="mt-4" />
    </section>
  );
}
