import { sql, type Kysely } from 'kysely';

/**
 * The ledger transfer as one statement (wallet module, issue 9 benchmark): `ledger_apply_transfer`
 * does in the database what transfer() did in ten round trips (lock both accounts, look the key up,
 * check, insert the transfer, update both balances, record the balance-changed events), and answers
 * the outcome. Callers go through transfer() in ledger.service.ts, never call it by hand.
 *
 * Refusals are answers, not exceptions: the function returns a refusal code before it writes
 * anything, so a caller's transaction is never aborted by one and may go on (ledger invariant 5).
 * Only "cannot happen" states raise.
 *
 * `domain_event_record` is the events platform's outbox insert in SQL (platform/events recordEvent,
 * for writers that run in the database): it computes the partition with the same FNV-1a over UTF-16
 * code units as partitionOf and EVENT_PARTITIONS = 16 (event-catalogue.ts); a test holds the two equal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function domain_event_partition(p_key text) returns smallint
    language plpgsql immutable strict as $$
    declare
      h bigint := 2166136261; -- FNV-1a offset basis 0x811c9dc5; arithmetic mod 2^32 like Math.imul
      cp integer;
    begin
      for i in 1 .. char_length(p_key) loop
        cp := ascii(substr(p_key, i, 1));
        if cp > 65535 then
          -- JavaScript's charCodeAt sees a surrogate pair: hash both halves.
          h := ((h # (55296 + ((cp - 65536) >> 10))) * 16777619) & 4294967295;
          h := ((h # (56320 + ((cp - 65536) & 1023))) * 16777619) & 4294967295;
        else
          h := ((h # cp) * 16777619) & 4294967295;
        end if;
      end loop;
      return (h % 16)::smallint;
    end $$`.execute(db);

  await sql`
    create function domain_event_record(p_name text, p_key text, p_payload jsonb) returns bigint
    language sql volatile as $$
      insert into domain_event (partition, key, name, payload)
      values (domain_event_partition(p_key), p_key, p_name, p_payload)
      returning id
    $$`.execute(db);

  // Another bucket of the same house account (merchant, kind, currency) counts as the same side.
  await sql`
    create function ledger_same_side(p_stored bigint, p_requested ledger_account) returns boolean
    language plpgsql stable as $$
    begin
      if p_requested.id is not null and p_stored = p_requested.id then return true; end if;
      if p_requested.id is null or p_requested.member_id is not null then return false; end if;
      return exists (
        select 1 from ledger_account s
        where s.id = p_stored and s.member_id is null and s.merchant_code = p_requested.merchant_code
          and s.kind = p_requested.kind and s.currency = p_requested.currency);
    end $$`.execute(db);

  await sql`
    create function ledger_apply_transfer(
      p_key text, p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_reference text,
      p_event text)
    returns table (
      outcome text, id bigint, idempotency_key text, debit_account_id bigint, credit_account_id bigint,
      amount bigint, currency text, kind text, reference text, debit_balance_after bigint,
      credit_balance_after bigint, created_at timestamptz)
    language plpgsql volatile as $$
    #variable_conflict use_column
    declare
      v_row ledger_account%rowtype;
      v_debit ledger_account%rowtype;
      v_credit ledger_account%rowtype;
      v_account ledger_account%rowtype;
      v_t ledger_transfer%rowtype;
      v_balance bigint;
      v_id bigint;
    begin
      -- Row locks in ascending id order: two transfers never wait on each other in a cycle.
      for v_row in
        select * from ledger_account a where a.id in (p_debit, p_credit) order by a.id for update
      loop
        if v_row.id = p_debit then v_debit := v_row; else v_credit := v_row; end if;
      end loop;

      -- After the locks: a twin that held them has committed, and a retry gets its first answer.
      select * into v_t from ledger_transfer t where t.idempotency_key = p_key;
      if not found then
        if v_debit.id is null or v_credit.id is null then
          outcome := 'ledger_account_not_found'; return next; return;
        end if;
        if v_debit.currency <> v_credit.currency then
          outcome := 'currency_mismatch'; return next; return;
        end if;
        if v_debit.kind = 'MEMBER' and v_debit.balance < p_amount then
          outcome := 'insufficient_funds'; return next; return;
        end if;
        -- Exact balances after: both rows are locked.
        insert into ledger_transfer as t (idempotency_key, debit_account_id, credit_account_id, amount,
          currency, kind, reference, debit_balance_after, credit_balance_after)
        values (p_key, p_debit, p_credit, p_amount, v_debit.currency, p_kind, p_reference,
          v_debit.balance - p_amount, v_credit.balance + p_amount)
        on conflict (idempotency_key) do nothing
        returning * into v_t;
        if not found then
          -- Taken meanwhile by a transfer on other accounts (a twin on ours needed our locks).
          select * into v_t from ledger_transfer t where t.idempotency_key = p_key;
          if not found then raise exception 'ledger: key % conflicted but is not readable', p_key; end if;
        else
          -- Both balances in ascending id order, like the locks; an event per member wallet.
          foreach v_id in array array[least(p_debit, p_credit), greatest(p_debit, p_credit)] loop
            if v_id = p_debit then
              update ledger_account a set balance = a.balance - p_amount
              where a.id = v_id and (a.kind <> 'MEMBER' or a.balance >= p_amount);
              v_account := v_debit;
              v_balance := v_debit.balance - p_amount;
            else
              update ledger_account a set balance = a.balance + p_amount where a.id = v_id;
              v_account := v_credit;
              v_balance := v_credit.balance + p_amount;
            end if;
            if not found then raise exception 'ledger: balance of account % changed under its lock', v_id; end if;
            if v_account.kind = 'MEMBER' and v_account.member_id is not null then
              perform domain_event_record(p_event, v_account.member_id::text, jsonb_build_object(
                'memberId', v_account.member_id, 'currency', v_account.currency,
                'wallet', v_account.wallet, 'balance', v_balance, 'kind', p_kind, 'transferId', v_t.id));
            end if;
          end loop;
          outcome := 'transferred';
        end if;
      end if;

      if outcome is null then
        -- The key names a stored transfer: the same movement again, or a conflicting reuse.
        if v_t.amount = p_amount and v_t.kind = p_kind and v_t.reference is not distinct from p_reference
          and ledger_same_side(v_t.debit_account_id, v_debit)
          and ledger_same_side(v_t.credit_account_id, v_credit) then
          outcome := 'replayed';
        else
          outcome := 'idempotency_conflict'; return next; return;
        end if;
      end if;
      id := v_t.id; idempotency_key := v_t.idempotency_key; debit_account_id := v_t.debit_account_id;
      credit_account_id := v_t.credit_account_id; amount := v_t.amount; currency := v_t.currency;
      kind := v_t.kind; reference := v_t.reference; debit_balance_after := v_t.debit_balance_after;
      credit_balance_after := v_t.credit_balance_after; created_at := v_t.created_at;
      return next;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists ledger_apply_transfer(text, bigint, bigint, bigint, text, text, text)`.execute(
    db,
  );
  await sql`drop function if exists ledger_same_side(bigint, ledger_account)`.execute(db);
  await sql`drop function if exists domain_event_record(text, text, jsonb)`.execute(db);
  await sql`drop function if exists domain_event_partition(text)`.execute(db);
}
