// /area-cliente/lista-de-desejos: the customer's favourite
// products; each card opens the product modal (sizes, cart) and can be removed.
import { useEffect } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { ProductCard } from '~/components/product/product-card';
import { useProductModal } from '~/components/product/use-product-modal';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { favoriteSchema } from '~/lib/schemas/favorite';
import { getDb } from '~/server/infra/db.server';
import { listFavorites, removeFavorite } from '~/server/account/favorites.server';
import { requireUser } from '~/server/auth/session.server';
import type { ProductCard as Card } from '~/server/catalog/catalog.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/wishlist';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Lista de Desejos | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    return { favorites: await listFavorites(await getDb(), user.id), error: null };
  } catch (error) {
    log.error('lista-de-desejos: falha ao buscar', error);
    return { favorites: [] as Card[], error: 'Erro ao buscar favoritos' };
  }
}

type RemoveResult = { ok: true } | { ok: false; message: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = favoriteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success || parsed.data.intent !== 'remove') {
    return data<RemoveResult>({ ok: false, message: 'Produto inválido.' }, 400);
  }
  try {
    const removed = await removeFavorite(await getDb(), user.id, parsed.data.productId);
    if (!removed) return data<RemoveResult>({ ok: false, message: 'Este produto não está na sua lista de desejos.' }, 404);
    return data<RemoveResult>({ ok: true });
  } catch (error) {
    log.error('lista-de-desejos: falha ao remover', error);
    return data<RemoveResult>({ ok: false, message: 'Não foi possível remover dos favoritos.' }, 500);
  }
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { favorites, error } = loaderData;
  const { open, modal } = useProductModal();
  return (
    <section aria-labelledby="wishlist-title">
      <h1 id="wishlist-title" className="text-2xl font-bold">
        Lista de Desejos
      </h1>
      {error ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{error}</p>
          <p className="text-sm">Tente novamente em instantes.</p>
        </div>
      ) : favorites.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-semibold">Sua lista de desejos está vazia.</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">Toque no coração de um produto para guardá-lo aqui.</p>
          <Link to="/produtos" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
            Ver produtos
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {favorites.map((product) => (
            <li key={product.id} className="grid">
              <ProductCard product={product} onOpen={open} headingLevel="h2">
                <RemoveButton product={product} />
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
      {modal}
    </section>
  );
}

function RemoveButton({ product }: { product: Card }) {
  const fetcher = useFetcher<RemoveResult>();
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast({ title: 'Removido da lista de desejos' });
    else toast({ title: 'Erro', description: result.message, variant: 'destructive' });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={product.id} />
      <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== 'idle'} className="w-full text-red-700 dark:text-red-400">
        Remover<span className="sr-only"> {product.name} da lista de desejos</span>
      </Button>
    </fetcher.Form>
  );
}
