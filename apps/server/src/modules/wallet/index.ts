import type { Db } from '../../database.ts';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { SystemService } from '../system/index.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import type { LiveChannel } from '../../platform/live/live-channel.ts';
import type { PaymentProvider } from '../../platform/providers/payments/payment-provider.ts';
import type { Database } from '../../database.ts';
import { depositJobs } from './deposit.jobs.ts';
import { registerDepositRoutes } from './deposit.routes.ts';
import { liveBalanceConsumer, registerLiveStreamRoutes } from './live-balance.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { registerWalletTransferRoutes } from './wallet-transfer.routes.ts';
import { setHouseBuckets } from './ledger.service.ts';
import { registerWalletOpsRoutes } from './wallet-ops.routes.ts';
import { registerWalletRecordRoutes } from './wallet-record.routes.ts';
import { merchantCurrencyFrom } from './wallet.service.ts';
import { createWalletSettings } from './wallet-settings.service.ts';
import { payoutProviderFor, payoutSyncJob, withdrawAutoConfirmJob } from './withdraw.jobs.ts';
import { registerWithdrawRoutes } from './withdraw.routes.ts';
import { syncPayouts } from './withdrawal.service.ts';

/**
 * The wallet module: the double-entry ledger (the only code that changes a balance), balances and,
 * later, deposits, withdrawals and wallet transfers. Owns ledger_account and ledger_transfer; other
 * modules move money only through the ledger service exported here, in their own transaction.
 */
export {
  ensureMemberWallet,
  findMemberWallet,
  findMemberWalletIds,
  freePlayGrantKey,
  grantFreePlayMoney,
  houseAccount,
  findHouseAccountId,
  houseBalance,
  HOUSE_BUCKETS,
  transfer,
  type LedgerAccount,
  type Transfer,
  type TransferRequest,
  type TransferResult,
} from './ledger.service.ts';
export { createWalletSettings, type WalletSettingsService } from './wallet-settings.service.ts';
export { calendarPeriods, localDate, type CalendarPeriod } from './wallet-day.ts';
export { WalletError } from './wallet.errors.ts';
export { WALLET_VENDORS } from './wallet-transfer.service.ts';
export { walletBalanceChanged } from './wallet.events.ts';
export { settlePaidCharge, reconcileDeposits, expireDeposits } from './deposit.service.ts';
export { HOUSE_ACCOUNT_KINDS, type HouseAccountKind, type TransferKind } from './ledger.table.ts';
export { addTurnoverRequirement, recordTurnover, turnoverRemaining } from './turnover.service.ts';
export type { PayoutProvider, PayoutRequest, PayoutStatus } from './payout-provider.ts';
export { merchantCurrencyFrom, type MerchantCurrency, type WalletDeps } from './wallet.service.ts';

export interface WalletModuleDeps {
  db: Db;
  system: Pick<SystemService, 'whitelabel' | 'registerSettings'>;
  merchantCode: string;
  /** Wallet /ops routes (deposit lookup, ...); undefined: none registered. */
  ops: OpsAccess | undefined;
  /** Deposits: the sandbox PIX provider outside production, a real one or `unconfigured` in it. */
  payments: PaymentProvider;
  /** The sandbox provider's webhook secret; undefined in production (no sandbox webhook). */
  sandboxPixSecret: Buffer | undefined;
  /** Live balance: pushes to members' open event streams on every node. */
  live: LiveChannel;
  /** Seals the session token inside live-stream tickets (derived from the server key). */
  streamTicketKey: Buffer;
  /** Tests shorten how often an open stream re-checks its session. */
  streamRecheckMs?: number;
  /** Buckets per house account (config LEDGER_HOUSE_BUCKETS); HOUSE_BUCKETS when absent. */
  houseBuckets?: number;
  serverKey: ServerKey;
  auth: { clock: () => Date };
  /** False in production: the sandbox payout rail exists only outside it. */
  sandbox: boolean;
}

/** The wallet's periodic jobs (deposit expiry and reconciliation, payout sync, withdrawal
 *  auto-confirm), for the app's scheduler. */
export function walletJobs(deps: WalletModuleDeps): ScheduledJob<Database>[] {
  return [
    ...depositJobs({
      db: deps.db,
      merchantCode: deps.merchantCode,
      merchantCurrency: merchantCurrencyFrom(deps.system, deps.merchantCode),
      settings: createWalletSettings(deps.db),
      payments: deps.payments,
    }),
    // A failed payout is audited through the back office when there is one.
    payoutSyncJob(payoutProviderFor(!deps.sandbox), deps.ops?.audit),
    withdrawAutoConfirmJob,
  ];
}

export const walletModule: ServerModule<WalletModuleDeps, Database> = {
  name: 'wallet',
  jobs: (deps) => walletJobs(deps),
  consumers: (deps) => [liveBalanceConsumer(deps.live)],
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
    registerDepositRoutes(app, {
      ...wallet,
      merchantCode: deps.merchantCode,
      payments: deps.payments,
      sandboxPixSecret: deps.sandboxPixSecret,
      ops: deps.ops,
    });
    registerLiveStreamRoutes(app, {
      db: deps.db,
      live: deps.live,
      ticketKey: deps.streamTicketKey,
      ...(deps.streamRecheckMs ? { recheckMs: deps.streamRecheckMs } : {}),
    });
    const money = {
      ...wallet,
      merchantCode: deps.merchantCode,
      serverKey: deps.serverKey,
      ops: deps.ops,
      system: deps.system,
      clock: deps.auth.clock,
      audit: deps.ops?.audit,
      // The sandbox rail tells this node when a payout is due, so it settles within the delay rather
      // than at the next payout-sync job.
      payouts: payoutProviderFor(!deps.sandbox, {
        onDue: () => {
          syncPayouts(money).catch((err: unknown) => app.log.error({ err }, 'payout sync failed'));
        },
      }),
    };
    registerWithdrawRoutes(app, money);
  },
};
