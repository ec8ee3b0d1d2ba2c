import { MAIN_WALLET_CODE, type VendorAnswer } from '@banca/contract';
import { findHouseAccountId, findMemberWalletIds, walletBalanceChanged } from '../../wallet/index.ts';
import { roundSettled } from '../games.events.ts';
import { RECENT_KEEP } from '../lobby/member-games.service.ts';
import { clearingKind, ok, walletCodeOf, type VendorWalletDeps } from './vendor-wallet.context.ts';
import { applyVendorCredit, applyVendorDebit } from './vendor-wallet.repository.ts';
import type { VendorPlayerSessionRow } from './vendor-wallet.table.ts';

/*
 * The glue to the one-statement debit and credit (../sql/vendor_debit_apply.sql,
 * vendor_credit_apply.sql): the ordinary call (a fresh id on an open round, the money there, the
 * wallet known) in one round trip. They make the same writes as the step-by-step path in
 * vendor-wallet.service.ts, in the same order, and own no refusal: what is not ordinary they leave
 * unwritten and these answer undefined, so the service judges the call step by step.
 */

/**
 * The wallet the vendor plays on and a house bucket, for the one-statement calls: both ids come from
 * per-node caches (ids never change), so usually no round trip. Undefined while either does not exist
 * yet: the step-by-step path creates it in the call's transaction (a refused call creates nothing).
 */
async function knownAccounts(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
): Promise<{ walletId: number; houseId: number } | undefined> {
  const code = (await walletCodeOf(deps, session)) ?? MAIN_WALLET_CODE;
  const [walletId] = await findMemberWalletIds(deps.db, session.member_id, session.currency, [code]);
  if (walletId === undefined) return undefined;
  const houseId = await findHouseAccountId(
    deps.db,
    session.merchant_code,
    clearingKind(session),
    session.currency,
  );
  return houseId === undefined ? undefined : { walletId, houseId };
}

/** A debit as one statement; undefined: nothing written, judge it step by step. */
export async function fastDebit(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
  c: {
    vendor: string;
    transactionId: string;
    roundId: string;
    amount: number;
    hash: string;
    at: Date;
    nodeId: string;
    gameCode: string;
    gameType: string;
  },
): Promise<VendorAnswer | undefined> {
  if (deps.fastPath === false) return undefined;
  const accounts = await knownAccounts(deps, session);
  if (!accounts) return undefined;
  const applied = await applyVendorDebit(deps.db, {
    ...c,
    memberId: session.member_id,
    currency: session.currency,
    ...accounts,
    balanceEvent: walletBalanceChanged.name,
    recentKeep: RECENT_KEEP,
  });
  if (applied.outcome !== 'ok') return undefined;
  return ok(session, applied.balance, { transactionId: c.transactionId, roundId: c.roundId });
}

/** A credit as one statement; undefined: nothing written, judge it step by step. */
export async function fastCredit(
  deps: VendorWalletDeps,
  session: VendorPlayerSessionRow,
  c: {
    vendor: string;
    transactionId: string;
    roundId: string;
    amount: number;
    close: boolean;
    hash: string;
    at: Date;
  },
): Promise<VendorAnswer | undefined> {
  if (deps.fastPath === false) return undefined;
  const accounts = await knownAccounts(deps, session);
  if (!accounts) return undefined;
  const applied = await applyVendorCredit(deps.db, {
    ...c,
    memberId: session.member_id,
    account: session.account,
    currency: session.currency,
    ...accounts,
    balanceEvent: walletBalanceChanged.name,
    settledEvent: roundSettled.name,
  });
  if (applied.outcome !== 'ok') return undefined;
  return ok(session, applied.balance, { transactionId: c.transactionId, roundId: c.roundId });
}
