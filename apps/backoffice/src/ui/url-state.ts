import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The page's filters live in the URL (shareable, back/forward work); paging restarts on a change. */
export function useUrlFilters<N extends string>(names: readonly N[]) {
  const [params, setParams] = useSearchParams();
  const key = names.map((n) => `${n}=${params.get(n) ?? ''}`).join('&');
  const values = useMemo(
    () => Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<N, string>,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the values' identity
    [key],
  );
  const setFilters = useCallback(
    (next: Partial<Record<N, string>>) =>
      setParams((current) => {
        const p = new URLSearchParams(current);
        for (const [k, v] of Object.entries(next) as [string, string | undefined][]) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        p.delete('cursor');
        return p;
      }),
    [setParams],
  );
  return { values, setFilters };
}

/** The keyset cursor of the page shown (`cursor` in the URL; none: the first page). */
export function useUrlCursor() {
  const [params, setParams] = useSearchParams();
  const cursor = params.get('cursor') ?? undefined;
  const go = useCallback(
    (next: string | undefined) =>
      setParams((current) => {
        const p = new URLSearchParams(current);
        if (next) p.set('cursor', next);
        else p.delete('cursor');
        return p;
      }),
    [setParams],
  );
  return { cursor, go };
}

/** `sort=<column>:<asc|desc>` in the URL. */
export function useUrlSort() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort');
  const [id, dir] = raw ? raw.split(':') : [];
  const sorting = id ? [{ id, desc: dir === 'desc' }] : [];
  const setSorting = useCallback(
    (next: { id: string; desc: boolean }[]) =>
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          const first = next[0];
          if (first) p.set('sort', `${first.id}:${first.desc ? 'desc' : 'asc'}`);
          else p.delete('sort');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { sorting, setSorting };
}
