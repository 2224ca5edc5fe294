// JSON for the product modal: the product with its sizes or kit contents, and
// whether the signed-in customer has it in the wishlist. Anonymous, it is catalogue data: public,
// cached by the front for seconds, with an ETag (lib/cache-control.ts); signed in, private.
import { getProductDetail } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import { isFavorite } from '~/server/account/favorites.server';
import { getSessionUser } from '~/server/auth/session.server';
import { withCacheHeaders } from '~/server/infra/http/cache.server';
import type { Route } from './+types/api.product';

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const [product, user] = await Promise.all([getProductDetail(db, params.slug), getSessionUser(request)]);
  if (!product) return withCacheHeaders(request, Response.json({ error: 'Produto não encontrado.' }, { status: 404 }));
  const favorite = user ? await isFavorite(db, user.id, product.id) : false;
  return withCacheHeaders(request, Response.json({ product, isFavorite: favorite }));
}
