import type { Insertable, Kysely } from 'kysely';
import type { SandboxPixChargeRow, SandboxPixChargeTable, SandboxPixTables } from './sandbox-pix.table.ts';

/** The sandbox PIX provider's SQL (its own table; sandbox-pix-provider.ts holds the rules). */

export async function insertCharge(
  db: Kysely<SandboxPixTables>,
  row: Insertable<SandboxPixChargeTable>,
): Promise<void> {
  await db.insertInto('sandbox_pix_charge').values(row).execute();
}

export const findCharge = (
  db: Kysely<SandboxPixTables>,
  providerRef: string,
): Promise<SandboxPixChargeRow | undefined> =>
  db.selectFrom('sandbox_pix_charge').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst();

/** pending -> paid; undefined when the charge was no longer pending. */
export const markChargePaid = (
  db: Kysely<SandboxPixTables>,
  providerRef: string,
  now: Date,
): Promise<SandboxPixChargeRow | undefined> =>
  db
    .updateTable('sandbox_pix_charge')
    .set({ status: 'paid', paid_at: now })
    .where('provider_ref', '=', providerRef)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
