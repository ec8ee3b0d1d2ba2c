import type { RouteEntry } from '../route-entry.ts';

/**
 * The house vendor's own browser API (issue 11 item 3): what its game pages call. The house vendor
 * is a game vendor like any other (its server side calls the gateway's vendor wallet API over HTTP);
 * its pages live under /house and /sandbox and carry their house session (from the launch-token
 * exchange) in each body's `session` field, never a member token. Every call is POST so the session
 * never sits in a URL.
 */
const houseCall = <const Id extends string, const Path extends string>(id: Id, path: Path) =>
  ({ id, method: 'POST', path, auth: 'none', enc: false }) as const;

export const houseCalls = {
  /** Exchanges the launch URL's one-time token for a house session (the game page's first call). */
  openSession: houseCall('house.openSession', '/house/api/session'),
  /** One slot spin: debit of the total bet, credit of the payout (idempotent by `requestId`). */
  spin: houseCall('house.spin', '/house/api/slot/spin'),
  /** One dice roll (idempotent by `requestId`). */
  roll: houseCall('house.roll', '/house/api/dice/roll'),
  /** The player's provably fair state: the current server seed's hash, the client seed, the next nonce. */
  fairness: houseCall('house.fairness', '/house/api/fairness'),
  /** Sets the client seed used from the next round on. */
  setClientSeed: houseCall('house.setClientSeed', '/house/api/fairness/client-seed'),
  /** Reveals the current server seed and starts a new one (its hash shown). */
  rotateSeed: houseCall('house.rotateSeed', '/house/api/fairness/rotate'),
  /** The player's rounds, newest first (keyset pages). */
  rounds: houseCall('house.rounds', '/house/api/rounds'),
  /** One round, with its server seed once that seed is revealed. */
  round: houseCall('house.round', '/house/api/round'),
  /** The sandbox vendor's round: one stake, one outcome (sandbox/ on the server). */
  sandboxPlay: houseCall('house.sandboxPlay', '/house/api/sandbox/play'),
} as const satisfies Record<string, RouteEntry>;
