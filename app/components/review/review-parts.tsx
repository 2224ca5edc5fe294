// Verified reviews (issue 36) as shoppers see them: the stars, the summary with its distribution
// (bars that filter by stars), and one review with its "Compra verificada" badge, photos and the
// store's reply. Shared by the product page and the admin's list.
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { formatDateBR } from '~/lib/dates';
import { formatRating, reviewCountLabel, reviewDistribution, type StarCounts } from '~/lib/reviews';
import { uploadSrcSet } from '~/lib/upload-srcset';

/** Five stars, `value` of them filled (rounded to the nearest half is not needed: whole stars, the number says the rest). */
export function Stars({ value, className, label }: { value: number; className?: string; label?: string }) {
  const filled = Math.round(value);
  return (
    <span className={cn('inline-flex items-center', className)} role="img" aria-label={label ?? `${formatRating(value)} de 5 estrelas`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden className={n <= filled ? 'text-amber-600 dark:text-amber-400' : 'text-slate-400 dark:text-slate-500'}>
          ★
        </span>
      ))}
    </span>
  );
}

export type ReviewView = {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date | string;
  verified: boolean;
  reply: string | null;
  photos: { id: string; url: string }[];
};

/** The product page's summary: mean, count and the bars, each a link to that star count. */
export function ReviewSummary({
  rating,
  counts,
  stars,
  hrefFor,
}: {
  rating: string | null;
  counts: StarCounts;
  stars: number | null;
  hrefFor: (stars: number | null) => string;
}) {
  const bars = reviewDistribution(counts);
  const total = bars.reduce((n, bar) => n + bar.count, 0);
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
      <div>
        {rating ? (
          <>
            <p className="text-4xl font-bold" data-testid="review-mean">
              {formatRating(rating)}
            </p>
            <Stars value={Number(rating)} className="text-xl" />
          </>
        ) : null}
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="review-count">
          {total ? reviewCountLabel(total) : 'Ainda sem avaliações'}
        </p>
      </div>
      {total ? (
        <nav aria-label="Filtrar avaliações por estrelas">
          <ul className="grid gap-1">
            {bars.map((bar) => (
              <li key={bar.stars}>
                <Link
                  to={hrefFor(stars === bar.stars ? null : bar.stars)}
                  preventScrollReset
                  aria-current={stars === bar.stars ? 'true' : undefined}
                  data-stars={bar.stars}
                  data-count={bar.count}
                  className={cn(
                    'grid grid-cols-[5.5rem_1fr_3rem] items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                    stars === bar.stars && 'bg-slate-100 font-semibold dark:bg-slate-800',
                  )}
                >
                  <span>{bar.stars === 1 ? '1 estrela' : `${bar.stars} estrelas`}</span>
                  <span aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                    <span className="block h-full rounded-full bg-amber-500" style={{ width: `${bar.percent}%` }} />
                  </span>
                  <span className="text-right">
                    {bar.count}
                    <span className="sr-only"> {bar.count === 1 ? 'avaliação' : 'avaliações'}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {stars ? (
            <Link to={hrefFor(null)} preventScrollReset className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-200">
              Ver todas as avaliações
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** One review: stars, title, author and date, the badge, text, photos and the store's reply. */
export function ReviewItem({ review, headingLevel = 'h3' }: { review: ReviewView; headingLevel?: 'h2' | 'h3' | 'h4' }) {
  const Heading = headingLevel;
  return (
    <article className="grid gap-2" data-testid="review">
      <Stars value={review.rating} label={`${review.rating} de 5 estrelas`} />
      <Heading className="font-semibold">{review.title}</Heading>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
        <span>{review.authorName}</span>
        <span aria-hidden>·</span>
        <span>{formatDateBR(review.createdAt)}</span>
        {review.verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden /> Compra verificada
          </span>
        ) : null}
      </p>
      <p className="whitespace-pre-line">{review.body}</p>
      {review.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Fotos do cliente">
          {review.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.url}
                  srcSet={uploadSrcSet(photo.url)}
                  sizes="96px"
                  alt={`Foto ${i + 1} de ${review.authorName}`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="h-24 w-24 rounded-md border border-slate-200 object-cover dark:border-slate-700"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="rounded-md border-l-4 border-brand-600 bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="review-reply">
          <p className="font-semibold">Resposta da Clarear</p>
          <p className="whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
