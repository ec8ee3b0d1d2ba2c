import type { DbOrTrx } from '../../../database.ts';
import { calendarPeriods, type CalendarPeriod } from '../wallet-day.ts';
import {
  creditsByPeriod,
  mainAccountsOf,
  referencedByPeriod,
  selectRecord,
} from './wallet-record.repository.ts';

/*
 * Reads of many members' money for the agent centre (the agent module has already scoped the ids to
 * the caller's tree): their deposit, withdrawal and transfer lines, and what one member was credited
 * per period. Same lines and cursor as the member's own account record (wallet-record.service.ts).
 */

export interface MemberMoneyLine {
  /** `<transfer id><d|c>`: the next page's cursor when last. */
  id: string;
  memberId: number;
  kind: string;
  /** Signed from the member's side. */
  amount: number;
  currency: string;
  balanceAfter: number | null;
  at: Date;
}

/** Lines of the members' main wallets, newest first by (transfer id, side), `kinds` only. */
export async function membersMoneyLines(
  db: DbOrTrx,
  memberIds: readonly number[],
  q: {
    kinds: readonly string[];
    from?: Date | undefined;
    to?: Date | undefined;
    cursor?: string;
    limit: number;
  },
): Promise<{ items: MemberMoneyLine[]; nextCursor: string | null }> {
  const accounts = await mainAccountsOf(db, memberIds);
  const owner = new Map(accounts.map((a) => [a.id, a.member_id!]));
  const m = q.cursor === undefined ? null : /^(\d{1,16})([dc])$/.exec(q.cursor);
  const rows = await selectRecord(db, {
    accountIds: [...owner.keys()],
    types: [...q.kinds],
    from: q.from,
    to: q.to,
    after: m ? { transferId: Number(m[1]), side: m[2] as 'd' | 'c' } : undefined,
    limit: q.limit + 1,
  });
  const items = rows.slice(0, q.limit).map((r) => ({
    id: `${r.id}${r.side}`,
    memberId: owner.get(Number(r.account_id))!,
    kind: r.kind,
    amount: Number(r.amount),
    currency: r.currency,
    balanceAfter: r.balance_after === null ? null : Number(r.balance_after),
    at: r.created_at,
  }));
  return { items, nextCursor: rows.length > q.limit ? items[items.length - 1]!.id : null };
}

/**
 * What a member's accounts were credited, by calendar period of the merchant's zone (every period
 * from `from` to `to`, empty ones included) and by kind and sending member.
 */
export async function memberCreditsByPeriod(
  db: DbOrTrx,
  r: {
    memberId: number;
    kinds: readonly string[];
    from: Date;
    to: Date;
    period: CalendarPeriod;
    timeZone: string;
  },
) {
  const periods = calendarPeriods(r.from, r.to, r.period, r.timeZone);
  const bounds = [...periods.map((p) => p.start), periods[periods.length - 1]!.end];
  const credits = await creditsByPeriod(db, { memberId: r.memberId, kinds: r.kinds, bounds });
  return { periods, credits };
}

/**
 * A member's transfers of one kind whose reference starts with a prefix, per period [bounds[i],
 * bounds[i + 1]) and side (what its accounts received, what they paid): for a module that reads back
 * the transfers it referenced itself (agent contracts' debt repayments).
 */
export const memberReferencedByPeriod = referencedByPeriod;
