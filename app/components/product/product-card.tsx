import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { uploadSrcSet } from '~/lib/upload-srcset';
import { formatPrice } from '~/lib/money';
import { startingPriceLabel } from '~/lib/price';
import { stockLevel } from '~/lib/stock';
import type { ProductCard as Card } from '~/server/catalog/catalog.server';
import { buttonVariants } from '../ui/button';
import { RatingLine } from './rating-line';

type Props = {
  product: Card;
  onOpen: (product: Card) => void;
  layout?: 'grid' | 'list';
  /** Extra content under the price (e.g. a kit's item list). */
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /**
   * The list's first row, on screen when the page opens: its image loads at once (one of them is
   * the page's largest paint) instead of waiting for the lazy-loading layout pass.
   */
  eager?: boolean;
};

/** A product or kit card; its link is the product's own page, opened as a modal when scripts run. */
export function ProductCard({ product, onOpen, layout = 'grid', children, headingLevel = 'h3', eager = false }: Props) {
  const Heading = headingLevel;
  const href = `/produtos/${product.slug}`;
  const srcSet = uploadSrcSet(product.imageUrl);
  const open = (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(product);
  };
  return (
    <article
      className={cn(
        'flex overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
        layout === 'grid' ? 'flex-col' : 'flex-row items-center gap-4 p-3',
      )}
    >
      <a href={href} onClick={open} tabIndex={-1} aria-hidden className={layout === 'grid' ? 'block' : 'block w-24 shrink-0 sm:w-32'}>
        <img
          src={product.imageUrl ?? '/images/products/placeholder.svg'}
          srcSet={srcSet}
          sizes={srcSet && (layout === 'grid' ? '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw' : '128px')}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          className="aspect-square w-full bg-slate-50 object-contain dark:bg-slate-800"
        />
      </a>
      <div className={cn('flex flex-1 flex-col gap-2', layout === 'grid' ? 'p-4' : 'py-1 pr-2')}>
        {product.categoryName && !product.isKit ? (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-200">{product.categoryName}</p>
        ) : null}
        <Heading className="font-semibold">
          <a href={href} onClick={open} className="hover:underline">
            {product.name}
          </a>
        </Heading>
        <RatingLine rating={product.rating} count={product.reviewCount} />
        <p className="font-bold">{product.isKit ? formatPrice(product.price) : startingPriceLabel(product.basePrice)}</p>
        <CardStock available={product.available} />
        {children}
        <button type="button" onClick={() => onOpen(product)} className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-auto')}>
          Ver detalhes<span className="sr-only"> de {product.name}</span>
        </button>
      </div>
    </article>
  );
}

/** A sold-out card stays listed and says so; one nearly out says "Últimas unidades". */
function CardStock({ available }: { available: number | null }) {
  const level = stockLevel(available);
  if (level === 'sold_out')
    return <p className="w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Esgotado</p>;
  if (level === 'low')
    return <p className="w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">Últimas unidades</p>;
  return null;
}
