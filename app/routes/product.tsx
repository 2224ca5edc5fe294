import { data, Link } from 'react-router';
import { ProductDetails } from '~/components/product/product-details';
import { productJsonLd } from '~/lib/product-json-ld';
import { originFromMatches, seo } from '~/lib/seo';
import { getProductDetail } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import { isFavorite } from '~/server/account/favorites.server';
import { getSessionUser } from '~/server/auth/session.server';
import type { Route } from './+types/product';

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const [product, user] = await Promise.all([getProductDetail(db, params.slug), getSessionUser(request)]);
  if (!product) return data({ product: null, isFavorite: false }, { status: 404 });
  return { product, isFavorite: user ? await isFavorite(db, user.id, product.id) : false };
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
    jsonLd: productJsonLd(product, origin),
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, isFavorite } = loaderData;
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
    </div>
  );
}
