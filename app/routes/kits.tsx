import { data, Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card';
import { KitSafetyList } from '~/components/product/product-safety';
import { useProductModal } from '~/components/product/use-product-modal';
import { originFromMatches, seo } from '~/lib/seo';
import { listKits, type KitWithItems } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/kits';
import { log } from '~/server/infra/log.server';
import { PRIVATE_CACHE_CONTROL } from '~/lib/cache-control';

/** Cards of the first row at the widest grid (3 columns): on screen at load, images not lazy. */
const EAGER_CARDS = 3;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Kits Prontos',
    description: 'Kits de limpeza montados para cozinha, banheiro, lavanderia, limpeza pesada e escritório, mais baratos que os itens avulsos.',
    path: '/kits',
    origin: originFromMatches(matches),
  });

export async function loader() {
  try {
    return { kits: await listKits(await getDb()), error: null };
  } catch (error) {
    log.error('kits: falha ao buscar', error);
    // A failure shown with a 200: never kept by a shared cache (lib/cache-control.ts).
    return data(
      { kits: [] as KitWithItems[], error: 'Não foi possível carregar os kits agora. Tente novamente em instantes.' },
      { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } },
    );
  }
}

/** The loader's Cache-Control (its failure) reaches the page and its .data. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Kits({ loaderData }: Route.ComponentProps) {
  const { open, modal } = useProductModal();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Kits Prontos</h1>
      <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">
        Combinações pensadas para cada ambiente, com economia em relação aos produtos avulsos.
      </p>
      {loaderData.error ? (
        <div role="alert" className="mt-8 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Erro ao buscar kits</p>
          <p className="text-sm">{loaderData.error}</p>
        </div>
      ) : null}
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.kits.map((kit, index) => (
          <ProductCard key={kit.id} product={kit} onOpen={open} headingLevel="h2" eager={index < EAGER_CARDS}>
            <details className="group rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
              <summary className="cursor-pointer font-medium">O que vem no kit ({kit.items.length} itens)</summary>
              <ul className="mt-2 grid gap-1">
                {kit.items.map((item) => (
                  <li key={item.productId}>
                    {item.quantity}× {item.name}
                  </li>
                ))}
              </ul>
            </details>
            <details className="group rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
              <summary className="cursor-pointer font-medium">Segurança dos produtos</summary>
              <div className="mt-2">
                <KitSafetyList items={kit.items} />
              </div>
            </details>
          </ProductCard>
        ))}
      </div>
      <section aria-labelledby="monte-seu-kit" className="mt-12 rounded-xl bg-brand-50 p-6 dark:bg-slate-900">
        <h2 id="monte-seu-kit" className="text-xl font-bold">
          Prefere escolher cada item?
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Monte um kit com os produtos, tamanhos e quantidades que você usa e salve para comprar de novo.</p>
        <Link to="/kits/monte-seu-kit" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
          Monte seu kit
        </Link>
      </section>
      {modal}
    </div>
  );
}
