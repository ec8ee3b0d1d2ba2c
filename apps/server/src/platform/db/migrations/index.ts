import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-system.ts';
import * as m0100 from './0100-accounts.ts';
import * as m0101 from './0101-social-login.ts';
import * as m0102 from './0102-expiry-indexes.ts';
import * as m0103 from './0103-job-runs.ts';
import * as m0200 from './0200-ledger.ts';
import { migrationOrderProblems } from './migration-order.ts';
import * as m202611230900 from './202611230900-events-outbox.ts';
import * as m202611231100 from './202611231100-wallet-settings.ts';
import * as m202611231200 from './202611231200-wallet-house-accounts.ts';
import * as m202611231210 from './202611231210-wallet-vendor-wallets.ts';
import * as m202611231300 from './202611231300-wallet-deposits.ts';
import * as m202611231301 from './202611231301-payments-sandbox-pix.ts';
import * as m202611231400 from './202611231400-wallet-withdrawals.ts';
import * as m202611231500 from './202611231500-operator-accounts.ts';
import * as m202611231510 from './202611231510-wallet-balance-after.ts';
import * as m202611231600 from './202611231600-art-assets.ts';
import * as m202611231601 from './202611231601-games-catalogue.ts';
import * as m202611231602 from './202611231602-content-announcements.ts';
import * as m202611241000 from './202611241000-ledger-transfer-function.ts';
import * as m202611241020 from './202611241020-wallet-withdrawal-failed.ts';
import * as m202611241030 from './202611241030-games-vendor-wallet.ts';
import * as m202611241050 from './202611241050-content-banner-image-en.ts';
import * as m202611251000 from './202611251000-games-launch.ts';
import * as m202611251010 from './202611251010-house-vendor-session.ts';
import * as m202611251020 from './202611251020-games-vendor-call-functions.ts';
import * as m202611251021 from './202611251021-ledger-transfer-read-wallets.ts';
import * as m202611251030 from './202611251030-house-fairness-rounds.ts';
import * as m202611251040 from './202611251040-house-lottery.ts';
import * as m202611251050 from './202611251050-records-bet-settled-index.ts';
import * as m202611251100 from './202611251100-events-sql-functions-plpgsql.ts';
import * as m202611262336 from './202611262336-wallet-payment-password.ts';
import * as m202611270300 from './202611270300-wallet-withdrawal-cancel.ts';
import * as m202611270310 from './202611270310-operator-two-factor.ts';
import * as m202611270900 from './202611270900-reports-rollups.ts';
import * as m202611271400 from './202611271400-reports-generation.ts';
import * as m202611271410 from './202611271410-member-downline-tree.ts';
import * as m202611271500 from './202611271500-reports-team.ts';
import * as m202611271510 from './202611271510-member-tree-joined.ts';
import * as m202611271520 from './202611271520-system-help-publishing.ts';
import * as m202611271608 from './202611271608-wallet-adjustment-requests.ts';
import * as m202611271630 from './202611271630-agent-contracts.ts';
import * as m202611271700 from './202611271700-system-cs-entries-game-rtp.ts';
import * as m202611271720 from './202611271720-agent-hourly.ts';
import * as m202611271740 from './202611271740-reports-team-active-count.ts';
import * as m202611281000 from './202611281000-agent-contract-history.ts';
import * as m202611281010 from './202611281010-agent-settings.ts';
import * as m202611281020 from './202611281020-reports-round-hour-facts.ts';
import * as m202611281100 from './202611281100-ledger-account-identity-checks.ts';
import * as m202611290400 from './202611290400-member-messages.ts';
import * as m202611290410 from './202611290410-member-feedback.ts';

/**
 * Every migration of the gateway, whatever module's tables it touches. A static list, not a folder
 * scan: works the same under tsx, a bundle or tests. Append only.
 *
 * Naming rule. Kysely applies migrations sorted by name and refuses to run when an applied one is not
 * where the sorted list puts it, so a new migration must sort after every existing one:
 * - the legacy names (`0001-system` ... `0200-ledger`, numbered in bands per module) stay as they
 *   are: renaming an applied migration breaks existing databases;
 * - every new migration is named `YYYYMMDDHHMM-<module>-<topic>` after the UTC time of writing
 *   (e.g. `202611230900-events-outbox`), which sorts after all legacy names whatever the module;
 * - append it at the end of this list (the newest sorts last).
 * migration-order.test.ts checks all three, and getMigrations refuses a list that breaks them.
 *
 * The files stay here, not beside their modules: the legacy migrations each create tables of several
 * modules (0100-accounts: member, session, verification and outbox tables), and one list keeps the one
 * global order in view. A new migration names its module in its file name.
 */
export const migrations: Record<string, Migration> = {
  '0001-system': m0001,
  '0100-accounts': m0100,
  '0101-social-login': m0101,
  '0102-expiry-indexes': m0102,
  '0103-job-runs': m0103,
  '0200-ledger': m0200,
  '202611230900-events-outbox': m202611230900,
  '202611231100-wallet-settings': m202611231100,
  '202611231200-wallet-house-accounts': m202611231200,
  '202611231210-wallet-vendor-wallets': m202611231210,
  '202611231300-wallet-deposits': m202611231300,
  '202611231301-payments-sandbox-pix': m202611231301,
  '202611231400-wallet-withdrawals': m202611231400,
  '202611231500-operator-accounts': m202611231500,
  '202611231510-wallet-balance-after': m202611231510,
  '202611231600-art-assets': m202611231600,
  '202611231601-games-catalogue': m202611231601,
  '202611231602-content-announcements': m202611231602,
  '202611241000-ledger-transfer-function': m202611241000,
  '202611241020-wallet-withdrawal-failed': m202611241020,
  '202611241030-games-vendor-wallet': m202611241030,
  '202611241050-content-banner-image-en': m202611241050,
  '202611251000-games-launch': m202611251000,
  '202611251010-house-vendor-session': m202611251010,
  '202611251020-games-vendor-call-functions': m202611251020,
  '202611251021-ledger-transfer-read-wallets': m202611251021,
  '202611251030-house-fairness-rounds': m202611251030,
  '202611251040-house-lottery': m202611251040,
  '202611251050-records-bet-settled-index': m202611251050,
  '202611251100-events-sql-functions-plpgsql': m202611251100,
  '202611262336-wallet-payment-password': m202611262336,
  '202611270300-wallet-withdrawal-cancel': m202611270300,
  '202611270310-operator-two-factor': m202611270310,
  '202611270900-reports-rollups': m202611270900,
  '202611271400-reports-generation': m202611271400,
  '202611271410-member-downline-tree': m202611271410,
  '202611271500-reports-team': m202611271500,
  '202611271510-member-tree-joined': m202611271510,
  '202611271520-system-help-publishing': m202611271520,
  '202611271608-wallet-adjustment-requests': m202611271608,
  '202611271630-agent-contracts': m202611271630,
  '202611271700-system-cs-entries-game-rtp': m202611271700,
  '202611271720-agent-hourly': m202611271720,
  '202611271740-reports-team-active-count': m202611271740,
  '202611281000-agent-contract-history': m202611281000,
  '202611281010-agent-settings': m202611281010,
  '202611281020-reports-round-hour-facts': m202611281020,
  '202611281100-ledger-account-identity-checks': m202611281100,
  '202611290400-member-messages': m202611290400,
  '202611290410-member-feedback': m202611290410,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => {
    const problems = migrationOrderProblems(Object.keys(migrations));
    if (problems.length > 0) throw new Error(`migration list out of order: ${problems.join('; ')}`);
    return migrations;
  },
};
