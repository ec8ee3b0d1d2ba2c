import type { Language, ListGameType } from '@banca/contract';
import { gamesCalls, walletCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/** A local calendar day (yyyy-mm-dd) as the UTC instant of its local midnight (the wire speaks UTC). */
export const localMidnight = (day: string, plusDays = 0): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
};

/** Today in the viewer's calendar, yyyy-mm-dd, moved by `plusDays`. */
export const localDay = (plusDays = 0): string => {
  const d = new Date();
  d.setDate(d.getDate() + plusDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Filters of the betting record as the screen holds them (dates in the viewer's zone, '' for none). */
export interface BetFilters {
  category: ListGameType | '';
  vendor: string;
  status: '' | 'OPEN' | 'SETTLED' | 'CANCELLED';
  from: string;
  to: string;
}

export const BET_PAGE_SIZE = 20;

/** One page of the betting record; `cursor` '' is the first page, then each page's nextCursor. */
export const betPageQuery = (
  memberId: number | undefined,
  language: Language,
  f: BetFilters,
  cursor: string,
) =>
  queryOptions({
    queryKey: ['records', 'bets', memberId, language, f, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(gamesCalls.betRecords, {
        signal,
        query: {
          ...(f.category ? { category: f.category } : {}),
          ...(f.vendor ? { vendor: f.vendor } : {}),
          ...(f.status ? { status: f.status } : {}),
          ...(f.from ? { from: localMidnight(f.from) } : {}),
          // `to` is inclusive on screen: the wire gets the next midnight.
          ...(f.to ? { to: localMidnight(f.to, 1) } : {}),
          limit: BET_PAGE_SIZE,
          ...(cursor ? { cursor } : {}),
        },
      }),
    enabled: memberId !== undefined,
  });

/** The vendors the filter offers (every enabled vendor, in the viewer's language). */
export const recordVendorsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['records', 'vendors', language] as const,
    queryFn: async ({ signal }) =>
      (await apiCall(gamesCalls.vassGameType, { body: { language }, signal })).list,
    staleTime: 5 * 60_000,
  });

export const profitQuery = (
  memberId: number | undefined,
  period: 'day' | 'week' | 'month',
  from: string,
  to: string,
) =>
  queryOptions({
    queryKey: ['records', 'profit', memberId, period, from, to] as const,
    queryFn: ({ signal }) =>
      apiCall(gamesCalls.profit, {
        signal,
        query: { period, from: localMidnight(from)!, to: localMidnight(to, 1)! },
      }),
    enabled: memberId !== undefined && localMidnight(from) !== undefined && localMidnight(to) !== undefined,
  });

export const bonusPageQuery = (memberId: number | undefined, cursor: string) =>
  queryOptions({
    queryKey: ['records', 'bonuses', memberId, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(walletCalls.bonuses, {
        signal,
        query: { limit: BET_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      }),
    enabled: memberId !== undefined,
  });
