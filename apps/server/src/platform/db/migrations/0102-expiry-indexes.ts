import type { Kysely } from 'kysely';

/** Indexes for the hourly clean-up of expired short-lived rows (session.jobs.ts). */
const INDEXES = [
  ['verification_code_expires', 'verification_code'],
  ['login_challenge_expires', 'login_challenge'],
  ['session_expires', 'session'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of INDEXES) {
    await db.schema.createIndex(name).on(table).column('expires_at').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
