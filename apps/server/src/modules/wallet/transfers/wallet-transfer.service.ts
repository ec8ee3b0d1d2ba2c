import {
  MAIN_WALLET_CODE,
  type ConsolidatedFundsValue,
  type MerchantWalletValue,
  type WalletTransferBody,
  type WalletTransferValue,
} from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { findTransferByKey, listMemberAccounts, lockAccount } from '../ledger/ledger.repository.ts';
import {
  ensureMemberWallet,
  findMemberWalletIds,
  inTransaction,
  transfer,
  transferReadingWallets,
  type TransferRequest,
} from '../ledger/ledger.service.ts';
import type { WalletSettingsService } from '../settings/wallet-settings.service.ts';
import { WalletError } from '../wallet.errors.ts';
import type { MerchantCurrency } from '../merchant-currency.ts';

/**
 * Game vendors with a wallet of their own in the "transfer" wallet mode. A constant until the games
 * catalogue lands (it will own the vendor list): BANCA = the house's own games, SANDBOX = the sandbox
 * vendor used in development and tests.
 */
export const WALLET_VENDORS = ['BANCA', 'SANDBOX'] as const;
const isVendor = (code: string): boolean => (WALLET_VENDORS as readonly string[]).includes(code);

export interface WalletTransferDeps {
  db: DbOrTrx;
  merchantCode: string;
  merchantCurrency(merchantCode: string): Promise<MerchantCurrency>;
  settings: Pick<WalletSettingsService, 'get'>;
}

/** The ledger key of a member's wallet-transfer request: scoped to the member, so another member's
 *  requestId can neither replay nor block this one. requestId never holds ':'. */
const transferKey = (memberId: number, requestId: string) => `wt:${memberId}:${requestId}`;
const recallKey = (memberId: number, requestId: string, vendor: string) =>
  `${transferKey(memberId, requestId)}:${vendor}`;

/** GET /wps/relay/GCS_merchantWallet */
export async function merchantWallet(deps: WalletTransferDeps): Promise<MerchantWalletValue> {
  const { walletMode } = await deps.settings.get(deps.merchantCode);
  return { isSingle: walletMode === 'single', vendors: [...WALLET_VENDORS] };
}

/** The member's wallets read from `db` (the caller's transaction, if any); missing wallets read 0. */
async function readFunds(
  db: DbOrTrx,
  auth: RouteAuth,
  mode: { walletMode: 'single' | 'transfer'; currency: string; currencySymbol: string },
): Promise<ConsolidatedFundsValue> {
  return fundsOf(await listMemberAccounts(db, auth.memberId, mode.currency), mode);
}

/** The answer from the member's wallets in the mode's currency; missing wallets read 0. */
function fundsOf(
  accounts: readonly { wallet: string; balance: number }[],
  mode: { walletMode: 'single' | 'transfer'; currency: string; currencySymbol: string },
): ConsolidatedFundsValue {
  const balanceOf = (wallet: string) => accounts.find((a) => a.wallet === wallet)?.balance ?? 0;
  const wallets = WALLET_VENDORS.map((vendor) => ({ vendor, balance: balanceOf(vendor) }));
  const main = balanceOf(MAIN_WALLET_CODE);
  return { ...mode, main, wallets, total: wallets.reduce((sum, w) => sum + w.balance, main) };
}

/** Settings and currency, read before any transaction: PGlite has one session, and a read outside
 *  an open transaction would wait for it forever. */
async function modeOf(deps: WalletTransferDeps, merchantCode: string) {
  const [{ walletMode }, { currency, currencySymbol }] = await Promise.all([
    deps.settings.get(merchantCode),
    deps.merchantCurrency(merchantCode),
  ]);
  return { walletMode, currency, currencySymbol };
}

/** GET /wps/member/info/funds/consolidated. Wallets not created yet read as 0: a read never writes. */
export async function consolidatedFunds(
  deps: WalletTransferDeps,
  auth: RouteAuth,
): Promise<ConsolidatedFundsValue> {
  return readFunds(deps.db, auth, await modeOf(deps, auth.merchantCode));
}

/**
 * POST /wps/relay/GCS_walletTransfer. One ledger transfer between the caller's main wallet and one of
 * its vendor wallets (key wt:<member>:<requestId>), or, for recallAll, one per vendor wallet holding
 * money, all in one database transaction. Money goes into a vendor wallet only in transfer mode; out
 * of one (and recall all) always, so a merchant switching back to single mode strands nothing.
 * Throws WalletError: invalid_transfer (same wallet both sides, or no MAIN side), unknown_wallet,
 * wallet_mode_single, insufficient_funds, idempotency_conflict (a requestId reused with other data).
 */
export async function walletTransfer(
  deps: WalletTransferDeps,
  auth: RouteAuth,
  body: WalletTransferBody,
): Promise<WalletTransferValue> {
  const mode = await modeOf(deps, auth.merchantCode);
  const { currency, walletMode } = mode;
  if (body.action === 'transfer') {
    const { from, to } = body;
    if (from === to || (from !== MAIN_WALLET_CODE && to !== MAIN_WALLET_CODE)) {
      throw new WalletError('invalid_transfer');
    }
    const vendor = from === MAIN_WALLET_CODE ? to : from;
    if (!isVendor(vendor)) throw new WalletError('unknown_wallet');
    if (to === vendor && walletMode !== 'transfer') throw new WalletError('wallet_mode_single');
    const request = (debitAccountId: number, creditAccountId: number): TransferRequest => ({
      idempotencyKey: transferKey(auth.memberId, body.requestId),
      debitAccountId,
      creditAccountId,
      amount: body.amount,
      kind: 'WALLET_TRANSFER',
      reference: `wallet:${body.from}>${body.to}`,
    });
    // Both wallets known (ids are cached per node): the transfer and the wallets read after it for
    // the answer are one statement, its own transaction.
    const [fromId, toId] = await findMemberWalletIds(deps.db, auth.memberId, currency, [body.from, body.to]);
    if (fromId !== undefined && toId !== undefined) {
      const { result, wallets } = await transferReadingWallets(deps.db, request(fromId, toId), {
        memberId: auth.memberId,
        currency,
      });
      return { ...fundsOf(wallets, mode), replayed: result.replayed };
    }
    // A wallet never used is created (race-safe) in the transfer's transaction, so a refused
    // transfer leaves no wallet behind.
    const result = await inTransaction(deps.db, async (trx) => {
      const from = await ensureMemberWallet(trx, auth.memberId, auth.merchantCode, currency, body.from);
      const to = await ensureMemberWallet(trx, auth.memberId, auth.merchantCode, currency, body.to);
      return transfer(trx, request(from.id, to.id));
    });
    // The wallets as they are now (this transfer included; a later one of the member's may be too).
    return { ...(await readFunds(deps.db, auth, mode)), replayed: result.replayed };
  }
  return inTransaction(deps.db, async (trx) => {
    const main = await ensureMemberWallet(trx, auth.memberId, auth.merchantCode, currency);
    const replayed = await recallAll(trx, auth, currency, main.id, body.requestId);
    return { ...(await readFunds(trx, auth, mode)), replayed };
  });
}

/** Every vendor wallet with money back to main; true when this requestId had recalled already. */
async function recallAll(
  trx: DbOrTrx,
  auth: RouteAuth,
  currency: string,
  mainId: number,
  requestId: string,
): Promise<boolean> {
  const vendorIds = (await listMemberAccounts(trx, auth.memberId, currency))
    .filter((a) => isVendor(a.wallet))
    .map((a) => a.id);
  // Lock main and every vendor wallet in ascending id order, as transfer() does, so a recall and a
  // concurrent transfer never wait on each other in a cycle; balances read under the locks stay true.
  const locked = [];
  for (const id of [mainId, ...vendorIds].sort((a, b) => a - b)) {
    const row = await lockAccount(trx, id);
    if (row && row.id !== mainId) locked.push(row);
  }
  // After the locks: a twin recall with this requestId has committed all of its transfers or none.
  for (const wallet of locked) {
    if (await findTransferByKey(trx, recallKey(auth.memberId, requestId, wallet.wallet))) return true;
  }
  for (const wallet of locked) {
    if (wallet.balance <= 0) continue;
    await transfer(trx, {
      idempotencyKey: recallKey(auth.memberId, requestId, wallet.wallet),
      debitAccountId: wallet.id,
      creditAccountId: mainId,
      amount: wallet.balance,
      kind: 'WALLET_TRANSFER',
      reference: `wallet:${wallet.wallet}>${MAIN_WALLET_CODE}`,
    });
  }
  return false;
}
