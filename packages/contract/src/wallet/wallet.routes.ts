import { defineRoute } from '../route.ts';
import { walletCalls } from './wallet.calls.ts';
import { walletOpsRoutes } from './wallet-ops.routes.ts';
import { walletRecordRoutes } from './wallet-record.routes.ts';
import { balanceValueSchema } from './wallet.schemas.ts';

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
} as const;
