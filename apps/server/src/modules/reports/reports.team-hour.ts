import { productOfGameType, type RoundProduct } from '@banca/contract';
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { uplinesOf } from '../member/index.ts';
import { merchantHour } from './reports.days.ts';
import { insertRollupRows } from './reports.repository.ts';
import type { ReportTeamHourTable } from './reports.table.ts';

/*
 * The rebuild's side of the team hour rollups (docs/reports.md "Team hour rollups"); the consumer's
 * statement and the reads are in reports.team-hour.repository.ts.
 */

/** A settled round as the rebuild reads it (games' settledRoundsPage). */
interface SourceRound {
  memberId: number;
  gameType: string;
  currency: string;
  stake: number;
  payout: number;
  settledAt: Date | string;
}

type HourRow = Required<Insertable<ReportTeamHourTable>>;

/**
 * The rebuild's side of the hour rollups: `add` each settled round (real money only: the caller
 * filters play money, as for the other rollups), then `write` expands each member's hours to the
 * member itself and its uplines and inserts the rows. Returns the rows written.
 */
export function teamHourRebuild(timeZone: string) {
  const members = new Map<
    string,
    {
      member_id: number;
      hour: string;
      product: RoundProduct;
      currency: string;
      rounds: number;
      stake: number;
      payout: number;
    }
  >();
  return {
    add(r: SourceRound): void {
      const hour = merchantHour(r.settledAt, timeZone);
      const product = productOfGameType(r.gameType);
      const key = `${r.memberId}|${hour}|${product}|${r.currency}`;
      let row = members.get(key);
      if (!row) {
        row = { member_id: r.memberId, hour, product, currency: r.currency, rounds: 0, stake: 0, payout: 0 };
        members.set(key, row);
      }
      row.rounds += 1;
      row.stake += r.stake;
      row.payout += r.payout;
    },
    async write(trx: DbOrTrx): Promise<number> {
      const ids = [...new Set([...members.values()].map((m) => m.member_id))];
      const uplines = new Map<number, number[]>();
      for (let i = 0; i < ids.length; i += 5_000) {
        for (const [id, list] of await uplinesOf(trx, ids.slice(i, i + 5_000))) uplines.set(id, list);
      }
      const rows: HourRow[] = [];
      for (const m of members.values()) {
        for (const agentId of [m.member_id, ...(uplines.get(m.member_id) ?? [])]) {
          rows.push({ agent_id: agentId, ...m });
        }
      }
      await insertRollupRows(trx, 'report_team_hour', rows);
      return rows.length;
    },
  };
}
