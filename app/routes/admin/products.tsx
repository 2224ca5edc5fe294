// /admin/products: the catalogue by name, searchable and paginated,
// with delete after a confirmation (DELETE_CONFIRMATION: it cannot be undone). A product that freight
// cannot weigh (a size, or a kit, without weight and dimensions) is flagged, and can be listed alone;
// so is one that cannot be invoiced yet (issue 34: no NCM and origem, or a size or kit without GTIN and unit).
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Form, Link, useFetcher, useNavigation } from 'react-router';
import { cn } from '~/lib/cn';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Input } from '~/components/ui/input';
import { Pagination } from '~/components/admin/pagination';
import { toast } from '~/components/ui/toaster';
import { formatPrice } from '~/lib/money';
import { normalizeSearchTerm } from '~/lib/search';
import type { ToastMessage } from '~/lib/toast';
import { getDb } from '~/server/infra/db.server';
import { deleteProduct, listAdminProducts, type AdminProductPage, type AdminProductRow } from '~/server/catalog/product-admin.server';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/products';
import { log } from '~/server/infra/log.server';
import { stockLevel } from '~/lib/stock';

export const meta: Route.MetaFunction = () => [{ title: 'Produtos | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

/** ?pacote=sem: only the products without weight and dimensions. */
const PACKAGE_PARAM = 'pacote';
const MISSING_PACKAGE = 'sem';
const MISSING_PACKAGE_LABEL = 'Sem peso/medidas';
const MISSING_PACKAGE_MEANING = 'Não pode ser oferecido para frete pago';

/** ?fiscal=sem: only the products that cannot be invoiced yet (issue 34). */
const FISCAL_PARAM = 'fiscal';
const MISSING_FISCAL = 'sem';
const MISSING_FISCAL_LABEL = 'Sem dados fiscais';
const MISSING_FISCAL_MEANING = 'Não pode ser faturado ainda';

const DELETE_CONFIRMATION = 'Tem certeza que deseja excluir este produto? Esta ação não pode ser desfeita.';
const LOAD_ERROR = 'Erro ao buscar produtos';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const term = normalizeSearchTerm(url.searchParams.get('q'));
  const page = Number.parseInt(url.searchParams.get('pagina') ?? '1', 10);
  const stockParam = url.searchParams.get('estoque');
  const stock = stockParam === 'baixo' || stockParam === 'esgotado' ? stockParam : undefined;
  const missingPackage = url.searchParams.get(PACKAGE_PARAM) === MISSING_PACKAGE;
  const missingFiscal = url.searchParams.get(FISCAL_PARAM) === MISSING_FISCAL;
  try {
    const result = await listAdminProducts(await getDb(), { term, page: Number.isFinite(page) ? page : 1, stock, missingPackage, missingFiscal });
    return { term, stock: stock ?? '', missingPackage, missingFiscal, result, error: null };
  } catch (error) {
    log.error('admin/produtos: falha ao buscar', error);
    const empty: AdminProductPage = { rows: [], total: 0, page: 1, pageCount: 1 };
    return { term, stock: stock ?? '', missingPackage, missingFiscal, result: empty, error: LOAD_ERROR };
  }
}

const deleteSchema = z.object({ intent: z.literal('delete'), id: z.uuid() });

type ActionData = { ok: boolean; toast: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = deleteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<ActionData>({ ok: false, toast: { title: 'Erro ao excluir produto', description: 'Produto inválido.', variant: 'destructive' } }, 400);
  }
  try {
    const deleted = await deleteProduct(await getDb(), parsed.data.id);
    if (!deleted) {
      return data<ActionData>(
        { ok: false, toast: { title: 'Erro ao excluir produto', description: 'O produto não existe mais.', variant: 'destructive' } },
        404,
      );
    }
    return data<ActionData>({ ok: true, toast: { title: 'Produto excluído' } });
  } catch (error) {
    log.error('admin/produtos: falha ao excluir', error);
    return data<ActionData>(
      { ok: false, toast: { title: 'Erro ao excluir produto', description: 'Tente novamente em instantes.', variant: 'destructive' } },
      500,
    );
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { term, stock, missingPackage, missingFiscal, result, error } = loaderData;
  const activeFilter = missingPackage ? 'pacote' : missingFiscal ? 'fiscal' : 'todos';
  /** This list with the package or the fiscal filter (or neither), keeping the search and the stock filter (back to page 1). */
  const filterHref = (which: 'todos' | 'pacote' | 'fiscal') => {
    const params = new URLSearchParams();
    if (term) params.set('q', term);
    if (stock) params.set('estoque', stock);
    if (which === 'pacote') params.set(PACKAGE_PARAM, MISSING_PACKAGE);
    if (which === 'fiscal') params.set(FISCAL_PARAM, MISSING_FISCAL);
    const query = params.toString();
    return query ? `/admin/products?${query}` : '/admin/products';
  };
  const deleteFetcher = useFetcher<ActionData>();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/products';

  useEffect(() => {
    if (error) toast({ title: error, description: 'Tente novamente em instantes.', variant: 'destructive' });
  }, [error]);
  useEffect(() => {
    if (deleteFetcher.state === 'idle' && deleteFetcher.data) toast(deleteFetcher.data.toast);
  }, [deleteFetcher.state, deleteFetcher.data]);

  return (
    <section aria-labelledby="titulo-produtos" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="titulo-produtos" className="text-2xl font-bold">
          Produtos
        </h1>
        <Link to="/admin/products/new" className={buttonVariants()}>
          <Plus className="h-4 w-4" aria-hidden />
          Novo produto
        </Link>
      </div>

      <nav aria-label="Filtrar produtos" className="mt-6 flex flex-wrap gap-2">
        {(
          [
            ['todos', 'Todos', undefined],
            ['pacote', MISSING_PACKAGE_LABEL, `Produtos com algum tamanho (ou kit) sem peso e medidas: ${MISSING_PACKAGE_MEANING.toLowerCase()}`],
            ['fiscal', MISSING_FISCAL_LABEL, `Produtos sem NCM e origem, ou com algum tamanho (ou kit) sem GTIN e unidade: ${MISSING_FISCAL_MEANING.toLowerCase()}`],
          ] as const
        ).map(([which, text, title]) => (
          <Link
            key={which}
            to={filterHref(which)}
            aria-current={activeFilter === which ? 'page' : undefined}
            title={title}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-semibold',
              activeFilter === which
                ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-200 dark:bg-brand-200 dark:text-slate-950'
                : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
            )}
          >
            {text}
          </Link>
        ))}
      </nav>

      <Form method="get" role="search" className="mt-4 flex max-w-xl gap-2">
        {missingPackage ? <input type="hidden" name={PACKAGE_PARAM} value={MISSING_PACKAGE} /> : null}
        {missingFiscal ? <input type="hidden" name={FISCAL_PARAM} value={MISSING_FISCAL} /> : null}
        <label htmlFor="busca-produtos" className="sr-only">
          Buscar produtos por nome
        </label>
        <Input id="busca-produtos" type="search" name="q" defaultValue={term} placeholder="Buscar por nome" maxLength={100} key={term} />
        <label htmlFor="filtro-estoque" className="sr-only">
          Estoque
        </label>
        <select
          id="filtro-estoque"
          name="estoque"
          defaultValue={stock}
          key={stock}
          className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">Estoque: todos</option>
          <option value="baixo">Estoque baixo</option>
          <option value="esgotado">Esgotados</option>
        </select>
        <Button type="submit" variant="outline" disabled={searching}>
          <Search className="h-4 w-4" aria-hidden />
          Buscar
        </Button>
      </Form>

      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}. Tente novamente em instantes.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {result.total === 1 ? '1 produto' : `${result.total} produtos`}
            {term ? ` para “${term}”` : ''}
            {missingPackage ? ' sem peso/medidas' : ''}
            {missingFiscal ? ' sem dados fiscais' : ''}
          </p>
          {result.rows.length === 0 ? (
            <p className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
              {term ? 'Nenhum produto encontrado para essa busca.' : missingPackage
                  ? 'Todos os produtos têm peso e medidas.'
                  : missingFiscal
                    ? 'Todos os produtos têm dados fiscais.'
                    : 'Nenhum produto cadastrado ainda.'}
            </p>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
              <table className="w-full min-w-[34rem] text-left text-sm">
                <caption className="sr-only">Produtos cadastrados, por nome</caption>
                <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">ID</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Nome</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Preço</th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">Preço base</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Kit</th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">Estoque</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Categoria</th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <span className="sr-only">Ações</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.rows.map((product) => (
                    <ProductRow key={product.id} product={product} fetcher={deleteFetcher} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={result.page} pageCount={result.pageCount} label="Paginação" className="mt-4" />
        </>
      )}
    </section>
  );
}

function ProductRow({ product, fetcher }: { product: AdminProductRow; fetcher: ReturnType<typeof useFetcher<ActionData>> }) {
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('id') === product.id;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700">
      <td className="px-4 py-3 font-mono text-xs text-slate-600 dark:text-slate-400" title={product.id}>
        {product.id.slice(0, 8)}
      </td>
      <th scope="row" className="px-4 py-3 font-medium">
        {product.name}
        {product.missingPackage ? (
          <span
            title={MISSING_PACKAGE_MEANING}
            className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            {MISSING_PACKAGE_LABEL}
            <span className="sr-only"> ({MISSING_PACKAGE_MEANING})</span>
          </span>
        ) : null}
        {product.missingFiscal ? (
          <span
            title={MISSING_FISCAL_MEANING}
            className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            {MISSING_FISCAL_LABEL}
            <span className="sr-only"> ({MISSING_FISCAL_MEANING})</span>
          </span>
        ) : null}
      </th>
      <td className="px-4 py-3 whitespace-nowrap">{formatPrice(product.price)}</td>
      <td className="hidden px-4 py-3 whitespace-nowrap lg:table-cell">{product.basePrice === null ? '—' : formatPrice(product.basePrice)}</td>
      <td className="px-4 py-3">{product.isKit ? 'Sim' : 'Não'}</td>
      <td className="hidden px-4 py-3 whitespace-nowrap lg:table-cell">
        <StockCell total={product.stockTotal} min={product.stockMin} />
      </td>
      <td className="px-4 py-3">{product.categoryName ?? 'Sem categoria'}</td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
          <Link to={`/admin/products/${product.id}`} title={`Editar ${product.name}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Pencil className="h-4 w-4" aria-hidden />
            {/* Icons only on a tablet, so the row fits; the name stays for screen readers. */}
            <span className="sr-only lg:not-sr-only">Editar</span>
            <span className="sr-only"> {product.name}</span>
          </Link>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Excluir produto"
            description={DELETE_CONFIRMATION}
            trigger={
              <Button variant="ghost" size="sm" title={`Excluir ${product.name}`} className="text-red-700 dark:text-red-400">
                <Trash2 className="h-4 w-4" aria-hidden />
                <span className="sr-only lg:not-sr-only">Excluir</span>
                <span className="sr-only"> {product.name}</span>
              </Button>
            }
            fetcher={fetcher}
            fields={{ intent: 'delete', id: product.id }}
            confirmLabel="Sim, excluir produto"
            busyLabel="Excluindo..."
            busy={busy}
          />
        </div>
      </td>
    </tr>
  );
}

/** Units over the tracked sizes, with "Esgotado" / "Baixo" when a size is out or nearly. */
function StockCell({ total, min }: { total: number | null; min: number | null }) {
  if (total === null) return <span title="Estoque não controlado">—</span>;
  const level = stockLevel(min);
  return (
    <span>
      {total}
      {level === 'sold_out' ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">Tamanho esgotado</span> : null}
      {level === 'low' ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">Baixo</span> : null}
    </span>
  );
}
