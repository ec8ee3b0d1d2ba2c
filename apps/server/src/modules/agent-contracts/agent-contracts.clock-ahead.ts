/**
 * DEVELOPMENT AND TESTS ONLY: contracts whose SCHEDULED settlement runs with the clock ahead, so that a
 * journey can make "today" (or this hour) a closed period for its own contracts and let the scheduler
 * pay it on its next tick, instead of racing the real clock or calling a settle route by hand.
 *
 * Set through the dev route `POST /dev/agent-contracts/clock` (registered only beside the dev module);
 * read by the agent-contract jobs (agent-contracts.jobs.ts): each run settles every contract at the
 * scheduler's `now` as always, then the contracts set here again at `now + ahead`, those contracts only.
 * Scoped by contract so that the other journeys sharing the e2e server, and every other job (lottery
 * draws, clean-ups), keep the real clock. The scheduler's job-run claim still uses the scheduler's own
 * `now`: the offset never moves a claim, so no period is skipped or claimed twice. The settlement is
 * keyed by (contract, period) as always, so a period settled ahead is never paid again when the real
 * clock gets there.
 *
 * Kept in the node's memory (the e2e server is one node); an empty map outside development.
 */
export interface SettlementClockAhead {
  /** Settles `contractIds` `seconds` ahead of the scheduler's clock from the next run on; 0 clears them. */
  set(contractIds: readonly number[], seconds: number): void;
  /** The contracts set ahead, grouped by how far (milliseconds), in contract-id order. */
  groups(): { aheadMs: number; contractIds: number[] }[];
}

export function createSettlementClockAhead(): SettlementClockAhead {
  const ahead = new Map<number, number>();
  return {
    set(contractIds, seconds) {
      for (const id of contractIds) {
        if (seconds === 0) ahead.delete(id);
        else ahead.set(id, seconds * 1000);
      }
    },
    groups() {
      const by = new Map<number, number[]>();
      for (const [id, ms] of [...ahead].sort((a, b) => a[0] - b[0])) {
        const list = by.get(ms);
        if (list) list.push(id);
        else by.set(ms, [id]);
      }
      return [...by].map(([aheadMs, contractIds]) => ({ aheadMs, contractIds }));
    },
  };
}
