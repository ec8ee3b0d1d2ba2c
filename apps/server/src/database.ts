import type { Kysely, Transaction } from 'kysely';
import type { ContentTables } from './modules/content/content.table.ts';
import type { GamesTables } from './modules/games/games.table.ts';
import type { VendorWalletTables } from './modules/games/vendor-wallet/vendor-wallet.table.ts';
import type { LaunchTables } from './modules/games/launch/launch.table.ts';
import type { HouseVendorTables } from './modules/house-vendor/house-vendor.table.ts';
import type { HouseLotteryTables } from './modules/house-vendor/lottery/lottery.table.ts';
import type { MemberTables } from './modules/member/member.table.ts';
import type { OperatorTables } from './modules/operator/operator.table.ts';
import type { SessionTables } from './modules/session/session.table.ts';
import type { SystemTables } from './modules/system/system.table.ts';
import type { VerificationTables } from './modules/verification/verification.table.ts';
import type { WalletTables } from './modules/wallet/ledger/ledger.table.ts';
import type { WalletSettingsTables } from './modules/wallet/settings/wallet-settings.table.ts';
import type { DepositTables } from './modules/wallet/deposits/deposit.table.ts';
import type { SandboxPixTables } from './platform/providers/payments/sandbox-pix.table.ts';
import type { ArtTables } from './platform/art/art.table.ts';
import type { WithdrawalTables } from './modules/wallet/withdrawals/withdrawal.table.ts';
import type { LiveBalanceTables } from './modules/wallet/live-balance/stream-ticket.table.ts';
import type { MemberStateTables } from './modules/wallet/member-state/member-state.table.ts';
import type { MoneySettingsTables } from './modules/wallet/money-settings/money-settings.table.ts';
import type { CryptoTables } from './platform/crypto/server-key.table.ts';
import type { EventTables } from './platform/events/event.table.ts';
import type { JobTables } from './platform/jobs/job-run.table.ts';
import type { OutboxTables } from './platform/providers/outbox.table.ts';
import type { ReportsTables } from './modules/reports/reports.table.ts';
import type { AdjustmentRequestTables } from './modules/wallet/adjustments/adjustment-request.table.ts';
// Agent contracts (issue 24).
import type { AgentContractTables } from './modules/agent-contracts/agent-contracts.table.ts';
import type { AgentTables } from './modules/agent/agent.table.ts';
import type { MessagesTables } from './modules/messages/messages.table.ts';

/**
 * Every table of the gateway, composed at the app root from each part's own `*.table.ts`. Platform
 * code never imports this (it types its db by its own tables, e.g. `Kysely<JobTables>`); modules use
 * it to type the one database they share, and reach another module's tables only through that
 * module's service.
 */
export interface Database
  extends
    SystemTables,
    CryptoTables,
    MemberTables,
    OperatorTables,
    SessionTables,
    VerificationTables,
    OutboxTables,
    JobTables,
    WalletTables,
    WalletSettingsTables,
    DepositTables,
    SandboxPixTables,
    EventTables,
    ArtTables,
    GamesTables,
    VendorWalletTables,
    LaunchTables,
    HouseVendorTables,
    HouseLotteryTables,
    ContentTables,
    WithdrawalTables,
    MemberStateTables,
    MoneySettingsTables,
    LiveBalanceTables,
    ReportsTables,
    AdjustmentRequestTables,
    // Agent contracts (issue 24).
    AgentContractTables,
    AgentTables,
    MessagesTables {}

export type Db = Kysely<Database>;
/** Services and repositories take either, so the caller owns the transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
