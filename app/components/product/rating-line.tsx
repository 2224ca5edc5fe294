// The product's stars where it is listed (card, modal): `products.rating`, the mean of its approved
// reviews (issue 36), with how many. Nothing without reviews. Kept free of lib/reviews, which every
// card would otherwise carry.
import { cn } from '~/lib/cn';

export function RatingLine({ rating, count, className, href }: { rating: string | null; count: number; className?: string; href?: string }) {
  if (!rating || count === 0) return null;
  const value = rating.replace('.', ',');
  const label = `Avaliação ${value} de 5, ${count === 1 ? '1 avaliação' : `${count} avaliações`}`;
  const content = (
    <>
      <span aria-hidden className="text-amber-600 dark:text-amber-400">
        ★
      </span>
      <span aria-hidden>
        {value} <span className="text-slate-600 dark:text-slate-400">({count})</span>
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
  return (
    <p className={cn('flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300', className)} data-testid="product-rating">
      {href ? (
        <a href={href} className="inline-flex items-center gap-1 hover:underline">
          {content}
        </a>
      ) : (
        content
      )}
    </p>
  );
}
