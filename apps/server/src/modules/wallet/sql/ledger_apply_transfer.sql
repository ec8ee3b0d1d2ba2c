-- ledger_apply_transfer: One ledger transfer in one statement: locks, idempotency, checks, the
-- transfer row, both balances and a wallet.balance-changed event per member wallet. Refusals are
-- answers (an outcome code, with nothing left written), never exceptions. Callers go through
-- transfer() in ledger.service.ts.
--
-- The usual transfer (both accounts there, one currency, the money there, a fresh key) takes the
-- short way: the two balance UPDATEs take the row locks themselves, in ascending id order, and the
-- transfer row follows. Anything else undoes what the short way moved and takes the careful way
-- (SELECT ... FOR UPDATE, the refusal, the stored transfer of the key), which decides as before. The
-- short way saves the locking SELECT on every transfer (its lock records stay: the transfer row's
-- foreign-key checks lock both accounts' rows FOR KEY SHARE either way).
-- First created by migration 202611241000-ledger-transfer-function; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function ledger_apply_transfer(
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
  v_id bigint;
  v_event bigint;
  v_refusal text;
  v_inserted boolean := false;
begin
  -- The short way. Each UPDATE locks its row, lower id first (two transfers never wait on each
  -- other in a cycle); the debit only when a member's balance covers it. RETURNING gives the rows
  -- after the move. A fresh key (the usual case) needs no look-up first: the unique index answers,
  -- in this statement, whether the key is taken.
  if p_debit <> p_credit then
    foreach v_id in array array[least(p_debit, p_credit), greatest(p_debit, p_credit)] loop
      if v_id = p_debit then
        update ledger_account a set balance = a.balance - p_amount
        where a.id = v_id and (a.kind <> 'MEMBER' or a.balance >= p_amount)
        returning * into v_debit;
      else
        update ledger_account a set balance = a.balance + p_amount where a.id = v_id
        returning * into v_credit;
      end if;
      exit when not found;
    end loop;
    if v_debit.id is not null and v_credit.id is not null and v_debit.currency = v_credit.currency then
      insert into ledger_transfer as t (idempotency_key, debit_account_id, credit_account_id, amount,
        currency, kind, reference, debit_balance_after, credit_balance_after)
      values (p_key, p_debit, p_credit, p_amount, v_debit.currency, p_kind, p_reference,
        v_debit.balance, v_credit.balance)
      on conflict (idempotency_key) do nothing
      returning * into v_t;
      v_inserted := found;
    end if;
    if not v_inserted then
      -- Not the usual transfer: undo what moved (its locks stay held) and take the careful way.
      if v_debit.id is not null then
        update ledger_account a set balance = a.balance + p_amount where a.id = p_debit;
      end if;
      if v_credit.id is not null then
        update ledger_account a set balance = a.balance - p_amount where a.id = p_credit;
      end if;
      v_debit := null;
      v_credit := null;
    end if;
  end if;

  if not v_inserted then
    -- The careful way. Row locks in ascending id order, as above.
    for v_row in
      select * from ledger_account a where a.id in (p_debit, p_credit) order by a.id for update
    loop
      if v_row.id = p_debit then v_debit := v_row; else v_credit := v_row; end if;
    end loop;

    -- The refusal the request earns, if any; answered only when the key names no stored transfer (a
    -- twin that held the locks has committed, and a retry gets its first answer, not a refusal
    -- against the balance the first one spent).
    v_refusal := case
      when v_debit.id is null or v_credit.id is null then 'ledger_account_not_found'
      when v_debit.currency <> v_credit.currency then 'currency_mismatch'
      when v_debit.kind = 'MEMBER' and v_debit.balance < p_amount then 'insufficient_funds'
    end;
    if v_refusal is null then
      -- Exact balances after: both rows are locked.
      insert into ledger_transfer as t (idempotency_key, debit_account_id, credit_account_id, amount,
        currency, kind, reference, debit_balance_after, credit_balance_after)
      values (p_key, p_debit, p_credit, p_amount, v_debit.currency, p_kind, p_reference,
        v_debit.balance - p_amount, v_credit.balance + p_amount)
      on conflict (idempotency_key) do nothing
      returning * into v_t;
      v_inserted := found;
    end if;
    if not v_inserted then
      -- The key's stored transfer: committed by a twin on our accounts (it held our locks) or on
      -- others; or none, and the refusal stands.
      select * into v_t from ledger_transfer t where t.idempotency_key = p_key;
      if not found then
        if v_refusal is null then raise exception 'ledger: key % conflicted but is not readable', p_key; end if;
        outcome := v_refusal; return next; return;
      end if;
    else
      -- Both balances in ascending id order, like the locks.
      foreach v_id in array array[least(p_debit, p_credit), greatest(p_debit, p_credit)] loop
        if v_id = p_debit then
          update ledger_account a set balance = a.balance - p_amount
          where a.id = v_id and (a.kind <> 'MEMBER' or a.balance >= p_amount);
        else
          update ledger_account a set balance = a.balance + p_amount where a.id = v_id;
        end if;
        if not found then raise exception 'ledger: balance of account % changed under its lock', v_id; end if;
      end loop;
      v_debit.balance := v_debit.balance - p_amount;
      v_credit.balance := v_credit.balance + p_amount;
    end if;
  end if;

  if v_inserted then
    -- An event per member wallet, in ascending id order, with its balance after.
    foreach v_account in array case when p_debit < p_credit then array[v_debit, v_credit]
      else array[v_credit, v_debit] end loop
      if v_account.kind = 'MEMBER' and v_account.member_id is not null then
        -- An assignment, not PERFORM: PL/pgSQL evaluates it as a simple expression, without
        -- starting an executor for a SELECT (it runs once or twice per money call).
        v_event := domain_event_record(p_event, v_account.member_id::text, jsonb_build_object(
          'memberId', v_account.member_id, 'currency', v_account.currency,
          'wallet', v_account.wallet, 'balance', v_account.balance, 'kind', p_kind,
          'transferId', v_t.id));
      end if;
    end loop;
    outcome := 'transferred';
  else
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
end $$;
