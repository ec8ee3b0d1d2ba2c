import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BalanceValue } from '@banca/contract';
import { depositCalls } from '@banca/contract/routes';
import { DEPOSITS_KEY, streamTicket } from './api/deposit-api';
import { balanceQuery } from './api/wallet-api';

/**
 * The live balance (issue 9 item 9): one server-sent-event stream per logged-in page. Each `balance`
 * event writes the new figure straight into the balance query's cache (the header chip and every
 * open wallet page re-render, no reload, no refetch) and refreshes the deposit queries. EventSource
 * cannot send the token, so each connection first gets a one-time ticket (POST, bearer token); when
 * the stream drops, it is reopened with a new ticket after a growing pause, and what may have been
 * missed meanwhile is refetched once it is back (`ready`). A `revoked` event (logged out elsewhere)
 * ends it for good.
 */
interface BalanceEventData {
  balance: number;
  currency: string;
  /** MAIN, or a game vendor's wallet: only MAIN is the balance the header shows. */
  wallet?: string;
  kind: string;
}

const MAX_RETRY_MS = 30_000;

function connect(client: QueryClient, memberId: number): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let retryMs = 1_000;
  let opened = false;

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => void open(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function open() {
    if (stopped) return;
    let ticket: string;
    try {
      ({ ticket } = await streamTicket());
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const es = new EventSource(`${depositCalls.events.path}?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    es.addEventListener('ready', () => {
      retryMs = 1_000;
      // Back after a gap: whatever moved meanwhile.
      if (opened) {
        void client.invalidateQueries({ queryKey: balanceQuery(memberId).queryKey });
        void client.invalidateQueries({ queryKey: DEPOSITS_KEY });
      }
      opened = true;
    });
    es.addEventListener('balance', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as BalanceEventData;
      if (data.wallet !== undefined && data.wallet !== 'MAIN') {
        // A vendor wallet moved: the wallet pages that show it refetch.
        void client.invalidateQueries({ queryKey: ['wallet'] });
        return;
      }
      client.setQueryData<BalanceValue>(balanceQuery(memberId).queryKey, (old) =>
        old && old.currency === data.currency ? { ...old, balance: data.balance } : old,
      );
      if (data.kind === 'DEPOSIT') void client.invalidateQueries({ queryKey: DEPOSITS_KEY });
    });
    es.addEventListener('revoked', () => {
      stopped = true;
      es.close();
    });
    // The ticket is spent: the browser's own reconnect would be refused, so reopen with a new one.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

/** Keeps the member's live stream open while mounted (once per page: the header mounts it). */
export function useLiveBalance(memberId: number | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (memberId === undefined || typeof EventSource === 'undefined') return;
    return connect(client, memberId);
  }, [client, memberId]);
}

/** Mounted once in the logged-in header. */
export function LiveBalance({ memberId }: { memberId: number | undefined }) {
  useLiveBalance(memberId);
  return null;
}
