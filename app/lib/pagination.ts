// Admin lists are read one page at a time (`?pagina=`): a page outside the
// range shows the nearest one, so an old link never shows an empty list.

export type PageWindow = { page: number; pageCount: number; offset: number };

export function pageWindow(total: number, requestedPage: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(Number.isFinite(requestedPage) ? requestedPage : 1)), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
