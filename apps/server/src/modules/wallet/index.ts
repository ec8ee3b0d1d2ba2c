import type { Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { SystemService } from '../system/index.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { registerWalletTransferRoutes } from './wallet-transfer.routes.ts';
import { setHouseBuckets } from './ledger.service.ts';
import { registerWalletOpsRoutes } from './wallet-ops.routes.ts';
import { registerWalletRecordRoutes } from './wallet-record.routes.ts';
import { merchantCurrencyFrom } from './wallet.service.ts';
import { createWalletSettings } from './wallet-settings.service.ts';

/**
 * The wallet module: the double-entry ledger (the only code that changes a balance), balances and,
 * later, deposits, withdrawals and wallet transfers. Owns ledger_account and ledger_transfer; other
 * modules move money only through the ledger service exported here, in their own transaction.
 */
export {
  ensureMemberWallet,
  findMemberWallet,
  freePlayGrantKey,
  grantFreePlayMoney,
  houseAccount,
  houseBalance,
  HOUSE_BUCKETS,
  transfer,
  type LedgerAccount,
  type Transfer,
  type TransferRequest,
  type TransferResult,
} from './ledger.service.ts';
export { createWalletSettings, type WalletSettingsService } from './wallet-settings.service.ts';
export { WalletError } from './wallet.errors.ts';
export { WALLET_VENDORS } from './wallet-transfer.service.ts';
export { HOUSE_ACCOUNT_KINDS, type HouseAccountKind, type TransferKind } from './ledger.table.ts';
export {
  getBalance,
  merchantCurrencyFrom,
  type MerchantCurrency,
  type WalletDeps,
} from './wallet.service.ts';

export interface WalletModuleDeps {
  db: Db;
  system: Pick<SystemService, 'whitelabel'>;
  merchantCode: string;
  /** The back office's access port (app context); undefined: no /ops routes. */
  ops: OpsAccess | undefined;
  /** Buckets per house account (config LEDGER_HOUSE_BUCKETS); HOUSE_BUCKETS when absent. */
  houseBuckets?: number;
}

export const walletModule: ServerModule<WalletModuleDeps> = {
  name: 'wallet',
  register: (app, deps) => {
    if (deps.houseBuckets !== undefined) setHouseBuckets(deps.houseBuckets);
    // One context for every wallet route file (balance, deposits, withdrawals, transfers, records).
    const wallet = {
      db: deps.db,
      merchantCode: deps.merchantCode,
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
      settings: createWalletSettings(deps.db),
    };
    registerWalletRoutes(app, wallet);
    registerWalletRecordRoutes(app, wallet);
    registerWalletOpsRoutes(app, { ...wallet, merchantCode: deps.merchantCode, ops: deps.ops });
    registerWalletTransferRoutes(app, wallet);
  },
};
