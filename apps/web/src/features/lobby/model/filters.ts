import { GAME_LIST_PAGE_SIZE } from '@banca/contract';

/** The game-list lobby's filter tabs (spec section 2). */
export const FILTER_TABS = ['ALL', 'HOT', 'FAV', 'RECENT'] as const;
export type FilterTab = (typeof FILTER_TABS)[number];

/**
 * The game-list lobby's filter (spec section 4), kept in the URL's search params so a shared link and
 * the back button restore it. 'ALL' means no vendor / classify restriction.
 */
export interface GameFilter {
  tab: FilterTab;
  vendor: string;
  classify: string;
  search: string;
  /** How many pages of GAME_LIST_PAGE_SIZE are shown (load-more paging). */
  page: number;
}

export const DEFAULT_FILTER: GameFilter = { tab: 'ALL', vendor: 'ALL', classify: 'ALL', search: '', page: 1 };

export type FilterAction =
  | { type: 'tab'; tab: FilterTab }
  | { type: 'vendor'; vendor: string }
  | { type: 'classify'; classify: string }
  | { type: 'search'; search: string }
  | { type: 'more' };

/**
 * Spec section 4: selecting ALL resets vendor and classify to ALL; page 1 on every filter change;
 * the search text is cleared; choosing a vendor resets classify to ALL. Search exists on ALL only, so
 * typing keeps it (and goes back to page 1). Loading more is the one action that keeps everything.
 */
export const filterReducer = (state: GameFilter, action: FilterAction): GameFilter => {
  switch (action.type) {
    case 'tab':
      return action.tab === 'ALL'
        ? { ...DEFAULT_FILTER }
        : { ...state, tab: action.tab, search: '', page: 1 };
    case 'vendor':
      return { ...state, vendor: action.vendor, classify: 'ALL', search: '', page: 1 };
    case 'classify':
      return { ...state, classify: action.classify, search: '', page: 1 };
    case 'search':
      return state.tab === 'ALL' ? { ...state, search: action.search, page: 1 } : state;
    case 'more':
      return { ...state, page: state.page + 1 };
  }
};

const MAX_PAGE = 1000;
const isTab = (value: string | null): value is FilterTab =>
  value !== null && (FILTER_TABS as readonly string[]).includes(value);

/** Reads the filter from search params; anything malformed falls back to the default. */
export const filterFromParams = (params: URLSearchParams): GameFilter => {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  const vendor = params.get('vassalage') || 'ALL';
  const filter: GameFilter = {
    tab: isTab(tab) ? tab : 'ALL',
    vendor,
    classify: params.get('classify') || 'ALL',
    search: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
  if (filter.tab !== 'ALL') filter.search = '';
  return filter;
};

/**
 * Writes the filter into search params, leaving other params alone and omitting defaults so the
 * plain path stays the canonical URL. The vendor keeps the spec's `vassalage` query name (/rng?vassalage).
 */
export const paramsFromFilter = (filter: GameFilter, base?: URLSearchParams): URLSearchParams => {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? params.delete(key) : params.set(key, value);
  set('tab', filter.tab, 'ALL');
  set('vassalage', filter.vendor, 'ALL');
  set('classify', filter.classify, 'ALL');
  set('q', filter.search, '');
  set('page', String(filter.page), '1');
  return params;
};

/** Games shown with load-more paging: the first `page` pages. */
export const shownCount = (page: number) => page * GAME_LIST_PAGE_SIZE;
