import { useCallback, useEffect, useState } from 'react';
import { lotteryCalls, type EntryValue } from '@banca/contract/routes';
import { useNow } from '@/lib/clock';
import { houseCall, type HouseSession } from '../session';

export type LotteryState = EntryValue<typeof lotteryCalls.houseState>;
export type LotteryTicket = EntryValue<typeof lotteryCalls.houseTickets>['tickets'][number];

/** How often the page asks for the period and results (and its tickets) while open. */
const POLL_MS = 3_000;

/**
 * The lottery's state and the player's tickets, polled while the page is open (a draw changes both),
 * and the clock offset to the server's, so the countdown does not depend on the device's clock.
 */
export function useLottery(session: HouseSession) {
  const [state, setState] = useState<LotteryState | undefined>();
  const [tickets, setTickets] = useState<LotteryTicket[]>([]);
  const [offset, setOffset] = useState(0);
  const refresh = useCallback(async () => {
    const sent = Date.now();
    const [next, mine] = await Promise.all([
      houseCall(lotteryCalls.houseState, session, {}),
      houseCall(lotteryCalls.houseTickets, session, { pageSize: 20 }),
    ]);
    setOffset(Date.parse(next.serverTime) - (sent + Date.now()) / 2);
    setState(next);
    setTickets(mine.tickets);
  }, [session]);
  useEffect(() => {
    let live = true;
    const tick = () => {
      if (live) refresh().catch(() => undefined);
    };
    tick();
    const timer = setInterval(tick, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [refresh]);
  return { state, tickets, offset, refresh };
}

/** Now, on the server's clock, every second. */
export const useServerNow = (offset: number): number => useNow(1_000, { offset });
