import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../../database.ts';
import { findMemberById } from '../../member/index.ts';
import {
  deletePlayerSessionsExpiredBefore,
  findPlayerSessionByHash,
  insertPlayerSession,
} from './player-session.repository.ts';
import type { VendorPlayerSessionRow } from './vendor-wallet.table.ts';

/*
 * Player sessions: what a vendor holds to name a player in its wallet calls. The launch (issue 11
 * item 2) exchanges its one-time launch token for one; tests and the sandbox open them directly. Only
 * the token's SHA-256 is stored. A session names one member, one vendor and one currency; after it
 * expires the vendor may still credit, roll back and end rounds (the money is the player's), but not
 * read the balance or debit.
 */

/** How long a player session lets the vendor debit. */
export const PLAYER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export const hashPlayerSession = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface OpenedPlayerSession {
  /** 43 base64url characters (256 bits), handed to the vendor once. */
  playerSession: string;
  expiresAt: Date;
  /** The member's login name, as the vendor may show it. */
  account: string;
}

/** Opens a player session of `memberId` for `vendor` (its catalogue vassalage) in `currency`. */
export async function openPlayerSession(
  db: DbOrTrx,
  args: {
    memberId: number;
    merchantCode: string;
    vendor: string;
    currency: string;
    ttlMs?: number;
    now?: Date;
  },
): Promise<OpenedPlayerSession> {
  const member = await findMemberById(db, args.memberId);
  if (!member) throw new Error(`player session: member ${args.memberId} not found`);
  const playerSession = randomBytes(32).toString('base64url');
  const now = args.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (args.ttlMs ?? PLAYER_SESSION_TTL_MS));
  await insertPlayerSession(db, {
    token_hash: hashPlayerSession(playerSession),
    member_id: member.id,
    account: member.account,
    merchant_code: args.merchantCode,
    vendor: args.vendor,
    currency: args.currency,
    expires_at: expiresAt,
    created_at: now,
  });
  return { playerSession, expiresAt, account: member.account };
}

/** The session behind a token, whatever its expiry (the caller decides what an expired one may do). */
export const findPlayerSession = (db: DbOrTrx, token: string): Promise<VendorPlayerSessionRow | undefined> =>
  findPlayerSessionByHash(db, hashPlayerSession(token));

/** Drops player sessions that expired before `olderThan` (the games clean-up job). */
export const deleteExpiredPlayerSessions = (db: DbOrTrx, olderThan: Date): Promise<number> =>
  deletePlayerSessionsExpiredBefore(db, olderThan);
