import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** A record page's filters: each a string ('' for none), held in the URL's search params by name. */
export type FilterValues = Record<string, string>;

export interface UrlFilters<F extends FilterValues> {
  /** The filters the list shows, read from the URL (absent params take their defaults). */
  applied: F;
  /** A stable key of `applied`: the cursor pages start again when it changes. */
  key: string;
  /** The filters as being edited, not yet applied. */
  draft: F;
  setDraft: (patch: Partial<F>) => void;
  /** Writes `values` (the draft by default) to the URL as a new history entry: a link or Back restores them. */
  apply: (values?: F) => void;
  /** Some applied filter differs from its default: an empty list says "nothing for these filters". */
  filtered: boolean;
  /** Back to the defaults (a new history entry). */
  clear: () => void;
}

/** Whether `applied` narrows the list: some value differs from its default. */
export const isFiltered = <F extends FilterValues>(applied: F, defaults: F): boolean =>
  Object.keys(defaults).some((name) => (applied[name] ?? '') !== defaults[name]);

/**
 * The filters of a record page in the URL's search params, so a filtered list can be linked, reloaded
 * and gone back to. Other params (the member centre's `page`) are kept. A value equal to its default,
 * or empty, is left out of the URL. `defaults` may depend on the params (the profit page's range
 * follows its period).
 */
export function useUrlFilters<F extends FilterValues>(
  defaults: F | ((params: URLSearchParams) => F),
): UrlFilters<F> {
  const [params, setParams] = useSearchParams();
  const defaultsOf = (p: URLSearchParams): F => (typeof defaults === 'function' ? defaults(p) : defaults);
  const base = defaultsOf(params);
  const names = Object.keys(base) as (keyof F & string)[];
  const applied = Object.fromEntries(names.map((name) => [name, params.get(name) ?? base[name]])) as F;
  const key = JSON.stringify(applied);
  // The draft follows the URL whenever the applied filters change (a link, Back), edits or not.
  const [edit, setEdit] = useState<{ key: string; values: F } | null>(null);
  const draft = edit && edit.key === key ? edit.values : applied;

  const apply = (values: F = draft) => {
    // The edit is spent: the draft follows the URL again (coming back to these filters, by Back or
    // Clear, shows them as applied, not an edit made before).
    setEdit(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of names) next.delete(name);
      for (const name of names) if (values[name] !== '') next.set(name, values[name]!);
      const fallback = defaultsOf(next);
      for (const name of names) if (next.get(name) === fallback[name]) next.delete(name);
      return next;
    });
  };

  return {
    applied,
    key,
    draft,
    setDraft: (patch) => setEdit({ key, values: { ...draft, ...patch } }),
    apply,
    filtered: isFiltered(applied, base),
    clear: () => apply(base),
  };
}

/** yyyy-mm-dd strings compare as dates: a range whose start is after its end is refused. */
export const badRange = (from: string, to: string, required = false): boolean =>
  required ? from === '' || to === '' || from > to : from !== '' && to !== '' && from > to;
