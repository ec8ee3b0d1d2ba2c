import { defineRoute } from '../route.ts';
import { walletCalls } from './wallet.calls.ts';
import { walletOpsRoutes } from './wallet-ops.routes.ts';
import { walletRecordRoutes } from './wallet-record.routes.ts';
import {
  balanceValueSchema,
  consolidatedFundsValueSchema,
  merchantWalletValueSchema,
  walletTransferBodySchema,
  walletTransferValueSchema,
} from './wallet.schemas.ts';
import { withdrawRoutes } from './withdraw.routes.ts';

const tags = ['wallet'];

/**
 * Wallet calls (spec section 7). The balance is open to trial accounts, which play with play money;
 * calls that move money (deposit, withdrawal, wallet transfer) are refused to them with 403
 * in_need_true_account.
 */
export const walletRoutes = {
  balance: defineRoute(walletCalls.balance, {
    summary:
      "The member's balance in minor units: the cash wallet in the merchant's currency, or play money (XPL) for trial accounts",
    tags,
    response: balanceValueSchema,
  }),
  ...walletRecordRoutes,
  ...walletOpsRoutes,
  merchantWallet: defineRoute(walletCalls.merchantWallet, {
    summary: "The merchant's wallet mode: isSingle (one wallet for every game) and the vendors' wallets",
    tags,
    response: merchantWalletValueSchema,
  }),
  consolidatedFunds: defineRoute(walletCalls.consolidatedFunds, {
    summary: "The member's main and vendor wallets and their total (real accounts only)",
    tags,
    response: consolidatedFundsValueSchema,
  }),
  walletTransfer: defineRoute(walletCalls.walletTransfer, {
    summary:
      'Moves money between the main wallet and a vendor wallet (transfer mode), or recalls every vendor wallet to main; once per requestId',
    tags,
    body: walletTransferBodySchema,
    response: walletTransferValueSchema,
  }),
  ...withdrawRoutes,
} as const;
