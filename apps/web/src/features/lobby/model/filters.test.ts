import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER,
  filterFromParams,
  filterReducer,
  paramsFromFilter,
  type GameFilter,
} from './filters';

const busy: GameFilter = { tab: 'HOT', vendor: 'PG', classify: 'SLOT', search: '', page: 3 };

describe('game filter rules (spec section 4)', () => {
  it('ALL resets vendor, classify, search and page', () => {
    expect(filterReducer({ ...busy, tab: 'ALL', search: 'fortune' }, { type: 'tab', tab: 'ALL' })).toEqual(
      DEFAULT_FILTER,
    );
  });

  it('another tab keeps vendor and classify but goes to page 1 and clears search', () => {
    const next = filterReducer({ ...busy, tab: 'ALL', search: 'x' }, { type: 'tab', tab: 'FAV' });
    expect(next).toEqual({ tab: 'FAV', vendor: 'PG', classify: 'SLOT', search: '', page: 1 });
  });

  it('a vendor resets classify to ALL and page to 1', () => {
    expect(filterReducer(busy, { type: 'vendor', vendor: 'JDB' })).toEqual({
      ...busy,
      vendor: 'JDB',
      classify: 'ALL',
      page: 1,
    });
  });

  it('a classify goes to page 1 and clears search', () => {
    const next = filterReducer({ ...busy, tab: 'ALL', search: 'x' }, { type: 'classify', classify: 'TABLE' });
    expect(next).toMatchObject({ classify: 'TABLE', vendor: 'PG', search: '', page: 1 });
  });

  it('search only applies on ALL, and goes to page 1', () => {
    expect(filterReducer(busy, { type: 'search', search: 'x' })).toBe(busy);
    const onAll = { ...busy, tab: 'ALL' as const };
    expect(filterReducer(onAll, { type: 'search', search: 'x' })).toMatchObject({ search: 'x', page: 1 });
  });

  it('load more only moves the page', () => {
    expect(filterReducer(busy, { type: 'more' })).toEqual({ ...busy, page: 4 });
  });
});

describe('filter in the URL', () => {
  it('round-trips through search params and omits defaults', () => {
    const filter: GameFilter = { tab: 'ALL', vendor: 'PG', classify: 'SLOT', search: 'fortune', page: 2 };
    const params = paramsFromFilter(filter);
    expect(params.toString()).toBe('vassalage=PG&classify=SLOT&q=fortune&page=2');
    expect(filterFromParams(params)).toEqual(filter);
    expect(paramsFromFilter(DEFAULT_FILTER).toString()).toBe('');
  });

  it('keeps unrelated params', () => {
    expect(paramsFromFilter(DEFAULT_FILTER, new URLSearchParams('x=1&page=4')).toString()).toBe('x=1');
  });

  it('falls back to defaults for malformed values', () => {
    expect(filterFromParams(new URLSearchParams('tab=NOPE&page=-3'))).toEqual(DEFAULT_FILTER);
    expect(filterFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(filterFromParams(new URLSearchParams('page=999999')).page).toBe(1000);
  });

  it('drops a search outside ALL', () => {
    expect(filterFromParams(new URLSearchParams('tab=HOT&q=x')).search).toBe('');
  });
});
