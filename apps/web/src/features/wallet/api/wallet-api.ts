import { LANGUAGE_HEADER } from '@banca/contract';
import { ACCOUNT_RECORD_TYPES, WALLET_RECORDS_CSV_PATH, walletCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, getToken } from '@/api';
import { localMidnight } from '@/lib/clock';

/**
 * The member's balance. Keyed by member id so one account never sees another's figure after a
 * switch; kept fresh for 30 s (the refresh button and money-moving screens refetch on purpose).
 */
export const balanceQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'balance', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.balance, { signal }),
    enabled: memberId !== undefined,
    staleTime: 30_000,
    retry: 1,
  });

/** Filters of the account record as the screen holds them (dates in the viewer's zone). */
export type RecordFilters = {
  type: string;
  /** yyyy-mm-dd in the viewer's time zone, or ''. */
  from: string;
  to: string;
};

/**
 * The query of the record calls: `to` is inclusive on screen, so the wire gets the next midnight; a
 * type the contract does not know (a hand-edited URL) is no filter.
 */
export const recordWireFilters = (f: RecordFilters) => ({
  ...((ACCOUNT_RECORD_TYPES as readonly string[]).includes(f.type) ? { type: f.type } : {}),
  ...(f.from ? { from: localMidnight(f.from) } : {}),
  ...(f.to ? { to: localMidnight(f.to, 1) } : {}),
});

export const RECORD_PAGE_SIZE = 20;

/**
 * One page of the account record, newest first; `cursor` '' is the first page, then each page's
 * nextCursor (keyset). Plain queries per page (not an infinite query, whose observer would cost the
 * first paint's shared vendor chunk bytes).
 */
export const recordPageQuery = (memberId: number | undefined, filters: RecordFilters, cursor: string) =>
  queryOptions({
    queryKey: ['wallet', 'record', memberId, filters, cursor] as const,
    queryFn: ({ signal }) =>
      apiCall(walletCalls.records, {
        signal,
        query: { ...recordWireFilters(filters), limit: RECORD_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      }),
    enabled: memberId !== undefined,
  });

/**
 * Downloads the filtered record as CSV. The call needs the token header, so it is fetched and
 * handed to the browser as a file (not a plain link, which would carry no token).
 */
export async function downloadRecordCsv(filters: RecordFilters, language: 'PT' | 'EN'): Promise<void> {
  const params = new URLSearchParams({ ...recordWireFilters(filters), lang: language } as Record<
    string,
    string
  >);
  const token = getToken();
  const res = await fetch(`${WALLET_RECORDS_CSV_PATH}?${params.toString()}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), [LANGUAGE_HEADER]: language },
  });
  if (!res.ok) throw new Error(`csv ${res.status}`);
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'account-record.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
/** GET /wps/relay/GCS_merchantWallet: single or transfer wallet mode (merchant-wide). */
export const merchantWalletQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'merchantWallet'] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.merchantWallet, { signal }),
    staleTime: 60_000,
  });

/** The member's main and vendor wallets (GET /wps/member/info/funds/consolidated). */
export const fundsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['wallet', 'funds', memberId] as const,
    queryFn: ({ signal }) => apiCall(walletCalls.consolidatedFunds, { signal }),
    enabled: memberId !== undefined,
    staleTime: 10_000,
  });
