// /kits/monte-seu-kit: the customer picks products, sizes and quantities, sees the
// running total (integer cents) and saves the kit (login required) or adds it to the cart.
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { data, Form, Link, useFetcher, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { toast } from '~/components/ui/toaster';
import { cartStore } from '~/lib/cart-store';
import { formatBRL, formatPrice, toCents } from '~/lib/money';
import { useRootData } from '~/lib/root-data';
import { stockLevel } from '~/lib/stock';
import { MAX_SEARCH_LENGTH, normalizeSearchTerm } from '~/lib/search';
import { originFromMatches, seo } from '~/lib/seo';
import type { Variant } from '~/server/catalog/catalog.server';
import { getDb } from '~/server/infra/db.server';
import { listBuilderProducts, parseSaveKitForm, saveKit, SaveKitError, type BuilderProduct } from '~/server/account/saved-kits.server';
import { requireUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import type { Route } from './+types/kit-builder';
import { log } from '~/server/infra/log.server';

const KIT_NAME_MAX = 80;
const KIT_ITEMS_MAX = 30;
const QUANTITY_MAX = 99;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Monte seu kit',
    description: 'Escolha os produtos de limpeza, os tamanhos e as quantidades e monte um kit do seu jeito. Salve para comprar de novo quando quiser.',
    path: '/kits/monte-seu-kit',
    origin: originFromMatches(matches),
  });

export async function loader({ request }: Route.LoaderArgs) {
  const q = normalizeSearchTerm(new URL(request.url).searchParams.get('q'));
  try {
    const { products, total } = await listBuilderProducts(await getDb(), q || undefined);
    return { q, products, total, error: null };
  } catch (error) {
    log.error('monte-seu-kit: falha ao buscar produtos', error);
    // 503, not 200: the failure must never be kept by a shared cache as the builder's page.
    return data({ q, products: [] as BuilderProduct[], total: 0, error: 'Erro ao buscar produtos' }, { status: 503, headers: { 'Retry-After': '30' } });
  }
}

export type SaveKitResult = { ok: true; id: string } | { ok: false; message: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = parseSaveKitForm(await readForm(request));
  if (!parsed.ok) return data<SaveKitResult>({ ok: false, message: parsed.message }, 400);
  const limited = await checkRateLimit(request, 'kit');
  if (limited) return data<SaveKitResult>({ ok: false, message: limited.message }, limited.init);
  try {
    const kit = await saveKit(await getDb(), user.id, parsed.input);
    return data<SaveKitResult>({ ok: true, id: kit.id });
  } catch (error) {
    if (error instanceof SaveKitError) return data<SaveKitResult>({ ok: false, message: error.message }, 400);
    log.error('monte-seu-kit: falha ao salvar', error);
    return data<SaveKitResult>({ ok: false, message: 'Não foi possível salvar o kit. Tente novamente.' }, 500);
  }
}

type ProductInfo = { id: string; name: string; imageUrl: string | null; variants: Variant[] };
/** One chosen product: which size and how many (0 = not in the kit). */
type Line = { product: ProductInfo; variantId: string; quantity: number };

/** The size a product starts on: its cheapest one still in stock (the cheapest when all are out). */
function firstSellable(variants: Variant[]): Variant {
  return variants.find((v) => stockLevel(v.available) !== 'sold_out') ?? variants[0]!;
}

function clampQuantity(raw: string): number {
  const n = Math.trunc(Number(raw));
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, QUANTITY_MAX);
}

export default function KitBuilder({ loaderData }: Route.ComponentProps) {
  const { q, products, total, error } = loaderData;
  const root = useRootData();
  const navigate = useNavigate();
  const fetcher = useFetcher<SaveKitResult>();
  // Lines survive a new search, so the kit can mix products from several searches.
  const [lines, setLines] = useState<Record<string, Line>>({});
  const [name, setName] = useState('');

  const chosen = useMemo(() => Object.values(lines).filter((l) => l.quantity > 0), [lines]);
  const priced = chosen.map((l) => {
    const variant = l.product.variants.find((v) => v.id === l.variantId) ?? firstSellable(l.product.variants);
    return { ...l, variant, lineCents: toCents(variant.price) * l.quantity };
  });
  const totalCents = priced.reduce((sum, l) => sum + l.lineCents, 0);
  const totalQuantity = priced.reduce((sum, l) => sum + l.quantity, 0);

  function update(product: BuilderProduct, change: Partial<Pick<Line, 'variantId' | 'quantity'>>) {
    setLines((current) => {
      const previous = current[product.id] ?? {
        product: { id: product.id, name: product.name, imageUrl: product.imageUrl, variants: product.variants },
        variantId: firstSellable(product.variants).id,
        quantity: 0,
      };
      return { ...current, [product.id]: { ...previous, ...change } };
    });
  }

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) {
      toast({ title: 'Kit salvo!', description: 'Veja seus kits em Meus Kits Salvos.' });
      void navigate('/area-cliente/kits-salvos');
    } else {
      toast({ title: 'Erro ao salvar kit', description: result.message, variant: 'destructive' });
    }
  }, [fetcher.data, navigate]);

  function save() {
    if (!root?.user) {
      toast({ title: 'Ação necessária', description: 'Faça login para salvar seu kit.', variant: 'destructive' });
      void navigate('/login');
      return;
    }
    const problem =
      priced.length === 0
        ? 'Escolha pelo menos um produto para o kit.'
        : priced.length > KIT_ITEMS_MAX
          ? `Um kit pode ter no máximo ${KIT_ITEMS_MAX} itens.`
          : name.trim() === ''
            ? 'Dê um nome ao seu kit.'
            : null;
    if (problem) {
      toast({ title: 'Confira seu kit', description: problem, variant: 'destructive' });
      return;
    }
    const items = priced.map((l) => ({ productId: l.product.id, variantId: l.variant.id, quantity: l.quantity }));
    void fetcher.submit({ name: name.trim(), items: JSON.stringify(items) }, { method: 'post' });
  }

  function addToCart() {
    if (priced.length === 0) {
      toast({ title: 'Confira seu kit', description: 'Escolha pelo menos um produto para o kit.', variant: 'destructive' });
      return;
    }
    for (const l of priced) {
      cartStore.add({
        id: l.variant.id,
        product_id: l.product.id,
        name: l.product.name,
        price: l.variant.price,
        quantity: l.quantity,
        size: l.variant.size,
        image_url: l.variant.imageUrl ?? l.product.imageUrl,
      });
    }
    toast({ title: '✅ Produto Adicionado!', description: 'Os itens do seu kit estão no carrinho.' });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Monte seu kit</h1>
      <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">
        Escolha os produtos, o tamanho e a quantidade de cada um. Salve o kit para comprar de novo quando quiser.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          {/* The product rows are h3s: this keeps the outline h1 → h2 → h3 (the summary is the other h2). */}
          <h2 className="sr-only">Escolha os produtos</h2>
          <Form method="get" role="search" className="flex gap-2" key={q} preventScrollReset>
            <div className="relative flex-1">
              <label htmlFor="busca-kit" className="sr-only">
                Buscar produtos para o kit
              </label>
              <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
              <Input id="busca-kit" name="q" type="search" maxLength={MAX_SEARCH_LENGTH} defaultValue={q} placeholder="Buscar por nome" className="pl-9" />
            </div>
            <Button type="submit">Buscar</Button>
          </Form>

          {error ? (
            <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
              <p className="font-semibold">{error}</p>
              <p className="text-sm">Tente novamente em instantes.</p>
            </div>
          ) : products.length === 0 ? (
            <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
              <p className="font-semibold">Nenhum produto encontrado.</p>
              <Link to="/kits/monte-seu-kit" className="mt-2 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
                Limpar busca
              </Link>
            </div>
          ) : (
            <>
              {total > products.length ? (
                <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
                  Mostrando {products.length} de {total} produtos. Busque pelo nome para encontrar os outros.
                </p>
              ) : null}
              <ul className="mt-6 grid gap-3" aria-label="Produtos disponíveis">
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductRow product={product} line={lines[product.id]} onChange={(change) => update(product, change)} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>

        <aside aria-labelledby="kit-summary-title" className="self-start rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900">
          <h2 id="kit-summary-title" className="text-lg font-semibold">
            Seu kit
          </h2>
          {priced.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Nenhum produto escolhido ainda.</p>
          ) : (
            <ul className="mt-2 grid gap-1 text-sm" aria-label="Itens do kit">
              {priced.map((l) => (
                <li key={l.product.id} className="flex justify-between gap-3">
                  <span>
                    {l.quantity}× {l.product.name} ({l.variant.size})
                  </span>
                  <span className="shrink-0 font-medium">{formatBRL(l.lineCents)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-lg font-bold dark:border-slate-700" role="status" aria-live="polite">
            <span>
              Total{totalQuantity > 0 ? ` (${totalQuantity} ${totalQuantity === 1 ? 'unidade' : 'unidades'})` : ''}
            </span>
            <span data-testid="kit-builder-total">{formatBRL(totalCents)}</span>
          </p>
          <div className="mt-4 grid gap-1.5">
            <label htmlFor="kit-name" className="text-sm font-medium">
              Nome do kit
            </label>
            <Input
              id="kit-name"
              value={name}
              maxLength={KIT_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              placeholder="Ex.: Faxina do mês"
              autoComplete="off"
            />
          </div>
          <div className="mt-4 grid gap-2">
            <Button type="button" onClick={save} disabled={fetcher.state !== 'idle'}>
              Salvar kit
            </Button>
            <Button type="button" variant="outline" onClick={addToCart}>
              Adicionar ao carrinho
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}

function ProductRow({
  product,
  line,
  onChange,
}: {
  product: BuilderProduct;
  line: Line | undefined;
  onChange: (change: Partial<Pick<Line, 'variantId' | 'quantity'>>) => void;
}) {
  const sizeId = `tamanho-${product.id}`;
  const quantityId = `quantidade-${product.id}`;
  // A product whose every size is sold out stays listed, saying so, with nothing to choose.
  const available = product.variants.some((v) => stockLevel(v.available) !== 'sold_out');
  return (
    <article
      aria-labelledby={`nome-${product.id}`}
      className="grid grid-cols-[4rem_1fr] gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[4rem_1fr_auto] sm:items-center dark:border-slate-800 dark:bg-slate-900"
    >
      <img
        src={product.imageUrl ?? '/images/products/placeholder.svg'}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className="h-16 w-16 rounded-md bg-slate-50 object-contain dark:bg-slate-800"
      />
      <div className="min-w-0">
        <h3 id={`nome-${product.id}`} className="font-semibold break-words">
          {product.name}
        </h3>
        {product.categoryName ? <p className="text-xs text-slate-600 dark:text-slate-400">{product.categoryName}</p> : null}
      </div>
      {available ? (
        <div className="col-span-2 grid grid-cols-[1fr_5.5rem] gap-2 sm:col-span-1 sm:w-80">
          <div className="grid gap-1">
            <label htmlFor={sizeId} className="text-xs font-medium">
              Tamanho<span className="sr-only"> de {product.name}</span>
            </label>
            <select
              id={sizeId}
              value={line?.variantId ?? firstSellable(product.variants).id}
              onChange={(e) => onChange({ variantId: e.target.value })}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base dark:border-slate-600 dark:bg-slate-900"
            >
              {product.variants.map((v) => (
                <option key={v.id} value={v.id} disabled={stockLevel(v.available) === 'sold_out'}>
                  {v.size} · {formatPrice(v.price)}
                  {stockLevel(v.available) === 'sold_out' ? ' · Esgotado' : stockLevel(v.available) === 'low' ? ' · Últimas unidades' : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <label htmlFor={quantityId} className="text-xs font-medium">
              Quantidade<span className="sr-only"> de {product.name}</span>
            </label>
            <Input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={0}
              max={QUANTITY_MAX}
              step={1}
              value={line?.quantity ?? 0}
              onChange={(e) => onChange({ quantity: clampQuantity(e.target.value) })}
            />
          </div>
        </div>
      ) : (
        <p className="col-span-2 text-sm text-slate-600 sm:col-span-1 dark:text-slate-400">
          {product.variants.length > 0 ? 'Esgotado' : 'Indisponível no momento'}
        </p>
      )}
    </article>
  );
}
