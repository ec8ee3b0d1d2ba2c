import { LIST_GAME_TYPES, type Language, type ListGameType } from '@banca/contract';
import { gamesCalls, walletCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';
import { localMidnight, shiftDay } from '@/lib/clock';

/**
 * Filters of the betting record as the screen holds them (the URL's search params: dates in the
 * viewer's zone, '' for none). A category or status the contract does not know is no filter.
 */
export type BetFilters = { category: string; vendor: string; status: string; from: string; to: string };

const BET_STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
const isCategory = (c: string): c is ListGameType => (LIST_GAME_TYPES as readonly string[]).includes(c);
const isStatus = (s: string): s is (typeof BET_STATUSES)[number] =>
  (BET_STATUSES as readonly string[]).includes(s);

export const BET_PAGE_SIZE = 20;

/** The betting record's filters as the wire takes them (the member's own record and its team's). */
export const betFilterQuery = (f: BetFilters) => ({
  ...(isCategory(f.category) ? { category: f.category } : {}),
  ...(f.vendor ? { vendor: f.vendor } : {}),
  ...(isStatus(f.status) ? { status: f.status } : {}),
  ...(f.from ? { from: localMidnight(f.from) } : {}),
  // `to` is inclusive on screen: the wire gets the next midnight.
  ...(f.to ? { to: localMidnight(f.to, 1) } : {}),
});

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
          ...betFilterQuery(f),
          limit: BET_PAGE_SIZE,
          ...(cursor ? { cursor } : {}),
        },
      }),
    enabled: memberId !== undefined,
  });

/** The vendors the betting filters offer (every enabled vendor, in the viewer's language). */
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
        // Calendar days, read by the server in the merchant's calendar (its time zone), so a day is
        // the merchant's day whatever the browser's zone; `to` is exclusive: the day after the last.
        query: { period, from, to: shiftDay(to, 1)! },
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

/** House rounds the fairness view verifies: the house vendor's slot and dice (house-games' verifyRound). */
const VERIFIABLE: Readonly<Record<string, readonly string[]>> = { BANCA: ['SLOT5X3', 'DICE'] };
export const verifiable = (round: { vendor: string; gameCode: string; status: string }): boolean =>
  round.status === 'SETTLED' && (VERIFIABLE[round.vendor]?.includes(round.gameCode) ?? false);

/**
 * The game's own fairness view with the round verified: a launch of the game (its one-time URL),
 * with `verify=<roundId>` for the house page, which opens its Verify tab on that round.
 */
export async function verifyUrl(
  round: { nodeId: string; roundId: string },
  language: Language,
  device: 'MOBILE' | 'DESKTOP',
): Promise<string> {
  const launch = await apiCall(gamesCalls.launchGame, {
    body: {
      nodeId: round.nodeId,
      device,
      backUrl: `${window.location.pathname}${window.location.search}`,
      language,
    },
  });
  const url = new URL(launch.url, window.location.origin);
  url.searchParams.set('verify', round.roundId);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}
