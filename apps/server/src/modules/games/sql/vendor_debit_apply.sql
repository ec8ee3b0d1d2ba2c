-- vendor_debit_apply: the ordinary vendor debit in one statement (vendor-wallet/vendor-wallet.fast-path.ts
-- calls it): a fresh transaction id on an open round of the player with the money there. The same
-- writes in the same order as the step-by-step path (vendor-wallet.service.ts; service invariant 5:
-- transaction row, round row, member state, ledger accounts): the claim, the round's stake, the
-- ledger transfer, the recent game (its answer is the transfer's, not stored: service invariant 2).
-- It owns no refusal: it answers 'claimed' before its first write when the id is known, and raises
-- SQLSTATE BV001 (rolling its statement back) when a write shows the call is not ordinary; the
-- step-by-step path then judges the call.
-- A member who may not play (member_may_play, the member module's rule, read fresh in this
-- statement) is not ordinary either: the service then refuses player_locked.
-- First created by migration 202611251020-games-vendor-call-functions; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function vendor_debit_apply(
  p_vendor text, p_transaction_id text, p_member integer, p_round_id text, p_amount bigint,
  p_hash text, p_at timestamptz, p_node_id text, p_game_code text, p_game_type text, p_currency text,
  p_wallet bigint, p_house bigint, p_balance_event text, p_recent_keep integer)
returns table (outcome text, balance bigint)
language plpgsql volatile as $$
declare
  v_currency text;
  v_inserted boolean;
  v_t record;
  v_recent_added boolean;
begin
  if not member_may_play(p_member) then
    raise exception 'vendor_call_fallback' using errcode = 'BV001';
  end if;
  insert into vendor_transaction (vendor, transaction_id, kind, member_id, round_id, amount,
    request_hash, created_at)
  values (p_vendor, p_transaction_id, 'DEBIT', p_member, p_round_id, p_amount, p_hash, p_at)
  on conflict (vendor, transaction_id) do nothing;
  if not found then
    outcome := 'claimed'; return next; return;
  end if;

  insert into bet_record as b (vendor, round_id, member_id, node_id, game_code, game_type, currency,
    stake, opened_at, updated_at)
  values (p_vendor, p_round_id, p_member, p_node_id, p_game_code, p_game_type, p_currency, p_amount,
    p_at, p_at)
  on conflict (vendor, round_id) do update set stake = b.stake + excluded.stake, updated_at = p_at
    where b.status = 'OPEN' and b.member_id = p_member
  returning b.currency, (b.xmax = 0) into v_currency, v_inserted;
  if not found or v_currency <> p_currency then
    raise exception 'vendor_call_fallback' using errcode = 'BV001';
  end if;

  select * into v_t from ledger_apply_transfer('vendor:' || p_vendor || ':' || p_transaction_id,
    p_wallet, p_house, p_amount, 'BET', 'round:' || p_vendor || ':' || p_round_id, p_balance_event);
  if v_t.outcome <> 'transferred' then
    raise exception 'vendor_call_fallback' using errcode = 'BV001';
  end if;

  -- The recent games list (member-games.repository.ts upsertRecentGame), newest RECENT_KEEP kept. A
  -- game already at its top stays there unwritten: the time orders the list and nothing else, and a
  -- member's rounds mostly follow one another on one game (a round's first debit wrote a row
  -- version, its two index entries and a row lock, for the same order).
  if v_inserted and p_node_id is distinct from (
      select r.node_id from game_recent r where r.member_id = p_member
      order by r.played_at desc, r.node_id limit 1) then
    -- Trimmed only when the list grew: a game already in it moves to the top, and the list, kept
    -- to at most RECENT_KEEP by every insert, stays as long (one statement less per debit).
    insert into game_recent as g (member_id, node_id, played_at) values (p_member, p_node_id, p_at)
    on conflict (member_id, node_id) do update set played_at = p_at
    returning (g.xmax = 0) into v_recent_added;
    if v_recent_added then
      delete from game_recent where member_id = p_member and node_id not in (
        select node_id from game_recent where member_id = p_member
        order by played_at desc, node_id limit p_recent_keep);
    end if;
  end if;

  -- No stored answer: a retry is answered from the ledger transfer (vendor-wallet.answers.ts).
  outcome := 'ok'; balance := v_t.debit_balance_after; return next;
end $$;
