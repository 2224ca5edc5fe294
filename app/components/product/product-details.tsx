// The body of a product, shared by the product modal and the product page.
import { BadgePercent, ChevronDown, ShoppingCart, Truck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { cartStore } from '~/lib/cart-store';
import { uploadSrcSet } from '~/lib/upload-srcset';
import { formatPrice, toCents } from '~/lib/money';
import { MAX_LINE_QUANTITY } from '~/lib/cart';
import { SUBSCRIBER_DISCOUNT_PERCENT } from '~/lib/discounts';
import { startingPriceLabel } from '~/lib/price';
import { useRootData } from '~/lib/root-data';
import type { ProductCard, ProductDetail } from '~/server/catalog/catalog.server';
import { Button } from '../ui/button';
import { toast } from '../ui/toaster';
import { FavoriteButton } from './favorite-button';
import { PhGauge } from './ph-gauge';
import { RatingLine } from './rating-line';
import { tiersInCents, VolumePrices } from './volume-prices';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { AnvisaLine, SafetySection } from './product-safety';
import { stockLevel } from '~/lib/stock';
import { takesStockAlert } from '~/lib/stock-alerts';
import { StockAlertForm } from './stock-alert-form';

// "Calcular frete" loads its form (and the fetcher's answer) only when the shopper asks for it.
const loadFreightQuote = () => import('./freight-quote');
const FreightQuote = lazy(loadFreightQuote);

const SECTIONS = [
  ['benefits', 'Benefícios'],
  ['dilution', 'Diluição'],
  ['useIndication', 'Indicação de Uso'],
  ['howToUse', 'Modo de Usar'],
  ['precautions', 'Precauções'],
  ['composition', 'Composição'],
  ['activeIngredient', 'Princípio Ativo'],
] as const;

export type DetailStatus = 'loading' | 'ready' | 'error';

type Props = {
  card: ProductCard;
  detail: ProductDetail | null;
  status: DetailStatus;
  isFavorite: boolean;
  /** The product name's element: h1 on the product page, the dialog's title in the modal. */
  Title?: React.ElementType<{ className?: string; children?: React.ReactNode }>;
  onAdded?: () => void;
};

export function ProductDetails({ card, detail, status, isFavorite, Title = 'h1', onAdded }: Props) {
  const root = useRootData();
  const [variantId, setVariantId] = useState<string | null>(null);
  const [freightOpen, setFreightOpen] = useState(false);
  // Units to add: asked only for a size with volume prices, where the quantity changes the price.
  const [quantityText, setQuantityText] = useState('1');
  const variants = detail?.variants ?? [];
  const chosen = variants.find((v) => v.id === variantId) ?? null;
  const loading = status === 'loading';
  const needsSize = !card.isKit;
  // A sold-out size cannot be chosen; a kit is sold out when one of its contents is.
  const soldOut = needsSize ? variants.length > 0 && variants.every((v) => stockLevel(v.available) === 'sold_out') : stockLevel(detail?.available ?? null) === 'sold_out';
  const canAdd = !loading && status !== 'error' && !soldOut && (!needsSize || chosen !== null);
  // A chosen size with its own picture shows it; otherwise the product's.
  const imageUrl = chosen?.imageUrl ?? card.imageUrl;
  const srcSet = uploadSrcSet(imageUrl);
  const chosenTiers = tiersInCents(chosen?.tiers);
  const quantity = chosenTiers.length ? Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(Number(quantityText)) || 1)) : 1;
  const sizesWithTiers = variants.filter((v) => (v.tiers?.length ?? 0) > 0);

  function addToCart() {
    if (loading || soldOut) return;
    if (needsSize && !chosen) {
      toast({ title: 'Selecione um tamanho', description: 'Por favor, escolha uma opção de embalagem.', variant: 'destructive' });
      return;
    }
    cartStore.add(
      chosen
        ? { id: chosen.id, product_id: card.id, name: card.name, price: chosen.price, quantity, size: chosen.size, image_url: chosen.imageUrl ?? card.imageUrl, ...(chosen.tiers?.length ? { tiers: chosen.tiers } : {}) }
        : { id: card.id, product_id: card.id, name: card.name, price: card.price, quantity: 1, size: null, image_url: card.imageUrl },
    );
    toast({ title: '✅ Produto Adicionado!', description: `${quantity > 1 ? `${quantity} × ` : ''}${card.name}${chosen ? ` (${chosen.size})` : ''} está no seu carrinho.` });
    onAdded?.();
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="grid content-start gap-4">
        <img
          src={imageUrl ?? '/images/products/placeholder.svg'}
          srcSet={srcSet}
          sizes={srcSet && '(min-width: 768px) 560px, 100vw'}
          alt={card.name}
          width={400}
          height={400}
          className="aspect-square w-full rounded-xl bg-slate-100 object-contain dark:bg-slate-800"
        />
        {card.isKit ? null : <PhGauge value={card.phValue} />}
      </div>
      <div className="grid content-start gap-4">
        <div className="flex items-start justify-between gap-3">
          <div>
            {card.categoryName ? (
              <p className="text-sm font-medium text-brand-700 dark:text-brand-200">{card.categoryName}</p>
            ) : null}
            <Title className="text-2xl font-bold">{card.name}</Title>
            <RatingLine rating={card.rating} count={card.reviewCount} href={`/produtos/${card.slug}#avaliacoes`} className="mt-1" />
          </div>
          <FavoriteButton productId={card.id} initial={isFavorite} />
        </div>
        <p className="text-slate-700 dark:text-slate-300">{card.description}</p>
        <p className="text-xl font-bold">
          {chosen ? formatPrice(chosen.price) : card.isKit ? formatPrice(card.price) : startingPriceLabel(card.basePrice)}
        </p>
        {detail ? <AnvisaLine safety={detail.safety} /> : null}

        {needsSize ? (
          <fieldset className="grid gap-2" aria-busy={loading}>
            <legend className="mb-1 text-sm font-semibold">Tamanho</legend>
            {loading ? <p className="text-sm text-slate-600 dark:text-slate-400">Carregando tamanhos...</p> : null}
            {status === 'error' ? <p className="text-sm text-red-700 dark:text-red-400">Erro ao buscar tamanhos</p> : null}
            <div className="flex flex-wrap gap-2">
              {variants.map((v) => (
                <label
                  key={v.id}
                  className="cursor-pointer rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:border-dashed has-[:disabled]:text-slate-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-slate-600 dark:has-[:checked]:bg-slate-800 dark:has-[:disabled]:text-slate-400"
                >
                  <input
                    type="radio"
                    name={`tamanho-${card.id}`}
                    value={v.id}
                    checked={variantId === v.id}
                    disabled={stockLevel(v.available) === 'sold_out'}
                    onChange={() => setVariantId(v.id)}
                    className="sr-only"
                  />
                  <span className="font-semibold">{v.size}</span> · {formatPrice(v.price)}
                  <StockBadge available={v.available} />
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <section aria-labelledby={`kit-${card.id}`} className="grid gap-2">
            <h3 id={`kit-${card.id}`} className="text-sm font-semibold">
              O que vem no kit
            </h3>
            {loading ? <p className="text-sm text-slate-600 dark:text-slate-400">Carregando itens do kit...</p> : null}
            {status === 'error' ? <p className="text-sm text-red-700 dark:text-red-400">Erro ao buscar itens do kit</p> : null}
            {detail ? <StockBadge available={detail.available} /> : null}
            <ul className="grid gap-1 text-sm">
              {(detail?.items ?? []).map((item) => (
                <li key={item.productId}>
                  {item.quantity}× <Link to={`/produtos/${item.slug}`} className="underline-offset-2 hover:underline">{item.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}

        {needsSize && status === 'ready' ? (
          <StockAlertForm
            key={card.id}
            sizes={variants.filter((v) => takesStockAlert(v.available)).map((v) => ({ id: v.id, size: v.size }))}
            accountEmail={root?.user?.email ?? null}
          />
        ) : null}

        {chosen && chosenTiers.length ? (
          <>
            <div className="grid w-40 gap-1.5">
              <Label htmlFor={`quantidade-${card.id}`}>Quantidade</Label>
              <Input
                id={`quantidade-${card.id}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_LINE_QUANTITY}
                value={quantityText}
                onChange={(e) => setQuantityText(e.target.value)}
              />
            </div>
            <VolumePrices baseCents={toCents(chosen.price)} tiers={chosenTiers} quantity={quantity} title={`Preços por quantidade (${chosen.size})`} />
          </>
        ) : !chosen && sizesWithTiers.length ? (
          <div className="grid gap-2">
            {sizesWithTiers.map((v) => (
              <VolumePrices key={v.id} baseCents={toCents(v.price)} tiers={tiersInCents(v.tiers)} quantity={1} title={`Preços por quantidade (${v.size})`} />
            ))}
          </div>
        ) : null}

        <Button
          type="button"
          size="lg"
          onClick={addToCart}
          disabled={loading || status === 'error' || soldOut}
          aria-disabled={!canAdd}
          className={canAdd ? '' : 'opacity-60'}
        >
          <ShoppingCart className="h-5 w-5" aria-hidden /> {soldOut ? 'Esgotado' : 'Adicionar ao carrinho'}
        </Button>
        {root?.isSubscriber ? null : (
          <Link
            to="/assinatura"
            className="flex items-center gap-2 rounded-lg bg-accent-500/15 px-3 py-2 text-sm font-semibold text-amber-900 dark:text-amber-200"
          >
            <BadgePercent className="h-4 w-4" aria-hidden /> Assine e economize {SUBSCRIBER_DISCOUNT_PERCENT}% em todas as compras
          </Link>
        )}

        {freightOpen ? (
          <Suspense fallback={<p className="text-sm text-slate-700 dark:text-slate-300">Carregando o cálculo de frete...</p>}>
            <FreightQuote itemId={needsSize ? (chosen?.id ?? null) : card.id} itemLabel={chosen ? `${card.name} (${chosen.size})` : card.name} />
          </Suspense>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => setFreightOpen(true)}
            onPointerEnter={() => void loadFreightQuote()}
            onFocus={() => void loadFreightQuote()}
          >
            <Truck className="h-4 w-4" aria-hidden /> Calcular frete
          </Button>
        )}

        <div className="grid divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {SECTIONS.map(([key, title]) => {
            const text = detail?.[key];
            if (!text) return null;
            return (
              <details key={key} className="group px-4 py-3">
                <summary className="flex cursor-pointer list-none items-center justify-between font-semibold [&::-webkit-details-marker]:hidden">
                  {title}
                  <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
                </summary>
                <p className="mt-2 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{text}</p>
              </details>
            );
          })}
          {detail ? <SafetySection safety={detail.safety} isKit={card.isKit} items={detail.items} /> : null}
        </div>
      </div>
    </div>
  );
}

/** " · Esgotado" / " · Últimas unidades" next to a size or a kit; nothing when plenty or untracked. */
function StockBadge({ available }: { available: number | null }) {
  const level = stockLevel(available);
  if (level === 'sold_out') return <span className="ml-1 font-semibold text-red-700 dark:text-red-400"> · Esgotado</span>;
  if (level === 'low') return <span className="ml-1 font-semibold text-amber-800 dark:text-amber-300"> · Últimas unidades</span>;
  return null;
}
