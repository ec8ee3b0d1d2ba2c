import type { Kysely, Transaction } from 'kysely';
import type { AccountTables } from '../../modules/session/account-db.ts';
import type { SystemTables } from '../../modules/system/system.table.ts';
import type { WalletTables } from '../../modules/wallet/ledger.table.ts';
import type { CryptoTables } from '../crypto/server-key.table.ts';
import type { EventTables } from '../events/event.table.ts';
import type { JobTables } from '../jobs/job-run.table.ts';

/** Every table of the gateway; each module contributes its own `*.table.ts`. */
export interface Database
  extends SystemTables, CryptoTables, AccountTables, JobTables, WalletTables, EventTables {}

export type Db = Kysely<Database>;
/** Repositories take either, so the caller decides the transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
