-- vendor_credit_apply: the ordinary vendor credit in one statement (vendor-wallet/vendor-wallet.fast-path.ts
-- calls it): a fresh transaction id on an open round of the player. The same writes in the same
-- order as the step-by-step path (vendor-wallet.service.ts; service invariant 5): the claim, the
-- round's payout (and close), the turnover, the ledger transfer, the round-settled event (its payload
-- is games.events.ts roundSettledPayload; a test parses what this writes with it), and the answer
-- stored only when no transfer holds it (a zero credit; service invariant 2). It owns no refusal: it answers 'claimed' before its first write when the id is known, and raises
-- SQLSTATE BV001 (rolling its statement back) when a write shows the call is not ordinary.
-- First created by migration 202611251020-games-vendor-call-functions; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function vendor_credit_apply(
  p_vendor text, p_transaction_id text, p_member integer, p_round_id text, p_amount bigint,
  p_close boolean, p_hash text, p_at timestamptz, p_account text, p_currency text, p_wallet bigint,
  p_house bigint, p_balance_event text, p_settled_event text)
returns table (outcome text, balance bigint)
language plpgsql volatile as $$
declare
  v_round bet_record%rowtype;
  v_t record;
  v_balance bigint;
  v_answer jsonb;
  v_event bigint;
begin
  insert into vendor_transaction (vendor, transaction_id, kind, member_id, round_id, amount,
    request_hash, created_at)
  values (p_vendor, p_transaction_id, 'CREDIT', p_member, p_round_id, p_amount, p_hash, p_at)
  on conflict (vendor, transaction_id) do nothing;
  if not found then
    outcome := 'claimed'; return next; return;
  end if;

  update bet_record set payout = payout + p_amount, updated_at = p_at,
    status = case when p_close then 'SETTLED' else status end,
    settled_at = case when p_close then p_at else settled_at end
  where vendor = p_vendor and round_id = p_round_id and member_id = p_member and status = 'OPEN'
  returning * into v_round;
  if not found then
    raise exception 'vendor_call_fallback' using errcode = 'BV001';
  end if;

  -- The member's turnover row before the ledger rows (service invariant 5).
  if p_close and v_round.stake > 0 then
    perform wallet_record_turnover(p_member, v_round.stake);
  end if;

  if p_amount > 0 then
    select * into v_t from ledger_apply_transfer('vendor:' || p_vendor || ':' || p_transaction_id,
      p_house, p_wallet, p_amount, 'BET_PAYOUT', 'round:' || p_vendor || ':' || p_round_id,
      p_balance_event);
    if v_t.outcome <> 'transferred' then
      raise exception 'vendor_call_fallback' using errcode = 'BV001';
    end if;
    v_balance := v_t.credit_balance_after;
  else
    select a.balance into v_balance from ledger_account a where a.id = p_wallet;
  end if;

  if p_close then
    -- The payload games.events.ts roundSettled declares, as vendor-wallet.service.ts settled() builds it.
    -- An assignment, not PERFORM: evaluated as a simple expression (no executor for a SELECT).
    v_event := domain_event_record(p_settled_event, p_member::text, jsonb_build_object(
      'roundId', v_round.vendor || ':' || v_round.round_id, 'memberId', v_round.member_id,
      'account', p_account, 'nodeId', v_round.node_id, 'gameType', v_round.game_type,
      'currency', v_round.currency, 'stake', v_round.stake, 'payout', v_round.payout,
      'settledAt', to_char(coalesce(v_round.settled_at, v_round.updated_at) at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  end if;

  if p_amount = 0 then
    -- No transfer to answer a retry from: the answer is stored (vendor-wallet.answers.ts).
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance, 'currency', p_currency,
      'transactionId', p_transaction_id, 'roundId', p_round_id);
    update vendor_transaction set answer = v_answer
    where vendor = p_vendor and transaction_id = p_transaction_id;
  end if;
  outcome := 'ok'; balance := v_balance; return next;
end $$;
