import { sql, type Kysely } from 'kysely';

/**
 * Named house accounts in buckets (wallet module, issue 9 item 1).
 *
 * Before: one HOUSE_CASH account per (merchant, currency) was the other side of every real-money
 * movement, so every deposit, bet and win of a merchant queued on that one row lock until commit.
 * After:
 * - The house side says where money came from or went: PAYMENT_CLEARING (deposits in, payouts out),
 *   WITHDRAWALS_PENDING (held withdrawals), VENDOR_CLEARING (bets and wins; vendor wallets),
 *   PROMOTIONS, AGENT_PAYOUTS, ADJUSTMENTS (manual corrections); HOUSE_PLAY stays the source of play
 *   money (XPL only). The cash kinds never hold XPL.
 * - Each house kind is split into buckets: `bucket` (0..255; member wallets keep 0) is part of the
 *   house key (merchant, kind, currency, bucket). The ledger service picks a bucket per transfer
 *   (houseAccount) and sums the buckets when asked for the kind's balance (houseBalance), so
 *   concurrent transfers lock different rows. Buckets are created on first use.
 * - Existing HOUSE_CASH rows become ADJUSTMENTS bucket 0: until now only hand-made movements and
 *   tests used them, and renaming keeps every balance and transfer as it was (sums stay zero).
 */
const CASH_KINDS = `'PAYMENT_CLEARING', 'WITHDRAWALS_PENDING', 'VENDOR_CLEARING', 'PROMOTIONS', 'AGENT_PAYOUTS', 'ADJUSTMENTS'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account add column bucket smallint not null default 0`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_cash`.execute(db);
  await sql`update ledger_account set kind = 'ADJUSTMENTS' where kind = 'HOUSE_CASH'`.execute(db);
  await sql
    .raw(
      `alter table ledger_account
         add constraint ledger_account_kind_check check (kind in ('MEMBER', 'HOUSE_PLAY', ${CASH_KINDS})),
         add constraint ledger_account_cash check (kind not in (${CASH_KINDS}) or currency <> 'XPL'),
         add constraint ledger_account_bucket check (bucket between 0 and 255 and (kind <> 'MEMBER' or bucket = 0))`,
    )
    .execute(db);
  await sql`drop index ledger_account_house`.execute(db);
  await sql`create unique index ledger_account_house on ledger_account (merchant_code, kind, currency, bucket) where member_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Folds the buckets back into one row per (merchant, kind, currency) would need moving balances;
  // down is for an empty development database only.
  await sql`drop index ledger_account_house`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_bucket, drop constraint ledger_account_cash, drop constraint ledger_account_kind_check`.execute(
    db,
  );
  await sql`update ledger_account set kind = 'HOUSE_CASH' where kind not in ('MEMBER', 'HOUSE_PLAY')`.execute(
    db,
  );
  await sql`alter table ledger_account drop column bucket`.execute(db);
  await sql`alter table ledger_account
      add constraint ledger_account_kind_check check (kind in ('MEMBER', 'HOUSE_CASH', 'HOUSE_PLAY')),
      add constraint ledger_account_cash check (kind <> 'HOUSE_CASH' or currency <> 'XPL')`.execute(db);
  await sql`create unique index ledger_account_house on ledger_account (merchant_code, kind, currency) where member_id is null`.execute(
    db,
  );
}
