import { sql } from 'kysely';
import { hashPassword } from '../platform/crypto/password.ts';
import type { Db } from '../database.ts';
import { addToDownlineTree } from '../modules/member/index.ts';
import { DEMO_ACCOUNTS, DEMO_KNOWN_IPS, type DemoAccount } from './demo-content.ts';

/**
 * Adds the demo member and agent when they are missing. Idempotent and safe with several nodes at
 * once (inserts skip on conflict); never changes an existing account, so a demo password someone
 * changed stays changed. Runs whenever the demo seed is enabled, also on data dirs seeded before the
 * accounts existed. Returns the accounts created by this call.
 */
export async function seedDemoAccounts(
  db: Db,
  merchantCode = 'banca',
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
): Promise<{ created: string[] }> {
  const existing = await db
    .selectFrom('member')
    .select(sql<string>`lower(account)`.as('account'))
    .where('merchant_code', '=', merchantCode)
    .where(
      sql<string>`lower(account)`,
      'in',
      accounts.map((a) => a.account.toLowerCase()),
    )
    .execute();
  const have = new Set(existing.map((r) => r.account));
  const missing = accounts.filter((a) => !have.has(a.account.toLowerCase()));
  if (missing.length === 0) return { created: [] };

  // Hash outside the transaction: with PGlite the transaction holds the only connection.
  const hashes = new Map(
    await Promise.all(missing.map(async (a) => [a.account, await hashPassword(a.password)] as const)),
  );
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const created: string[] = [];
    // Parents first (the order of DEMO_ACCOUNTS), so a member can point at its agent.
    for (const a of missing) {
      const parent = a.parent
        ? await trx
            .selectFrom('member')
            .select('id')
            .where('merchant_code', '=', merchantCode)
            .where(sql<string>`lower(account)`, '=', a.parent.toLowerCase())
            .executeTakeFirst()
        : undefined;
      const row = await trx
        .insertInto('member')
        .values({
          merchant_code: merchantCode,
          account: a.account,
          type: a.type,
          password_hash: hashes.get(a.account)!,
          password_changed_at: now,
          nickname: a.nickname,
          email: a.email,
          parent_id: parent?.id ?? null,
          register_ip: DEMO_KNOWN_IPS[0],
          register_method: 'SEED',
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      created.push(a.account);
      if (parent) await addToDownlineTree(trx, row.id, parent.id);
      await trx
        .insertInto('member_known_ip')
        .values(
          DEMO_KNOWN_IPS.map((ip) => ({ member_id: row.id, ip, first_seen_at: now, last_seen_at: now })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      if (a.affiliateCode) {
        await trx
          .insertInto('affiliate')
          .values({ merchant_code: merchantCode, code: a.affiliateCode, member_id: row.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    return { created };
  });
}
