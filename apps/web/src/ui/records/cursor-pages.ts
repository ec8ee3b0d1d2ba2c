import { useQueries, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** One page of a keyset-paged list as the gateway answers it. */
export interface CursorPage<Row> {
  items: Row[];
  nextCursor: string | null;
}

/**
 * The pages of a keyset-paged list shown so far: '' is the first, "load more" appends the last page's
 * nextCursor. Plain queries per page (not an infinite query, whose observer would cost the first
 * paint's shared vendor chunk bytes). A new `resetKey` (other filters) starts again at the first page.
 */
export function useCursorPages<P extends CursorPage<unknown>, K extends QueryKey>(
  pageQuery: (cursor: string) => UseQueryOptions<P, Error, P, K>,
  resetKey: string,
) {
  const [shown, setShown] = useState({ key: resetKey, cursors: [''] });
  const cursors = shown.key === resetKey ? shown.cursors : [''];
  const pages = useQueries({ queries: cursors.map(pageQuery) }) as UseQueryResult<P, Error>[];
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.nextCursor ?? null;
  return {
    first,
    items: pages.flatMap((p) => (p.data?.items ?? []) as P['items']),
    nextCursor,
    loadingMore: cursors.length > 1 && last.isPending,
    loadMore: () => {
      if (nextCursor !== null) setShown({ key: resetKey, cursors: [...cursors, nextCursor] });
    },
  };
}
