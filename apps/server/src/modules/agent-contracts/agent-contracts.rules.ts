import type { ContractKind, ContractTier, DividendTier, RealtimeTier, SalaryTier } from '@banca/contract';

/*
 * The arithmetic of contracts, pure (no database): what a tier grants, which tier a period met and
 * what it pays. One place for the rule, used by offers (caps, the higher-rate rule), settlement and
 * the offer form's "what the downline would have earned" preview; the property test checks
 * settlement against its own plain reference calculation.
 */

/** The best percentage (basis points) and the best fixed amount (minor units) a contract's tiers grant. */
export function bestRates(kind: ContractKind, tiers: readonly ContractTier[]): { bp: number; fixed: number } {
  let bp = 0;
  let fixed = 0;
  for (const t of tiers) {
    if (kind === 'DIVIDEND') bp = Math.max(bp, (t as DividendTier).rateBp);
    else if (kind === 'REALTIME') {
      const r = t as RealtimeTier;
      bp = Math.max(bp, r.profitRateBp, r.lossRateBp);
    } else {
      const s = t as SalaryTier;
      if (s.rateType === 'FIXED') fixed = Math.max(fixed, s.rate);
      else bp = Math.max(bp, s.rate);
    }
  }
  return { bp, fixed };
}

/** A period's team figures, the inputs of a settlement. */
export interface PeriodFigures {
  /** Stakes of the team's settled rounds in the period (minor units). */
  teamValidBet: number;
  /** The team's own profit and loss (payout - stake): negative when the team lost. */
  teamPnl: number;
  /** Team members whose valid bet in the period reached the operator's threshold. */
  activeMembers: number;
  /** Settled rounds behind the figures. */
  rounds: number;
}

/**
 * A period's figures from each team member's sums over it (the reports' hour rollups summed to the
 * period): valid bet = stakes, P&L = payout - stake, active = members whose stake reached `activeMin`
 * (and is above zero).
 */
export function figuresOfMembers(
  members: readonly { stake: number; payout: number; rounds: number }[],
  activeMin: number,
): PeriodFigures {
  const f: PeriodFigures = { teamValidBet: 0, teamPnl: 0, activeMembers: 0, rounds: 0 };
  for (const m of members) {
    f.teamValidBet += m.stake;
    f.teamPnl += m.payout - m.stake;
    f.rounds += m.rounds;
    if (m.stake > 0 && m.stake >= activeMin) f.activeMembers += 1;
  }
  return f;
}

/** A settled lottery round as real-time salaries take it. */
export interface RealtimeRound {
  memberId: number;
  stake: number;
  payout: number;
}

/** What a real-time period pays and the inputs behind it. */
export interface RealtimeOutcome {
  /** The tier that pays most over the period (ties: the first); null when no round met any tier. */
  tier: number | null;
  profitRateBp: number;
  lossRateBp: number;
  /** Of the rounds counted (those whose stake reached the tier's minimum single bet): */
  rounds: number;
  validBet: number;
  /** Stake of the counted rounds the member won (payout > stake): paid at the profit rate. */
  wonBet: number;
  pnl: number;
  activeMembers: number;
  /** floor((wonBet x profit rate + (validBet - wonBet) x loss rate) / 10 000). */
  amount: number;
}

/**
 * Real-time salary of one 5-minute period (docs/agent-centre.md "Real-time salary"): a tier counts the
 * period's rounds whose single stake reached its minimum bet (and is above zero); each counted round
 * pays the tier's profit rate of its stake when the member won it (payout > stake) and the loss rate
 * when it did not; the sum is rounded down once. The tier that pays most is the one met; with none,
 * the figures are of every round and nothing is paid.
 */
export function realtimeOutcome(
  tiers: readonly RealtimeTier[],
  rounds: readonly RealtimeRound[],
): RealtimeOutcome {
  const sums = (minBet: number) => {
    let validBet = 0;
    let wonBet = 0;
    let pnl = 0;
    let n = 0;
    const members = new Set<number>();
    for (const r of rounds) {
      if (r.stake <= 0 || r.stake < minBet) continue;
      n += 1;
      validBet += r.stake;
      if (r.payout > r.stake) wonBet += r.stake;
      pnl += r.payout - r.stake;
      members.add(r.memberId);
    }
    return { rounds: n, validBet, wonBet, pnl, activeMembers: members.size };
  };
  let best: RealtimeOutcome | null = null;
  tiers.forEach((t, i) => {
    const s = sums(t.minBet);
    if (s.rounds === 0) return;
    const amount = Number(
      (BigInt(s.wonBet) * BigInt(t.profitRateBp) + BigInt(s.validBet - s.wonBet) * BigInt(t.lossRateBp)) /
        10_000n,
    );
    if (best === null || amount > best.amount)
      best = { tier: i, profitRateBp: t.profitRateBp, lossRateBp: t.lossRateBp, ...s, amount };
  });
  return best ?? { tier: null, profitRateBp: 0, lossRateBp: 0, ...sums(0), amount: 0 };
}

export interface TierOutcome {
  /** The tier met that pays most (ties: the first); null when none was met. */
  tier: number | null;
  rateType: 'PERCENT' | 'FIXED';
  /** Basis points (PERCENT) or minor units (FIXED). */
  rate: number;
  /** Rounded down to the minor unit. */
  amount: number;
}

/** rate (basis points) x base, rounded down, in integers only (base and rate are safe integers). */
export const applyBp = (base: number, bp: number): number => {
  if (base <= 0 || bp <= 0) return 0;
  return Number((BigInt(base) * BigInt(bp)) / 10_000n);
};

/**
 * The tier a period met and what it pays. Daily and hourly: the tier's valid bet and active members
 * reached; it pays its percentage of the team's valid bet, or its fixed amount. Dividend: the same plus
 * the team's net loss (-P&L) reaching the tier's; it pays its rate of max(0, -P&L). Real-time tiers
 * are settled from single bets (realtimeOutcome), not from period figures: none is met here.
 */
export function tierOutcome(
  kind: ContractKind,
  tiers: readonly ContractTier[],
  f: PeriodFigures,
): TierOutcome {
  let best: TierOutcome = { tier: null, rateType: 'PERCENT', rate: 0, amount: 0 };
  tiers.forEach((t, i) => {
    let outcome: TierOutcome | null = null;
    if (kind === 'DIVIDEND') {
      const d = t as DividendTier;
      const loss = Math.max(0, -f.teamPnl);
      if (
        f.teamValidBet >= d.validBet &&
        f.activeMembers >= d.activeMembers &&
        loss >= d.netLoss &&
        loss > 0
      ) {
        outcome = { tier: i, rateType: 'PERCENT', rate: d.rateBp, amount: applyBp(loss, d.rateBp) };
      }
    } else if (kind === 'DAILY' || kind === 'HOURLY') {
      const s = t as SalaryTier;
      if (f.teamValidBet >= s.validBet && f.activeMembers >= s.activeMembers && f.teamValidBet > 0) {
        outcome = {
          tier: i,
          rateType: s.rateType,
          rate: s.rate,
          amount: s.rateType === 'FIXED' ? s.rate : applyBp(f.teamValidBet, s.rate),
        };
      }
    }
    if (outcome && (best.tier === null || outcome.amount > best.amount)) best = outcome;
  });
  return best;
}

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A settlement period: its key (unique per contract), its first and last merchant day (inclusive). */
export interface SettlementPeriod {
  key: string;
  fromDay: string;
  toDay: string;
}

/**
 * The last whole period before the merchant day `today` (YYYY-MM-DD): D yesterday; W the Monday-to-
 * Sunday week before this one; H the half month before this one (1st-15th, 16th-end); M last month.
 * Daily wages use D with the bare day as key (one wage a day); dividends prefix the period type.
 */
export function previousPeriod(
  period: 'D' | 'W' | 'H' | 'M',
  today: string,
  kind: ContractKind,
): SettlementPeriod {
  let fromDay: string;
  let toDay: string;
  if (period === 'D') {
    fromDay = toDay = addDays(today, -1);
  } else if (period === 'W') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    fromDay = addDays(today, -weekday - 7);
    toDay = addDays(fromDay, 6);
  } else {
    const monthStart = `${today.slice(0, 8)}01`;
    const prevMonthEnd = addDays(monthStart, -1);
    const prevMonthStart = `${prevMonthEnd.slice(0, 8)}01`;
    if (period === 'M') {
      fromDay = prevMonthStart;
      toDay = prevMonthEnd;
    } else if (Number(today.slice(8, 10)) <= 15) {
      fromDay = `${prevMonthEnd.slice(0, 8)}16`;
      toDay = prevMonthEnd;
    } else {
      fromDay = monthStart;
      toDay = `${today.slice(0, 8)}15`;
    }
  }
  return { key: kind === 'DAILY' ? fromDay : `${period}:${fromDay}`, fromDay, toDay };
}

/**
 * The ledger reference of a debt repayment (written by the settlement with kind AGENT_CONTRACT and the
 * key `agent-contract-debt:<debt>:<settlement>`; read back by the income report by its prefix).
 */
export const DEBT_REPAYMENT_REFERENCE_PREFIX = 'contract-debt:';
export const debtRepaymentReference = (debtId: number) => `${DEBT_REPAYMENT_REFERENCE_PREFIX}${debtId}`;
