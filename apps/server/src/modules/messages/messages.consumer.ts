import { PLAY_MONEY_CURRENCY, type MessageKind } from '@banca/contract';
import type { Database } from '../../database.ts';
import {
  defineConsumer,
  on,
  type Consumer,
  type EventHandler,
} from '../../platform/events/event-catalogue.ts';
import { memberRegistered } from '../member/index.ts';
import { walletBonusCredited, walletDepositCredited, walletWithdrawalPaid } from '../wallet/index.ts';
import { insertMessage, openInbox } from './messages.repository.ts';

/** A money event of the wallet: what a deposit, payout or bonus message is made from. */
interface MoneyPayload {
  memberId: number;
  amount: number;
  currency: string;
  at: string;
}

/**
 * The gateway's own messages, written after the commit of what they tell (`messages.inbox`): a
 * welcome when a member registers (which also opens their inbox: broadcasts sent before it are not
 * theirs), and a line for each credited deposit, paid withdrawal and credited bonus. Each message's
 * source (`deposit:12`) is unique, so a second delivery of an event writes nothing. Play money (trial
 * accounts) never writes one: trial accounts have no inbox.
 */
export function messagesConsumer(): Consumer<Database> {
  const money =
    <P extends MoneyPayload>(kind: MessageKind, source: (payload: P) => string): EventHandler<P, Database> =>
    async (event, trx) => {
      const p = event.payload;
      if (p.currency === PLAY_MONEY_CURRENCY) return;
      await insertMessage(trx, {
        audience: 'member',
        member_id: p.memberId,
        merchant_code: null,
        kind,
        amount: p.amount,
        currency: p.currency,
        source: source(p),
        created_at: p.at,
      });
    };
  return defineConsumer<Database>('messages.inbox', [
    on(memberRegistered, async (event, trx) => {
      const { memberId } = event.payload;
      await openInbox(trx, memberId, event.recordedAt);
      await insertMessage(trx, {
        audience: 'member',
        member_id: memberId,
        merchant_code: null,
        kind: 'welcome',
        source: `welcome:${memberId}`,
        created_at: event.recordedAt,
      });
    }),
    on(
      walletDepositCredited,
      money('deposit-credited', (p) => `deposit:${p.depositId}`),
    ),
    on(
      walletWithdrawalPaid,
      money('withdrawal-paid', (p) => `withdrawal:${p.withdrawalId}`),
    ),
    on(
      walletBonusCredited,
      money('bonus-credited', (p) => `bonus:${p.transferId}`),
    ),
  ]);
}
