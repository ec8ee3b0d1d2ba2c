import type { Database } from '../../database.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import { deleteExpiredLaunches } from './launch/launch.service.ts';
import { deleteExpiredPlayerSessions } from './vendor-wallet/player-session.service.ts';

const HOUR_MS = 3_600_000;

/**
 * How long rows outlive their expiry. A launch token is useless a minute after it is made; a day of
 * slack keeps it for a "the game did not open" complaint. An expired player session still lets its
 * vendor credit, roll back and end rounds (late settlements of sports bets come days later), so it
 * is kept 30 days past its expiry before a vendor's call on it answers session_invalid.
 */
export const GAMES_CLEANUP_GRACE_HOURS = { launch: 24, playerSession: 24 * 30 } as const;

export const gamesCleanupJob: ScheduledJob<Database> = {
  name: 'games.cleanup-expired',
  everySeconds: 3600,
  run: async (db, now) => {
    const launches = await deleteExpiredLaunches(
      db,
      new Date(now.getTime() - GAMES_CLEANUP_GRACE_HOURS.launch * HOUR_MS),
    );
    const sessions = await deleteExpiredPlayerSessions(
      db,
      new Date(now.getTime() - GAMES_CLEANUP_GRACE_HOURS.playerSession * HOUR_MS),
    );
    return `game_launch=${launches} vendor_player_session=${sessions}`;
  },
};
