import { createHash, randomBytes } from 'node:crypto';
import type { Language, LaunchGameValue, VendorAnswer } from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findEnabledGame } from '../catalogue/catalogue.repository.ts';
import { GamesError } from '../games.errors.ts';
import type { OpenMode } from './launch.table.ts';
import {
  deleteLaunchesExpiredBefore,
  findVendorLaunch,
  insertLaunch,
  upsertVendorLaunch,
  useLaunch,
} from './launch.repository.ts';
import { recordRecentGame } from '../lobby/member-games.service.ts';
import { openPlayerSession } from '../vendor-wallet/player-session.service.ts';

/*
 * The launch (issue 11 item 2, docs/vendor-api.md "Launch"). A member's launch answers the vendor's
 * launch URL with a one-time launch token in its `launch` query parameter; the vendor's game page
 * hands the token to its own server, which exchanges it (signed, POST /callback/vendor/launch) for a
 * player session. The token never names the member to anyone but the vendor, lives 60 seconds and
 * works once, so a URL that leaks (history, logs, a shared link) opens nothing.
 */

/** How long a launch token can be exchanged. */
export const LAUNCH_TOKEN_TTL_MS = 60_000;

const hashLaunchToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface LaunchRequest {
  memberId: number;
  merchantCode: string;
  currency: string;
  nodeId: string;
  language: Language;
  device?: 'MOBILE' | 'DESKTOP' | undefined;
  backUrl?: string | undefined;
  /** Lottery launch fields (spec section 7), passed to the vendor as they came. */
  lotto?: Readonly<Record<string, string>> | undefined;
  /**
   * A free-trial launch in play money (`currency` is then XPL): only games whose tile offers the
   * free trial (catalogue supportPlay 0, spec section 2) open; any other is a real launch, refused
   * with 403 in_need_true_account.
   */
  freeTrial?: boolean;
}

/** The spec's tile rule (section 2): the free-trial button shows when supportPlay is 0. */
export const offersFreeTrial = (game: { support_play: boolean }): boolean => !game.support_play;

/** Registers (or moves) where a vendor's games open. The vendor must be in the catalogue. */
export async function ensureVendorLaunch(
  db: DbOrTrx,
  vendor: { vendor: string; launchUrl: string; openMode: OpenMode },
): Promise<void> {
  await upsertVendorLaunch(db, vendor);
}

/** The launch URL: the vendor's own with the token and what the member asked for as parameters. */
function launchUrl(base: string, token: string, request: LaunchRequest, gameCode: string): string {
  // A same-site path stays relative (the SPA opens it on its own origin).
  const url = new URL(base, 'https://same-site.invalid');
  url.searchParams.set('launch', token);
  url.searchParams.set('game', gameCode);
  url.searchParams.set('lang', request.language);
  if (request.device) url.searchParams.set('device', request.device);
  if (request.backUrl) url.searchParams.set('backUrl', request.backUrl);
  for (const [key, value] of Object.entries(request.lotto ?? {})) url.searchParams.set(key, value);
  return url.origin === 'https://same-site.invalid' ? `${url.pathname}${url.search}` : url.href;
}

/**
 * /wps/game/launchGame and GCS_gameLaunchFB: login and the trial refusal are checked by the routes
 * (games.routes.ts). 404 game_not_found for a game that does not exist or is disabled; 403
 * in_need_true_account for a free-trial launch of a game that offers no free trial; 503
 * game_unavailable when its vendor has no launch (a catalogue-only vendor). Records the game in the
 * member's recent games.
 */
export async function launchGame(db: Db, request: LaunchRequest, now = new Date()): Promise<LaunchGameValue> {
  const game = await findEnabledGame(db, request.nodeId);
  if (!game) throw new GamesError('game_not_found', { nodeId: request.nodeId });
  if (request.freeTrial && !offersFreeTrial(game)) throw new AppError('in_need_true_account');
  const target = await findVendorLaunch(db, game.vassalage);
  if (!target) throw new GamesError('game_unavailable', { nodeId: request.nodeId });
  const token = randomBytes(32).toString('base64url');
  await inTransaction(db, async (trx) => {
    await insertLaunch(trx, {
      token_hash: hashLaunchToken(token),
      member_id: request.memberId,
      merchant_code: request.merchantCode,
      vendor: game.vassalage,
      node_id: game.node_id,
      game_code: game.game_code,
      currency: request.currency,
      language: request.language,
      device: request.device ?? null,
      back_url: request.backUrl ?? null,
      lotto: request.lotto && Object.keys(request.lotto).length > 0 ? JSON.stringify(request.lotto) : null,
      expires_at: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS),
      created_at: now,
    });
    await recordRecentGame(trx, request.memberId, game.node_id, now);
  });
  return { url: launchUrl(target.launch_url, token, request, game.game_code), openMode: target.open_mode };
}

export type LaunchExchange = Pick<VendorAnswer, 'playerSession' | 'launch'>;

/**
 * POST /callback/vendor/launch: the vendor named by the signature exchanges its launch token, once
 * and within 60 s, for a player session. Consuming the token and opening the session are one
 * transaction, so a token is never spent without a session or exchanged twice (a second exchange,
 * even at the same moment, finds used_at set). Unknown, used, expired and other vendors' tokens are
 * one answer (undefined): the caller cannot tell which.
 */
export async function exchangeLaunchToken(
  db: Db,
  vendor: string,
  launchToken: string,
  now = new Date(),
): Promise<LaunchExchange | undefined> {
  return inTransaction(db, async (trx) => {
    const launch = await useLaunch(trx, hashLaunchToken(launchToken), vendor, now);
    if (!launch) return undefined;
    const session = await openPlayerSession(trx, {
      memberId: launch.member_id,
      merchantCode: launch.merchant_code,
      vendor,
      currency: launch.currency,
      now,
    });
    return {
      playerSession: session.playerSession,
      launch: {
        account: session.account,
        gameCode: launch.game_code,
        language: launch.language,
        ...(launch.device ? { device: launch.device } : {}),
        ...(launch.back_url ? { backUrl: launch.back_url } : {}),
        ...(launch.lotto ? { lotto: launch.lotto } : {}),
        sessionExpiresAt: session.expiresAt.toISOString(),
      },
    };
  });
}

/** Drops launches whose tokens can no longer be exchanged (a scheduled job). */
export async function deleteExpiredLaunches(db: DbOrTrx, olderThan: Date): Promise<number> {
  return deleteLaunchesExpiredBefore(db, olderThan);
}
