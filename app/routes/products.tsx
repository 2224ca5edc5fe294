import { LayoutGrid, List, Search } from 'lucide-react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { ProductCard } from '~/components/product/product-card';
import { useProductModal } from '~/components/product/use-product-modal';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { cn } from '~/lib/cn';
import { MAX_SEARCH_LENGTH, normalizeSearchTerm } from '~/lib/search';
import { originFromMatches, seo } from '~/lib/seo';
import { listProductCategories, PRODUCTS_PAGE_SIZE, searchProductsPage } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/products';

/** Cards of the first row at the widest grid (4 columns): on screen at load, images not lazy. */
const EAGER_CARDS = 4;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page ?? 1;
  return seo({
    title: page > 1 ? `Produtos de limpeza – página ${page}` : 'Produtos de limpeza',
    description: 'Detergentes, desinfetantes, desengordurantes, produtos para lavanderia, pisos e uso profissional. Busque por nome e filtre por categoria.',
    // Page 1 is /produtos (never ?pagina=1); each further page of the catalogue is its own indexable URL.
    path: page > 1 ? `/produtos?pagina=${page}` : '/produtos',
    origin: originFromMatches(matches),
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSearchTerm(url.searchParams.get('q'));
  const categorySlug = url.searchParams.get('categoria') ?? '';
  const view = url.searchParams.get('visualizacao') === 'lista' ? 'lista' : 'grade';
  const requestedPage = Number(url.searchParams.get('pagina') ?? '1');
  const db = await getDb();
  const categories = await listProductCategories(db);
  const category = categories.find((c) => c.slug === categorySlug) ?? null;
  // An unknown category matches nothing rather than silently showing everything.
  const { products, total, page, pageCount } =
    categorySlug && !category
      ? { products: [], total: 0, page: 1, pageCount: 1 }
      : await searchProductsPage(db, { term: q, categoryId: category?.id }, { page: requestedPage, pageSize: PRODUCTS_PAGE_SIZE });
  return { q, categorySlug: category?.slug ?? categorySlug, view, categories, products, total, page, pageCount } as const;
}

function countLabel(n: number) {
  return n === 1 ? '1 produto encontrado' : `${n} produtos encontrados`;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { q, categorySlug, view, categories, products, total, page, pageCount } = loaderData;
  const { open, modal } = useProductModal();
  const submit = useSubmit();
  const busy = useNavigation().state === 'loading';

  const viewHref = (next: 'grade' | 'lista') => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (categorySlug) params.set('categoria', categorySlug);
    if (next === 'lista') params.set('visualizacao', 'lista');
    if (page > 1) params.set('pagina', String(page));
    const s = params.toString();
    return s ? `/produtos?${s}` : '/produtos';
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Produtos</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Linha completa para casa, empresas e indústrias.</p>

      <Form method="get" role="search" className="mt-6 grid gap-3 md:grid-cols-[1fr_16rem_auto]" key={`${q}|${categorySlug}`}>
        <div className="relative">
          <label htmlFor="busca-produtos" className="sr-only">
            Buscar produtos por nome
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input id="busca-produtos" name="q" type="search" maxLength={MAX_SEARCH_LENGTH} defaultValue={q} placeholder="Buscar por nome, ex.: água sanitária" className="pl-9" />
        </div>
        <div>
          <label htmlFor="filtro-categoria" className="sr-only">
            Categoria
          </label>
          <select
            id="filtro-categoria"
            name="categoria"
            defaultValue={categorySlug}
            onChange={(e) => void submit(e.currentTarget.form)}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">Todas as categorias</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {view === 'lista' ? <input type="hidden" name="visualizacao" value="lista" /> : null}
        <Button type="submit">Buscar</Button>
      </Form>

      <div className="mt-6 flex items-center justify-between gap-4">
        <p role="status" className="font-medium" aria-busy={busy}>
          {countLabel(total)}
        </p>
        <div className="flex gap-1" aria-label="Modo de exibição" role="group">
          <Link
            to={viewHref('grade')}
            aria-current={view === 'grade' ? 'true' : undefined}
            aria-label="Ver em grade"
            preventScrollReset
            className={cn('grid h-10 w-10 place-items-center rounded-md border', view === 'grade' ? 'border-brand-700 bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100' : 'border-slate-300 dark:border-slate-600')}
          >
            <LayoutGrid className="h-5 w-5" aria-hidden />
          </Link>
          <Link
            to={viewHref('lista')}
            aria-current={view === 'lista' ? 'true' : undefined}
            aria-label="Ver em lista"
            preventScrollReset
            className={cn('grid h-10 w-10 place-items-center rounded-md border', view === 'lista' ? 'border-brand-700 bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100' : 'border-slate-300 dark:border-slate-600')}
          >
            <List className="h-5 w-5" aria-hidden />
          </Link>
        </div>
      </div>

      {products.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="font-semibold">Nenhum produto encontrado.</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">Tente outro nome ou outra categoria.</p>
          <Link to="/produtos" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
            Limpar busca
          </Link>
        </div>
      ) : (
        <div className={cn('mt-6 grid gap-6', view === 'grade' ? 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1')}>
          {products.map((p, index) => (
            <ProductCard key={p.id} product={p} onOpen={open} layout={view === 'lista' ? 'list' : 'grid'} headingLevel="h2" eager={index < EAGER_CARDS} />
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} label="Páginas de produtos" className="mt-8" keepScroll={false} />
      {modal}
    </div>
  );
}
