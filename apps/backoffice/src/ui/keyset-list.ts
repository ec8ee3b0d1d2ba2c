import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { allPages, type KeysetPaging } from './DataTable.tsx';
import { useUrlCursor } from './url-state.ts';

/** What a keyset page holds: its rows and the cursor of the next page (none: the last page). */
export interface KeysetPageShape<P, T> {
  items: (page: P) => T[];
  next: (page: P) => string | number | null | undefined;
}

/**
 * One server-paged list of a back-office page: the page the URL's cursor names (kept on screen while the
 * next loads), and the DataTable props that go with it (rows, loading, the pager, the CSV export that
 * walks every page the filters select). `queryKey` names the filters; the cursor is appended here.
 */
export function useKeysetList<P, T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<P>,
  shape: KeysetPageShape<P, T>,
  options: { refetchInterval?: number } = {},
) {
  const { cursor, go } = useUrlCursor();
  const query = useQuery({
    queryKey: [...queryKey, cursor],
    queryFn: () => fetchPage(cursor),
    placeholderData: keepPreviousData,
    ...options,
  });
  const nextOf = (page: P | undefined): string | null => {
    const next = page === undefined ? null : shape.next(page);
    return next == null ? null : String(next);
  };
  const paging: KeysetPaging = {
    isFirst: cursor === undefined,
    hasNext: nextOf(query.data) !== null,
    onNext: () => go(nextOf(query.data) ?? undefined),
    onFirst: () => go(undefined),
  };
  const table = {
    rows: query.data === undefined ? [] : shape.items(query.data),
    loading: query.isFetching,
    paging,
    exportRows: () =>
      allPages(async (c) => {
        const page = await fetchPage(c);
        return { items: shape.items(page), next: nextOf(page) };
      }),
  };
  return { query, table };
}
