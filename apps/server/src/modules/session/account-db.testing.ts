import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import * as accounts from '../../platform/db/migrations/0100-accounts.ts';
import * as ledger from '../../platform/db/migrations/0200-ledger.ts';
import type { AccountDb } from './account-db.ts';

const INT8_OID = 20;

/**
 * Test-only: an in-memory PGlite with just migrations 0100 and 0200 (free play credits play money
 * through the ledger), through the same node-postgres adapter and PostgresDialect the gateway uses.
 * Independent of the gateway's db module on purpose.
 */
export async function openAccountTestDb(): Promise<{ db: AccountDb; close(): Promise<void> }> {
  // Same int8 reading as the gateway: bigint ids arrive as numbers.
  pg.types.setTypeParser(INT8_OID, (text: string) => Number(text));
  const pglite = await PGlite.create('memory://');
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
  await accounts.up(db as unknown as Kysely<unknown>);
  await ledger.up(db as unknown as Kysely<unknown>);
  return {
    db: db as unknown as AccountDb,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
