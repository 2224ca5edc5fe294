// 'Anterior · Página X de Y · Próxima' for an admin list; the links keep the
// other query parameters (a search) and change only `pagina`. The storefront's /produtos uses it
// too, going back to the top of the list (`keepScroll={false}`).
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/cn';

export function Pagination({
  page,
  pageCount,
  label,
  className,
  keepScroll = true,
}: {
  page: number;
  pageCount: number;
  label: string;
  className?: string;
  keepScroll?: boolean;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target > 1) params.set('pagina', String(target));
    else params.delete('pagina');
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };
  const link = buttonVariants({ variant: 'outline', size: 'sm' });
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} preventScrollReset={keepScroll} className={link}>
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <p>
        Página {page} de {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} preventScrollReset={keepScroll} className={link}>
          Próxima
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
