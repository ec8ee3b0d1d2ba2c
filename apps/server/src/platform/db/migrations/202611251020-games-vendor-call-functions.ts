import { sql, type Kysely } from 'kysely';

/**
 * A vendor wallet debit or credit as one statement (games module, issue 11 benchmark). The service
 * (modules/games/vendor-wallet.service.ts) used to spend ten round trips on a call: BEGIN, claim the
 * transaction id, the bet record, the wallet and house reads, the ledger transfer, the recent game (or
 * the turnover and the round-settled event), the stored answer, COMMIT. These functions do the same
 * writes, in the same order (service invariant 5: transaction row, round row, member state, ledger
 * accounts), inside the database, for the ordinary case only: a fresh transaction id on an open round
 * with the money there. Anything else (a retry, a closed or foreign round, insufficient funds, ...)
 * leaves nothing behind and is judged again by the service's step-by-step path, which owns every
 * refusal: a function answers 'claimed' before its first write when the id is known, and raises
 * 'vendor_call_fallback' (rolling its statement back) when it learns after a write. So there is one
 * set of rules; these functions are only the shortcut through its most common branch.
 *
 * `wallet_record_turnover` is the wallet module's (turnover.service.ts calls it too): valid bets
 * lower the member's turnover requirement, never below zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function wallet_record_turnover(p_member integer, p_amount bigint) returns void
    language sql volatile as $$
      update wallet_member_state set turnover_remaining = greatest(0, turnover_remaining - p_amount),
        updated_at = now()
      where member_id = p_member and turnover_remaining > 0
    $$`.execute(db);

  await sql`
    create function vendor_debit_apply(
      p_vendor text, p_transaction_id text, p_member integer, p_round_id text, p_amount bigint,
      p_hash text, p_at timestamptz, p_node_id text, p_game_code text, p_game_type text, p_currency text,
      p_wallet bigint, p_house bigint, p_balance_event text, p_recent_keep integer)
    returns table (outcome text, balance bigint)
    language plpgsql volatile as $$
    declare
      v_currency text;
      v_inserted boolean;
      v_t record;
      v_answer jsonb;
    begin
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
        raise exception 'vendor_call_fallback';
      end if;

      select * into v_t from ledger_apply_transfer('vendor:' || p_vendor || ':' || p_transaction_id,
        p_wallet, p_house, p_amount, 'BET', 'round:' || p_vendor || ':' || p_round_id, p_balance_event);
      if v_t.outcome <> 'transferred' then
        raise exception 'vendor_call_fallback';
      end if;

      if v_inserted then
        -- The recent games list (member-games.service.ts recordRecentGame), newest RECENT_KEEP kept.
        insert into game_recent (member_id, node_id, played_at) values (p_member, p_node_id, p_at)
        on conflict (member_id, node_id) do update set played_at = p_at;
        delete from game_recent where member_id = p_member and node_id not in (
          select node_id from game_recent where member_id = p_member
          order by played_at desc, node_id limit p_recent_keep);
      end if;

      v_answer := jsonb_build_object('status', 'OK', 'balance', v_t.debit_balance_after,
        'currency', p_currency, 'transactionId', p_transaction_id, 'roundId', p_round_id);
      update vendor_transaction set answer = v_answer
      where vendor = p_vendor and transaction_id = p_transaction_id;
      outcome := 'ok'; balance := v_t.debit_balance_after; return next;
    end $$`.execute(db);

  await sql`
    create function vendor_credit_apply(
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
        raise exception 'vendor_call_fallback';
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
          raise exception 'vendor_call_fallback';
        end if;
        v_balance := v_t.credit_balance_after;
      else
        select a.balance into v_balance from ledger_account a where a.id = p_wallet;
      end if;

      if p_close then
        -- The payload games.events.ts roundSettled declares, as vendor-wallet.service.ts settled() builds it.
        perform domain_event_record(p_settled_event, p_member::text, jsonb_build_object(
          'roundId', v_round.vendor || ':' || v_round.round_id, 'memberId', v_round.member_id,
          'account', p_account, 'nodeId', v_round.node_id, 'gameType', v_round.game_type,
          'currency', v_round.currency, 'stake', v_round.stake, 'payout', v_round.payout,
          'settledAt', to_char(coalesce(v_round.settled_at, v_round.updated_at) at time zone 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
      end if;

      v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance, 'currency', p_currency,
        'transactionId', p_transaction_id, 'roundId', p_round_id);
      update vendor_transaction set answer = v_answer
      where vendor = p_vendor and transaction_id = p_transaction_id;
      outcome := 'ok'; balance := v_balance; return next;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists vendor_credit_apply(text, text, integer, text, bigint, boolean, text,
    timestamptz, text, text, bigint, bigint, text, text)`.execute(db);
  await sql`drop function if exists vendor_debit_apply(text, text, integer, text, bigint, text, timestamptz,
    text, text, text, text, bigint, bigint, text, integer)`.execute(db);
  await sql`drop function if exists wallet_record_turnover(integer, bigint)`.execute(db);
}
