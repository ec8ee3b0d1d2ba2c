import { LOTTERY_PRODUCTS, PLAY_MONEY_CURRENCY, productOfGameType, type RoundProduct } from '@banca/contract';
import type { Database } from '../../database.ts';
import { defineConsumer, onBatch, type Consumer } from '../../platform/events/event-catalogue.ts';
import { roundSettled } from '../games/index.ts';
import { uplinesOf } from '../member/index.ts';
import { insertRounds } from './agent-contracts.repository.ts';

const LOTTERY: readonly RoundProduct[] = LOTTERY_PRODUCTS;

/**
 * `agent-contracts.rounds`: the settled lottery rounds (LOTT, ELOTT) of real-money members with an
 * upline, into agent_contract_round under the member and each upline (what real-time salaries are
 * paid on, per 5-minute period). Keyed (agent, round): a second delivery adds nothing. Other rounds,
 * play money and members without an upline are ignored (no contract can cover them).
 */
export function agentContractsConsumer(): Consumer<Database> {
  return defineConsumer<Database>('agent-contracts.rounds', [
    // A run of settled rounds at once: one upline read and one insert, whatever its length.
    onBatch(roundSettled, async (events, trx) => {
      const rounds = events.flatMap(({ payload: p }) => {
        if (p.currency === PLAY_MONEY_CURRENCY) return [];
        const product = productOfGameType(p.gameType);
        return LOTTERY.includes(product) ? [{ ...p, product }] : [];
      });
      if (rounds.length === 0) return;
      const uplines = await uplinesOf(trx, [...new Set(rounds.map((r) => r.memberId))]);
      await insertRounds(
        trx,
        rounds.flatMap((r) => {
          const above = uplines.get(r.memberId) ?? [];
          if (above.length === 0) return [];
          return [r.memberId, ...above].map((agentId) => ({
            agentId,
            ref: r.roundId,
            memberId: r.memberId,
            settledAt: r.settledAt,
            product: r.product,
            currency: r.currency,
            stake: r.stake,
            payout: r.payout,
          }));
        }),
      );
    }),
  ]);
}
