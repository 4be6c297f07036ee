export const PAGE_SIZES = [50, 100, 500, 1000] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 100;

/** The grid's paging, kept in the URL (`?page=2&pageSize=500`) so links and back/forward work. */
export interface Paging {
  /** 1-based. */
  page: number;
  pageSize: PageSize;
}

function isPageSize(n: number): n is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(n);
}

export function readPaging(params: URLSearchParams): Paging {
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * New search params with the paging changed and every other parameter kept. A new page size
 * starts again at page 1, since the old page number points at other rows. Defaults are left out
 * of the URL.
 */
export function writePaging(params: URLSearchParams, change: Partial<Paging>): URLSearchParams {
  const current = readPaging(params);
  const pageSize = change.pageSize ?? current.pageSize;
  const page = change.page ?? (pageSize === current.pageSize ? current.page : 1);
  const next = new URLSearchParams(params);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  if (pageSize === DEFAULT_PAGE_SIZE) next.delete('pageSize');
  else next.set('pageSize', String(pageSize));
  return next;
}

export function pageQuery({ page, pageSize }: Paging): { skip: number; limit: number } {
  return { skip: (page - 1) * pageSize, limit: pageSize };
}

/** "Rows from–to of total", 1-based; undefined when the page has no rows. */
export function rowRange(
  paging: Paging,
  rowsOnPage: number,
  total: number | undefined,
): { from: number; to: number; total: number | undefined } | undefined {
  if (rowsOnPage === 0) return undefined;
  const from = pageQuery(paging).skip + 1;
  return { from, to: from + rowsOnPage - 1, total };
}

/** Whether a next page exists: from the count when known, else from a full page. */
export function hasNextPage(paging: Paging, rowsOnPage: number, total: number | undefined): boolean {
  if (total !== undefined) return paging.page * paging.pageSize < total;
  return rowsOnPage === paging.pageSize;
}
