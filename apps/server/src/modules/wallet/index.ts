import type { Db } from '../../database.ts';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { SystemService } from '../system/index.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { ScheduledJob } from '../../platform/jobs/scheduler.ts';
import type { LiveChannel } from '../../platform/live/live-channel.ts';
import type { PaymentProvider } from '../../platform/providers/payments/payment-provider.ts';
import type { Database } from '../../database.ts';
import { depositJobs } from './deposits/deposit.jobs.ts';
import { registerDepositRoutes } from './deposits/deposit.routes.ts';
import { liveBalanceConsumer, registerLiveStreamRoutes } from './live-balance/live-balance.ts';
import { registerBalanceRoutes } from './balance/balance.routes.ts';
import { registerWalletTransferRoutes } from './transfers/wallet-transfer.routes.ts';
import { setHouseBuckets } from './ledger/ledger.service.ts';
import { registerWalletOpsRoutes } from './ops/wallet-ops.routes.ts';
import { registerWalletRecordRoutes } from './records/wallet-record.routes.ts';
import { merchantCurrencyFrom } from './merchant-currency.ts';
import { createWalletSettings } from './settings/wallet-settings.service.ts';
import { payoutProviderFor, payoutSyncJob, withdrawAutoConfirmJob } from './withdrawals/withdrawal.jobs.ts';
import { registerMoneySettingsRoutes } from './money-settings/money-settings.routes.ts';
import { registerMemberTransferRoutes } from './transfers/member-transfer.routes.ts';
import { registerWithdrawalRoutes } from './withdrawals/withdrawal.routes.ts';
import { syncPayouts } from './withdrawals/payout.service.ts';

/**
 * The wallet module: the double-entry ledger (the only code that changes a balance) and everything
 * that moves a member's money. Other modules move money only through the ledger service exported
 * here, in their own transaction. One folder per sub-domain:
 * - `ledger/`: accounts, transfers, house buckets (ledger_account, ledger_transfer);
 * - `balance/`: the balance read, in the token check's statement; `live-balance/`: its push to open
 *   pages (wallet_stream_ticket);
 * - `deposits/`: PIX charges, their webhook and jobs (deposit);
 * - `withdrawals/`: the member's requests, the finance desk, the payout rail (withdrawal,
 *   withdrawal_proof);
 * - `money-settings/`: the payment password and the payout PIX key (wallet_payment_password,
 *   payout_key); `member-state/`: the per-member lock row, turnover owed and wrong-password count
 *   (wallet_member_state);
 * - `transfers/`: vendor wallets (transfer mode) and tree transfers; `bonuses/`, `records/` (the
 *   account record), `settings/` (wallet_settings), `ops/` (adjustments, settings).
 */
export {
  ensureMemberWallet,
  findMemberWallet,
  findMemberWalletIds,
  findTransfer,
  grantFreePlayMoney,
  houseAccount,
  findHouseAccountId,
  lockWalletsForBatch,
  memberBalances,
  transfer,
  transferMany,
  type LedgerAccount,
} from './ledger/ledger.service.ts';
export { createWalletSettings, type WalletSettingsService } from './settings/wallet-settings.service.ts';
export { calendarPeriods, dayStartIn, localDate } from './wallet-day.ts';
export { WalletError } from './wallet.errors.ts';
export { paymentPasswordsForMembers } from './money-settings/payment-password.service.ts';
export { WALLET_VENDORS } from './transfers/wallet-transfer.service.ts';
export {
  walletBalanceChanged,
  walletBalanceChangedPayload,
  walletBonusCredited,
  walletBonusCreditedPayload,
  walletDepositCredited,
  walletDepositCreditedPayload,
  walletWithdrawalPaid,
  walletWithdrawalPaidPayload,
} from './wallet.events.ts';
export {
  bonusCreditsPage,
  creditedDepositsPage,
  paidWithdrawalsPage,
  type MoneyFact,
} from './records/report-sources.service.ts';
export { memberMoneyOverview } from './records/member-overview.service.ts';
export {
  memberCreditsByPeriod,
  memberReferencedByPeriod,
  membersMoneyLines,
} from './records/team-record.service.ts';
export { addTurnoverRequirement, recordTurnover } from './member-state/turnover.service.ts';
export { merchantCurrencyFrom, type WalletDeps } from './merchant-currency.ts';

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
    registerBalanceRoutes(app, wallet);
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
    registerMoneySettingsRoutes(app, money);
    registerWithdrawalRoutes(app, money);
    registerMemberTransferRoutes(app, money);
  },
};
