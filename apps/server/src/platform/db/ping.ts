import { sql, type Kysely } from 'kysely';

/** One trivial round trip: resolves when the database answers (the readiness probe), throws otherwise. */
export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
