import { LOTTERY_PRODUCTS, PLAY_MONEY_CURRENCY, productOfGameType, type RoundProduct } from '@banca/contract';
import type { Database } from '../../database.ts';
import { defineConsumer, on, type Consumer } from '../../platform/events/event-catalogue.ts';
import { roundSettled } from '../games/index.ts';
import { uplinesOf } from '../member/index.ts';
import { insertRound } from './agent-contracts.repository.ts';

const LOTTERY: readonly RoundProduct[] = LOTTERY_PRODUCTS;

/**
 * `agent-contracts.rounds`: the settled lottery rounds (LOTT, ELOTT) of real-money members with an
 * upline, into agent_contract_round under the member and each upline (what real-time salaries are
 * paid on, per 5-minute period). Keyed (agent, round): a second delivery adds nothing. Other rounds,
 * play money and members without an upline are ignored (no contract can cover them).
 */
export function agentContractsConsumer(): Consumer<Database> {
  return defineConsumer<Database>('agent-contracts.rounds', [
    on(roundSettled, async (event, trx) => {
      const p = event.payload;
      if (p.currency === PLAY_MONEY_CURRENCY) return;
      const product = productOfGameType(p.gameType);
      if (!LOTTERY.includes(product)) return;
      const uplines = (await uplinesOf(trx, [p.memberId])).get(p.memberId) ?? [];
      if (uplines.length === 0) return;
      await insertRound(trx, {
        ref: p.roundId,
        memberId: p.memberId,
        agents: [p.memberId, ...uplines],
        settledAt: p.settledAt,
        product,
        currency: p.currency,
        stake: p.stake,
        payout: p.payout,
      });
    }),
  ]);
}
