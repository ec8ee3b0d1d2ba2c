import { createHash } from 'node:crypto';
import { PLAY_MONEY_CURRENCY, type VendorAnswer, type VendorErrorCode } from '@banca/contract';
import type { Database, Db, DbOrTrx } from '../../../database.ts';
import type { Transaction } from 'kysely';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import {
  ensureMemberWallet,
  WALLET_VENDORS,
  WalletError,
  type LedgerAccount,
  type WalletSettingsService,
} from '../../wallet/index.ts';
import { memberMayPlay } from '../../member/index.ts';
import { findEnabledGame } from '../catalogue/catalogue.repository.ts';
import { findPlayerSession } from './player-session.service.ts';
import type { VendorPlayerSessionRow } from './vendor-wallet.table.ts';

/*
 * What every vendor wallet call needs before its rules: the player session behind the token, the
 * game, the wallet the vendor plays on, the per-node caches of immutable rows, and the answer's shape.
 */

export class VendorWalletError extends Error {
  constructor(
    readonly code: VendorErrorCode,
    readonly extra: { balance?: number; currency?: string } = {},
  ) {
    super(code);
  }
}

export interface VendorWalletDeps {
  db: Db;
  settings: Pick<WalletSettingsService, 'get'>;
  clock?: () => Date;
  /** Per-node caches of immutable rows (newVendorWalletCache); none: every call reads. */
  cache?: VendorWalletCache;
  /**
   * The one-statement debit and credit (vendor-wallet.fast-path.ts); default on. Off, every call is
   * judged step by step: the equivalence test runs the same calls both ways and compares the rows.
   */
  fastPath?: boolean;
}

/** Who calls: the vendor the signature named. */
export interface Call {
  vendor: string;
}

/**
 * What a node may keep between calls: player session rows (never updated, so only their lifetime in
 * the cache matters: expiry is checked on every call) and the catalogue's game rows (a game disabled
 * in the catalogue stops taking debits within GAME_CACHE_MS). Misses are not cached.
 */
export interface VendorWalletCache {
  sessions: Map<string, { at: number; row: VendorPlayerSessionRow }>;
  games: Map<string, { at: number; vassalage: string; gameType: string }>;
}
const SESSION_CACHE_MS = 60_000;
const GAME_CACHE_MS = 10_000;
const CACHE_MAX = 10_000;
export const newVendorWalletCache = (): VendorWalletCache => ({ sessions: new Map(), games: new Map() });

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= CACHE_MAX) map.clear();
  map.set(key, value);
}

/** The enabled catalogue game `nodeId`: its vendor (vassalage) and type. */
export async function gameOf(
  deps: VendorWalletDeps,
  nodeId: string,
): Promise<{ vassalage: string; gameType: string } | undefined> {
  const t = Date.now();
  const hit = deps.cache?.games.get(nodeId);
  if (hit && t - hit.at < GAME_CACHE_MS) return hit;
  const game = await findEnabledGame(deps.db, nodeId);
  if (!game) return undefined;
  const found = { at: t, vassalage: game.vassalage, gameType: game.game_type };
  if (deps.cache) remember(deps.cache.games, nodeId, found);
  return found;
}

/** A call's parameters as stored: the same id with another hash is transaction_conflict. */
export const requestHash = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

export const ledgerKey = (vendor: string, transactionId: string) => `vendor:${vendor}:${transactionId}`;
export const refundKey = (vendor: string, debitId: string) => `vendor:${vendor}:refund:${debitId}`;
export const roundReference = (vendor: string, roundId: string) => `round:${vendor}:${roundId}`;

export const now = (deps: VendorWalletDeps) => (deps.clock ? deps.clock() : new Date());

/** The player session behind the token, for this vendor; `live` refuses an expired one. */
export async function sessionOf(
  deps: VendorWalletDeps,
  call: Call,
  token: string,
  live: boolean,
): Promise<VendorPlayerSessionRow> {
  const t = Date.now();
  const hit = deps.cache?.sessions.get(token);
  let session = hit && t - hit.at < SESSION_CACHE_MS ? hit.row : undefined;
  if (!session) {
    session = await findPlayerSession(deps.db, token);
    if (session && deps.cache) remember(deps.cache.sessions, token, { at: t, row: session });
  }
  if (!session || session.vendor !== call.vendor) throw new VendorWalletError('session_invalid');
  if (live && new Date(session.expires_at).getTime() <= now(deps).getTime()) {
    throw new VendorWalletError('session_expired');
  }
  return session;
}

/**
 * A locked member (back office) is refused at once on every node: the status is read fresh, never
 * cached, for the calls that take the player's money or show it (balance, debit; an ordinary debit
 * reads it inside its one statement instead, vendor-wallet.fast-path.ts).
 */
export async function requireMayPlay(deps: VendorWalletDeps, session: VendorPlayerSessionRow): Promise<void> {
  if (!(await memberMayPlay(deps.db, session.member_id))) throw new VendorWalletError('player_locked');
}

/**
 * The house side of a session's bets and wins: VENDOR_CLEARING for cash; HOUSE_PLAY for play money
 * (a trial account's free-trial launch, currency XPL), the only house kind that holds XPL, so a
 * free-trial round moves play-money accounts only (the ledger's composite keys refuse anything else).
 */
export const clearingKind = (session: Pick<VendorPlayerSessionRow, 'currency'>) =>
  session.currency === PLAY_MONEY_CURRENCY ? ('HOUSE_PLAY' as const) : ('VENDOR_CLEARING' as const);

/**
 * Which of the member's wallets the vendor plays on: the vendor's own in transfer wallet mode, else
 * main (always main for play money: nothing is ever transferred into a vendor wallet in XPL). Read
 * before any transaction (PGlite has one session: a read outside an open transaction
 * would wait for it).
 */
export async function walletCodeOf(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
): Promise<string | undefined> {
  if (session.currency === PLAY_MONEY_CURRENCY) return undefined;
  const { walletMode } = await deps.settings.get(session.merchant_code);
  return walletMode === 'transfer' && (WALLET_VENDORS as readonly string[]).includes(session.vendor)
    ? session.vendor
    : undefined;
}

export const walletIn = (
  trx: DbOrTrx,
  session: VendorPlayerSessionRow,
  code: string | undefined,
): Promise<LedgerAccount> =>
  ensureMemberWallet(trx, session.member_id, session.merchant_code, session.currency, code);

/** An accepted call's answer. */
export const ok = (
  session: VendorPlayerSessionRow,
  balance: number,
  ids: Partial<VendorAnswer> = {},
): VendorAnswer => ({
  status: 'OK',
  balance,
  currency: session.currency,
  ...ids,
});

/** Runs a money call; an insufficient-funds refusal answers with the balance read after it. */
export async function moneyCall(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
  fn: (trx: Transaction<Database>, walletCode: string | undefined) => Promise<VendorAnswer>,
): Promise<VendorAnswer> {
  const code = await walletCodeOf(deps, session);
  try {
    return await inTransaction(deps.db, (trx) => fn(trx, code));
  } catch (err) {
    if (err instanceof WalletError && err.code === 'insufficient_funds') {
      const wallet = await walletIn(deps.db, session, code);
      throw new VendorWalletError('insufficient_funds', {
        balance: wallet.balance,
        currency: session.currency,
      });
    }
    throw err;
  }
}
