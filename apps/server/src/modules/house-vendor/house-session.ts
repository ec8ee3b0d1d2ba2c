import { createHash, randomBytes } from 'node:crypto';
import type { HouseSessionValue, Language } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import type { GatewayWallet } from './gateway-wallet.ts';
import { HouseError } from './house-vendor.errors.ts';
import {
  deleteHouseSessionsExpiredBefore,
  findHouseSession,
  insertHouseSession,
} from './house-vendor.repository.ts';

/*
 * A house session: what a house game page holds after its launch. The page sends the launch URL's
 * one-time token; the house vendor exchanges it with the gateway (signed, /callback/vendor/launch)
 * for a player session, keeps that on its side, and gives the page its own session token instead, so
 * the gateway's player session never reaches the browser.
 */

const hashSession = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Who plays in a house session: what every house game call works with. */
export interface HousePlayer {
  vendor: string;
  /** The gateway's player session (the wallet calls' `playerSession`). */
  playerSession: string;
  gameCode: string;
  account: string;
  currency: string;
  language: Language;
  lotto: Readonly<Record<string, string>> | null;
  expiresAt: Date;
}

/** POST /house/api/session: exchanges the launch token, opens a house session. */
export async function openHouseSession(
  db: DbOrTrx,
  wallet: GatewayWallet,
  request: { vendor: string; launch: string },
  now = new Date(),
): Promise<HouseSessionValue> {
  const { body } = await wallet.send(request.vendor, 'launch', { launchToken: request.launch });
  if (body.status !== 'OK' || !body.playerSession || !body.launch || body.balance === undefined) {
    throw new HouseError('house_launch_invalid');
  }
  const launch = body.launch;
  const language: Language = launch.language === 'EN' ? 'EN' : 'PT';
  const device = launch.device === 'MOBILE' || launch.device === 'DESKTOP' ? launch.device : undefined;
  const session = randomBytes(32).toString('base64url');
  const expiresAt = new Date(launch.sessionExpiresAt);
  await insertHouseSession(db, {
    token_hash: hashSession(session),
    vendor: request.vendor,
    player_session: body.playerSession,
    game_code: launch.gameCode,
    account: launch.account,
    currency: body.currency ?? '',
    language,
    device: device ?? null,
    back_url: launch.backUrl ?? null,
    lotto: launch.lotto ? JSON.stringify(launch.lotto) : null,
    expires_at: expiresAt,
    created_at: now,
  });
  return {
    session,
    vendor: request.vendor,
    gameCode: launch.gameCode,
    account: launch.account,
    currency: body.currency ?? '',
    balance: body.balance,
    language,
    ...(device ? { device } : {}),
    ...(launch.backUrl ? { backUrl: launch.backUrl } : {}),
    ...(launch.lotto ? { lotto: launch.lotto } : {}),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The player of a live house session, or 401 house_session_invalid (unknown or expired: the gateway
 * would refuse its bets anyway; settlements of bets already placed do not go through here).
 */
export async function requireHousePlayer(
  db: DbOrTrx,
  session: string,
  now = new Date(),
): Promise<HousePlayer> {
  const row = await findHouseSession(db, hashSession(session));
  if (!row || new Date(row.expires_at).getTime() <= now.getTime())
    throw new HouseError('house_session_invalid');
  return {
    vendor: row.vendor,
    playerSession: row.player_session,
    gameCode: row.game_code,
    account: row.account,
    currency: row.currency,
    language: row.language === 'EN' ? 'EN' : 'PT',
    lotto: row.lotto,
    expiresAt: new Date(row.expires_at),
  };
}

/** Drops sessions that expired before `olderThan` (the house vendor's clean-up job). */
export const deleteExpiredHouseSessions = (db: DbOrTrx, olderThan: Date): Promise<number> =>
  deleteHouseSessionsExpiredBefore(db, olderThan);
