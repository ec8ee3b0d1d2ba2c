import { FREE_PLAY_BALANCE, PLAY_MONEY_CURRENCY } from '@banca/contract';
import type { WalletErrorCode } from '@banca/contract';
import type { Transaction } from 'kysely';
import type { Database, DbOrTrx } from '../../../database.ts';
import { inTransaction as inTransactionOf } from '../../../platform/db/in-transaction.ts';
import { countLedgerTransfer } from '../../../platform/metrics/process-metrics.ts';
import {
  applyTransfer,
  applyTransfers,
  applyTransferReadingWallets,
  findHouseAccount,
  findMemberAccount,
  findTransferByKey,
  insertHouseAccountIfAbsent,
  insertMemberAccountIfAbsent,
  listMemberAccounts,
  lockAccountsForBatch,
  sumHouseBuckets,
  type AppliedTransferRow,
  type WalletBalanceRow,
  memberMainBalances,
} from './ledger.repository.ts';
import {
  MAIN_WALLET,
  type HouseAccountKind,
  type LedgerAccountRow,
  type LedgerTransferRow,
  type TransferKind,
} from './ledger.table.ts';
import { WalletError } from '../wallet.errors.ts';
import { walletBalanceChanged } from '../wallet.events.ts';

/*
 * The ledger. Invariants, kept at every commit:
 *  1. Every balance change is a ledger_transfer row written in the same transaction that debits one
 *     account and credits another by the same amount > 0; so the sum of all balances is zero, and each
 *     balance equals its credits minus its debits.
 *  2. A MEMBER account never goes below zero (checked under a row lock, guarded in the UPDATE, and a
 *     CHECK constraint).
 *  3. Both accounts and the transfer share one currency: play money (XPL) never meets cash.
 *  4. An idempotency key names one transfer forever: a retry with the same parameters gets the first
 *     transfer back (replayed: true) and moves nothing; with other parameters, idempotency_conflict.
 *     A house side counts as the same when it is another bucket of the same house account (merchant,
 *     kind, currency): houseAccount picks a bucket per call, so a retry may name another one.
 *  5. A refused transfer writes nothing, even inside the caller's transaction.
 * How (all in the database function ledger_apply_transfer, one round trip; migration
 * 202611241000-ledger-transfer-function): lock both accounts in ascending id order (two transfers
 * never wait on each other in a cycle), look the key up (after the locks, so a concurrent twin that
 * committed first is seen), check currency and funds, insert the transfer (ON CONFLICT DO NOTHING
 * settles a twin on other accounts), then update both balances in ascending id order, recording a
 * wallet.balance-changed event per member wallet. Refusals are decided before the first write and
 * answered as a code, never raised, so they neither write nor abort the caller's transaction. Runs
 * at READ COMMITTED, PostgreSQL's default.
 * No hot row: each house kind is HOUSE_BUCKETS rows, and houseAccount spreads transfers over them.
 */

/**
 * Rows per house kind (merchant, kind, currency). 16 is well above the parallelism a node's pool and
 * PostgreSQL's cores give (two transfers meet on one bucket 1 time in 16), and summing 16 rows to
 * read a house balance stays cheap. The migration allows up to 256.
 */
export const HOUSE_BUCKETS = 16;
let houseBuckets = HOUSE_BUCKETS;

/**
 * How many buckets houseAccount spreads over, 1..HOUSE_BUCKETS (default HOUSE_BUCKETS). Only for the
 * wallet benchmark's buckets-1 comparison (env LEDGER_HOUSE_BUCKETS): fewer buckets never change what
 * the ledger holds, only how much transfers wait on each other.
 */
export function setHouseBuckets(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1 || n > HOUSE_BUCKETS) throw new Error(`house buckets: ${n}`);
  houseBuckets = n;
}

export interface TransferRequest {
  /** The caller's name for this movement, unique forever (e.g. `freeplay:<memberId>`). */
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  /** Minor units, a positive safe integer. */
  amount: number;
  kind: TransferKind;
  reference?: string | null;
}

export interface Transfer {
  id: number;
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  currency: string;
  kind: TransferKind;
  reference: string | null;
  /** Each account's balance right after this transfer; null for transfers older than 202611231510. */
  debitBalanceAfter: number | null;
  creditBalanceAfter: number | null;
  createdAt: Date;
}

export interface TransferResult extends Transfer {
  /** True when the key had been used already: this is the first transfer, nothing moved now. */
  replayed: boolean;
}

export type LedgerAccount = LedgerAccountRow;

const MAX_KEY_LENGTH = 200;
const MAX_REFERENCE_LENGTH = 256;

const toTransfer = (row: LedgerTransferRow): Transfer => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  debitAccountId: row.debit_account_id,
  creditAccountId: row.credit_account_id,
  amount: row.amount,
  currency: row.currency,
  kind: row.kind,
  reference: row.reference,
  debitBalanceAfter: row.debit_balance_after,
  creditBalanceAfter: row.credit_balance_after,
  createdAt: row.created_at,
});

/** Runs fn in the caller's transaction when given one, else in a transaction of its own. */
export const inTransaction = <T>(db: DbOrTrx, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  inTransactionOf(db, fn);

function validate(req: TransferRequest): void {
  const isId = (n: number) => Number.isSafeInteger(n) && n > 0;
  const key = req.idempotencyKey;
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !isId(req.debitAccountId) ||
    !isId(req.creditAccountId) ||
    req.debitAccountId === req.creditAccountId ||
    !Number.isSafeInteger(req.amount) ||
    req.amount <= 0 ||
    !/^[A-Z][A-Z_]{0,31}$/.test(req.kind) ||
    (req.reference != null && req.reference.length > MAX_REFERENCE_LENGTH)
  ) {
    throw new WalletError('invalid_transfer');
  }
}

/** What ledger_apply_transfer answers that is not a transfer: the refusals it decides under the locks. */
const REFUSALS = new Set<string>([
  'ledger_account_not_found',
  'currency_mismatch',
  'insufficient_funds',
  'idempotency_conflict',
]);

/**
 * Moves `amount` from the debit account to the credit account, exactly once per idempotency key.
 * Runs in the caller's transaction when given one (its other writes commit or roll back with it),
 * else as one statement of its own (atomic: no BEGIN/COMMIT round trips).
 *
 * Throws WalletError: invalid_transfer, ledger_account_not_found, currency_mismatch,
 * insufficient_funds (a MEMBER debit beyond its balance), idempotency_conflict. A refusal writes
 * nothing and leaves the caller's transaction usable, so a caller may catch it and go on.
 *
 * The work is one call of the database function ledger_apply_transfer (migration
 * 202611241000-ledger-transfer-function), the steps of the comment at the top of this file in one
 * round trip, the wallet.balance-changed events included.
 */
export async function transfer(db: DbOrTrx, req: TransferRequest): Promise<TransferResult> {
  validate(req);
  return toResult(await applyTransfer(db, applied(req)));
}

/**
 * transfer() for many requests in ONE round trip, applied in the given order (each sees what the
 * earlier ones wrote), in the caller's transaction: results in the same order. Meant for a batch
 * that has locked its accounts first (lockWalletsForBatch) and checked its funds. Throws like
 * transfer() on the first invalid request (before anything moves) or refusal; after a refusal the
 * other transfers of the batch were applied, so the caller must let its transaction roll back.
 */
/** The transfer an idempotency key names, or undefined (what a caller's retry is answered from). */
export async function findTransfer(db: DbOrTrx, idempotencyKey: string): Promise<Transfer | undefined> {
  const row = await findTransferByKey(db, idempotencyKey);
  return row ? toTransfer(row) : undefined;
}

export async function transferMany(
  trx: Transaction<Database>,
  reqs: readonly TransferRequest[],
): Promise<TransferResult[]> {
  reqs.forEach(validate);
  const rows = await applyTransfers(
    trx,
    reqs.map((r) => {
      const { balanceEvent: _e, ...t } = applied(r);
      return t;
    }),
    walletBalanceChanged.name,
  );
  return rows.map(toResult);
}

/**
 * For a batch of transfers in the caller's transaction: the MAIN wallets of `memberIds` in
 * `currency` (created where absent, in one statement) and the other named accounts (house buckets),
 * all locked in ascending id order, so two batches never wait on each other in a cycle and the
 * balances read stay true until the transaction ends. Member id -> its wallet's id and balance.
 */
export async function lockWalletsForBatch(
  trx: Transaction<Database>,
  args: {
    memberIds: readonly number[];
    merchantCode: string;
    currency: string;
    otherAccountIds?: readonly number[];
  },
): Promise<Map<number, { id: number; balance: number }>> {
  const rows = await lockAccountsForBatch(trx, args, args.otherAccountIds ?? []);
  const out = new Map<number, { id: number; balance: number }>();
  for (const r of rows)
    if (r.member_id !== null) out.set(r.member_id, { id: Number(r.id), balance: Number(r.balance) });
  return out;
}

/**
 * transfer(), and the member's wallets in `currency` as they are right after it (this transfer
 * included), in the same round trip: for answers that show the wallets (the wallet-transfer relay).
 */
export async function transferReadingWallets(
  db: DbOrTrx,
  req: TransferRequest,
  member: { memberId: number; currency: string },
): Promise<{ result: TransferResult; wallets: WalletBalanceRow[] }> {
  validate(req);
  const row = await applyTransferReadingWallets(db, applied(req), member);
  const { wallets, ...transferRow } = row;
  return { result: toResult(transferRow), wallets };
}

const applied = (req: TransferRequest) => ({
  idempotencyKey: req.idempotencyKey,
  debitAccountId: req.debitAccountId,
  creditAccountId: req.creditAccountId,
  amount: req.amount,
  kind: req.kind,
  reference: req.reference ?? null,
  balanceEvent: walletBalanceChanged.name,
});

function toResult(row: AppliedTransferRow): TransferResult {
  if (REFUSALS.has(row.outcome)) throw new WalletError(row.outcome as WalletErrorCode);
  if (row.outcome !== 'transferred' && row.outcome !== 'replayed') {
    throw new Error(`ledger: unexpected outcome ${row.outcome}`);
  }
  const { outcome, ...stored } = row;
  if (outcome === 'transferred') countLedgerTransfer(row.kind);
  return { ...toTransfer(stored as LedgerTransferRow), replayed: outcome === 'replayed' };
}

/**
 * A member's wallet in a currency, created on first use (race-safe: concurrent callers get one row).
 * The main wallet unless `wallet` names a game vendor's wallet (transfer wallet mode).
 */
export async function ensureMemberWallet(
  db: DbOrTrx,
  memberId: number,
  merchantCode: string,
  currency: string,
  wallet: string = MAIN_WALLET,
): Promise<LedgerAccount> {
  const existing = await findMemberAccount(db, memberId, currency, wallet);
  if (existing) return existing;
  const created = await insertMemberAccountIfAbsent(db, { memberId, merchantCode, currency, wallet });
  if (created) return created;
  const raced = await findMemberAccount(db, memberId, currency, wallet);
  if (!raced) throw new Error(`ledger: wallet of member ${memberId} in ${currency} not found after insert`);
  return raced;
}

/** Ids of member wallets per database (root Kysely instance), `<member>:<currency>:<wallet>` -> id. */
const walletIdCache = new WeakMap<object, Map<string, number>>();
const WALLET_ID_CACHE_MAX = 100_000;

/**
 * The ids of a member's wallets in a currency (undefined for a wallet not created yet), in the order
 * asked. An account's id, owner, currency and wallet never change and its row is never deleted (its
 * transfers reference it), so ids read through the root db (committed rows) are cached per database
 * and node: the hot money path then needs no read before its transfer. Inside a transaction nothing
 * is cached (its rows may still roll back).
 */
export async function findMemberWalletIds(
  db: DbOrTrx,
  memberId: number,
  currency: string,
  wallets: readonly string[],
): Promise<(number | undefined)[]> {
  const cache = db.isTransaction ? undefined : (walletIdCache.get(db) ?? new Map<string, number>());
  const keyOf = (wallet: string) => `${memberId}:${currency}:${wallet}`;
  const cached = wallets.map((w) => cache?.get(keyOf(w)));
  if (cache && cached.every((id) => id !== undefined)) return cached;
  const rows = await listMemberAccounts(db, memberId, currency);
  if (cache) {
    if (!walletIdCache.has(db)) walletIdCache.set(db, cache);
    for (const row of rows) {
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size >= WALLET_ID_CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(keyOf(row.wallet), row.id);
    }
  }
  return wallets.map((w) => rows.find((r) => r.wallet === w)?.id);
}

/**
 * The merchant's house account of a kind and currency to use for one transfer: one of its buckets,
 * picked at random so concurrent transfers lock different rows, created on first use (race-safe:
 * concurrent callers get one row per bucket). Call it per transfer, not once per process. Read the
 * kind's balance with houseBalance, never from the returned row.
 */
export async function houseAccount(
  db: DbOrTrx,
  merchantCode: string,
  kind: HouseAccountKind,
  currency: string,
): Promise<LedgerAccount> {
  // Math.random is enough: the bucket spreads load, it protects nothing.
  const bucket = Math.floor(Math.random() * houseBuckets);
  const existing = await findHouseAccount(db, merchantCode, kind, currency, bucket);
  if (existing) return existing;
  const created = await insertHouseAccountIfAbsent(db, { merchantCode, kind, currency, bucket });
  if (created) return created;
  const raced = await findHouseAccount(db, merchantCode, kind, currency, bucket);
  if (!raced) throw new Error(`ledger: ${kind} ${currency} of ${merchantCode} not found after insert`);
  return raced;
}

/** House bucket ids per database (root Kysely instance), `<merchant>:<kind>:<currency>:<bucket>` -> id. */
const houseIdCache = new WeakMap<object, Map<string, number>>();

/**
 * The id of one of the merchant's house buckets of a kind and currency, picked like houseAccount
 * picks (at random per call), for callers that only need the id, e.g. to hand it to a one-statement
 * transfer; undefined when that bucket does not exist yet (a read never writes: use houseAccount in
 * the caller's transaction to create it). A bucket's id never changes and its row is never deleted,
 * so ids read through the root db (committed rows) are cached per database and node: a hit needs no
 * round trip. Inside a transaction nothing is cached (its rows may still roll back).
 */
export async function findHouseAccountId(
  db: DbOrTrx,
  merchantCode: string,
  kind: HouseAccountKind,
  currency: string,
): Promise<number | undefined> {
  const bucket = Math.floor(Math.random() * houseBuckets);
  if (db.isTransaction) return (await findHouseAccount(db, merchantCode, kind, currency, bucket))?.id;
  const key = `${merchantCode}:${kind}:${currency}:${bucket}`;
  const cache = houseIdCache.get(db) ?? new Map<string, number>();
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const found = await findHouseAccount(db, merchantCode, kind, currency, bucket);
  if (!found) return undefined;
  // Bounded by merchants x kinds x currencies x HOUSE_BUCKETS: no eviction needed.
  houseIdCache.set(db, cache.set(key, found.id));
  return found.id;
}

/** The balance of a house kind: the sum of its buckets (0 before the first transfer). */
export const houseBalance = (
  db: DbOrTrx,
  merchantCode: string,
  kind: HouseAccountKind,
  currency: string,
): Promise<number> => sumHouseBuckets(db, merchantCode, kind, currency);

/** A member's wallet in one currency, or undefined when none was created yet (a read never writes). */
export const findMemberWallet = (
  db: DbOrTrx,
  memberId: number,
  currency: string,
): Promise<LedgerAccount | undefined> => findMemberAccount(db, memberId, currency);

/** Idempotency key of a trial account's play-money grant: one grant per member, ever. */
export const freePlayGrantKey = (memberId: number): string => `freeplay:${memberId}`;

/**
 * Credits a new trial account with FREE_PLAY_BALANCE play money from the merchant's HOUSE_PLAY
 * account. Pass the transaction that creates the account, so the account never exists without it.
 */
export async function grantFreePlayMoney(
  db: DbOrTrx,
  args: { memberId: number; merchantCode: string },
): Promise<TransferResult> {
  return inTransaction(db, async (trx) => {
    const house = await houseAccount(trx, args.merchantCode, 'HOUSE_PLAY', PLAY_MONEY_CURRENCY);
    const wallet = await ensureMemberWallet(trx, args.memberId, args.merchantCode, PLAY_MONEY_CURRENCY);
    return transfer(trx, {
      idempotencyKey: freePlayGrantKey(args.memberId),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: FREE_PLAY_BALANCE,
      kind: 'PLAY_MONEY_GRANT',
      reference: `member:${args.memberId}`,
    });
  });
}

/** The MAIN balances of the named members in one currency, by member (0 when no wallet yet). */
export async function memberBalances(
  db: DbOrTrx,
  memberIds: readonly number[],
  currency: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>(memberIds.map((id) => [id, 0]));
  if (memberIds.length === 0) return out;
  for (const row of await memberMainBalances(db, memberIds, currency))
    out.set(row.member_id!, Number(row.balance));
  return out;
}
