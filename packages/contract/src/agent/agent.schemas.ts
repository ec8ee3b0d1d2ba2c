/** Wire shapes of the agent centre. */
import { z } from 'zod';
import {
  betRecordEntrySchema,
  betRecordQuerySchema,
  recordTotalsSchema,
} from '../games/bet-record.schemas.ts';
import { moneySchema } from '../money.ts';
import { queryInteger } from '../query-number.ts';

const count = z.number().int().min(0);

/** GET /wps/agent/team/overview: head counts over the agent's downline (members' parent links). */
export const teamOverviewValueSchema = z.strictObject({
  /** Accounts whose parent is this agent. */
  directMembers: count,
  /** Every account below this agent, at any depth. */
  totalMembers: count,
  /** Direct members that are agents themselves. */
  directAgents: count,
  /** Accounts below this agent, at any depth, registered since the start of this month (UTC). */
  newThisMonth: count,
});
export type TeamOverviewValue = z.infer<typeof teamOverviewValueSchema>;

/** Invitation codes an agent may hold. */
export const AGENT_INVITATION_MAX = 20;

const money = z.number().int();
const iso = z.string().datetime();

/** The team figures' periods: today, this week (from Monday), this month, in the merchant's days. */
export const TEAM_PERIODS = ['D', 'W', 'M'] as const;
export type TeamPeriod = (typeof TEAM_PERIODS)[number];

/** GET /wps/agent/team/summary */
export const teamSummaryQuerySchema = z.strictObject({
  period: z.enum(TEAM_PERIODS).default('D'),
});
export type TeamSummaryQuery = z.infer<typeof teamSummaryQuerySchema>;

export const teamSummaryValueSchema = z.strictObject({
  period: z.enum(TEAM_PERIODS),
  /** The period's first and last merchant day (YYYY-MM-DD), the last being today. */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currency: z.string().max(8),
  /** Accounts below the agent at any depth. */
  teamSize: count,
  /** Of them, registered within the period. */
  newMembers: count,
  /** Of them, with at least one settled round in the period. */
  activeMembers: count,
  depositCount: count,
  /** Minor units, like every amount below. */
  depositAmount: money,
  withdrawalCount: count,
  withdrawalAmount: money,
  /** Stakes of settled rounds. */
  validBet: money,
  /** The team's own profit and loss (payout - stake): negative when the team lost. */
  profit: money,
  bonusAmount: money,
});
export type TeamSummaryValue = z.infer<typeof teamSummaryValueSchema>;

/** Who a downline list shows: the direct downline or the whole team. */
export const DOWNLINE_SCOPES = ['direct', 'team'] as const;
export const DOWNLINE_KINDS = ['member', 'agent'] as const;

/** An account typed into a search: no control characters (PostgreSQL refuses a NUL in text). */
const accountSearch = z
  .string()
  .trim()
  .max(64)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'no control characters');

/** GET /wps/agent/downline: newest first; `cursor` is the previous page's nextCursor. */
export const downlineQuerySchema = z.strictObject({
  scope: z.enum(DOWNLINE_SCOPES).default('direct'),
  /** Account prefix (case-insensitive). */
  account: accountSearch.optional(),
  kind: z.enum(DOWNLINE_KINDS).optional(),
  status: z.enum(['ACTIVE', 'DISABLED']).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
  limit: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(100))
    .default(20),
});
export type DownlineQuery = z.infer<typeof downlineQuerySchema>;

export const downlineRowSchema = z.strictObject({
  memberId: z.number().int().positive(),
  account: z.string().max(64),
  nickname: z.string().max(128).nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  /** 1 for a direct downline. */
  depth: z.number().int().min(1),
  createdAt: iso,
  /** The last session opened; null if never logged in. */
  lastLoginAt: iso.nullable(),
  /** Main wallet balance in minor units of `currency` (0 before the wallet exists). */
  balance: money,
  currency: z.string().max(8),
  /** Accounts from the caller down to the member's direct upline (the caller first). */
  uplinePath: z.array(z.string().max(64)),
});
export type DownlineRow = z.infer<typeof downlineRowSchema>;

export const downlinePageSchema = z.strictObject({
  items: z.array(downlineRowSchema),
  nextCursor: z.string().nullable(),
});
export type DownlinePage = z.infer<typeof downlinePageSchema>;

/** GET /wps/agent/downline/member: one member of the caller's tree, by id or account. */
export const downlineMemberQuerySchema = z
  .strictObject({
    memberId: z
      .union([
        z.number(),
        z
          .string()
          .regex(/^\d{1,16}$/)
          .transform(Number),
      ])
      .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
      .optional(),
    account: accountSearch.min(1).optional(),
  })
  .refine((q) => (q.memberId === undefined) !== (q.account === undefined), {
    message: 'give memberId or account',
  });
export type DownlineMemberQuery = z.infer<typeof downlineMemberQuerySchema>;

/** An account name the agent chooses for a downline: a letter, then 5 to 15 letters or digits. */
export const downlineAccountSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{5,15}$/);

/** PUT /wps/agent/downline/register (enc): a member or agent account directly below the caller. */
export const registerDownlineBodySchema = z.strictObject({
  username: downlineAccountSchema,
  password: z.string().min(6).max(64),
  kind: z.enum(DOWNLINE_KINDS),
  nickname: z.string().trim().min(1).max(32).optional(),
});
export type RegisterDownlineBody = z.infer<typeof registerDownlineBodySchema>;

export const registerDownlineValueSchema = z.strictObject({
  memberId: z.number().int().positive(),
  account: z.string().max(64),
  type: z.number().int(),
});
export type RegisterDownlineValue = z.infer<typeof registerDownlineValueSchema>;

export const invitationSchema = z.strictObject({
  code: z.string().max(32),
  enabled: z.boolean(),
  /** The one domain the code works on; null for any. */
  domain: z.string().max(253).nullable(),
  createdAt: iso,
  /** Accounts registered with this code. */
  registrations: count,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /wps/agent/invitations (newest first); POST answers the new one. */
export const invitationListSchema = z.strictObject({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

// --- team reports (issue 24: team betting, downline P&L, downline transactions, income) ------------

/**
 * GET /wps/agent/team/bets: the betting-record filters (games contract) over the caller's whole team,
 * or one member of it by account (404 downline_not_found outside the tree, as for a missing one).
 */
export const teamBetsQuerySchema = betRecordQuerySchema.safeExtend({
  account: accountSearch.min(1).optional(),
});
export type TeamBetsQuery = z.infer<typeof teamBetsQuerySchema>;

export const teamBetEntrySchema = betRecordEntrySchema.extend({
  memberId: z.number().int().positive(),
  account: z.string().max(64),
});
export type TeamBetEntry = z.infer<typeof teamBetEntrySchema>;

export const teamBetsPageSchema = z.strictObject({
  items: z.array(teamBetEntrySchema),
  /** Over the whole filter: count, stake, payout, profit (payout - stake) and valid bet (settled stakes). */
  totals: recordTotalsSchema.extend({ validBet: moneySchema }),
  nextCursor: z.string().nullable(),
});
export type TeamBetsPage = z.infer<typeof teamBetsPageSchema>;

const merchantDay = z.iso.date();
/** The longest day range the team reports take. */
export const TEAM_RANGE_MAX_DAYS = 366;
const dayRangeOk = (q: { from?: string | undefined; to?: string | undefined }) =>
  (q.from === undefined) === (q.to === undefined) &&
  (q.from === undefined ||
    (q.from <= q.to! && Date.parse(q.to!) - Date.parse(q.from) <= (TEAM_RANGE_MAX_DAYS - 1) * 86_400_000));

/**
 * GET /wps/agent/team/pnl: per direct downline (its own figures plus its whole team's), over a period
 * (D today, W this week, M this month) or a range of merchant days (from..to inclusive, both or none).
 * Keyset over the direct downline, newest first.
 */
export const teamPnlQuerySchema = z
  .strictObject({
    period: z.enum(TEAM_PERIODS).default('D'),
    from: merchantDay.optional(),
    to: merchantDay.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,16}$/)
      .optional(),
    limit: queryInteger(1, 100).default(20),
  })
  .refine(dayRangeOk, {
    message: `from <= to, both or none, at most ${TEAM_RANGE_MAX_DAYS} days`,
    path: ['to'],
  });
export type TeamPnlQuery = z.infer<typeof teamPnlQuerySchema>;

const teamFigures = {
  /** Accounts counted: the downline itself and everyone below it. */
  members: count,
  depositCount: count,
  depositAmount: money,
  withdrawalCount: count,
  withdrawalAmount: money,
  /** Stakes of settled rounds. */
  validBet: money,
  /** Players' profit and loss (payout - stake): negative when they lost. */
  profit: money,
  bonusAmount: money,
};

export const teamPnlRowSchema = z.strictObject({
  memberId: z.number().int().positive(),
  account: z.string().max(64),
  isAgent: z.boolean(),
  ...teamFigures,
});
export type TeamPnlRow = z.infer<typeof teamPnlRowSchema>;

export const teamPnlPageSchema = z.strictObject({
  /** The merchant days covered (inclusive). */
  from: merchantDay,
  to: merchantDay,
  currency: z.string().max(8),
  items: z.array(teamPnlRowSchema),
  /** The caller's whole team over the same days. */
  totals: z.strictObject(teamFigures),
  nextCursor: z.string().nullable(),
});
export type TeamPnlPage = z.infer<typeof teamPnlPageSchema>;

/** What the downline transaction page lists: money in, money out, tree transfers. */
export const TEAM_TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER'] as const;
export type TeamTransactionType = (typeof TEAM_TRANSACTION_TYPES)[number];

/** GET /wps/agent/team/transactions: the team's deposits, withdrawals and transfers, newest first. */
export const teamTransactionsQuerySchema = z
  .strictObject({
    type: z.enum(TEAM_TRANSACTION_TYPES).optional(),
    /** One member of the team (404 downline_not_found outside it). */
    account: accountSearch.min(1).optional(),
    /** At or after (ISO-8601 UTC). */
    from: z.string().datetime().optional(),
    /** Before (exclusive). */
    to: z.string().datetime().optional(),
    cursor: z
      .string()
      .regex(/^\d{1,16}[dc]$/)
      .optional(),
    limit: queryInteger(1, 100).default(20),
  })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['from'],
  });
export type TeamTransactionsQuery = z.infer<typeof teamTransactionsQuerySchema>;

export const teamTransactionSchema = z.strictObject({
  /** The line's id (transfer id and side): the next page's cursor when last. */
  id: z.string(),
  memberId: z.number().int().positive(),
  account: z.string().max(64),
  type: z.enum(TEAM_TRANSACTION_TYPES),
  /** The ledger kind behind it (DEPOSIT, WITHDRAWAL_HOLD, WITHDRAWAL_RETURN, MEMBER_TRANSFER). */
  kind: z.string().max(32),
  /** Signed from the member's side: + in, - out. */
  amount: money,
  currency: z.string().max(8),
  balanceAfter: money.nullable(),
  at: iso,
});
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;

export const teamTransactionsPageSchema = z.strictObject({
  items: z.array(teamTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type TeamTransactionsPage = z.infer<typeof teamTransactionsPageSchema>;

/**
 * Where an agent's income comes from. CONTRACT (dividends and salaries) is the agent-contracts
 * module's settlements paid to the agent (`contractIncome` seam in the service), split by kind in
 * `contracts`. Debt repayments (an upline short of funds owes its downline the rest of a settlement,
 * paid first from its next contract credits): DEBT_REPAID is the late money the agent received as
 * creditor; DEBT_WITHHELD (zero or negative) the part of its own contract credits withheld to repay
 * its debts (already counted in CONTRACT). `total` is the sum of every source.
 */
export const INCOME_SOURCES = [
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'CONTRACT',
  'DEBT_REPAID',
  'DEBT_WITHHELD',
] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** GET /wps/agent/income: the caller's income by source per day / week / month over merchant days. */
export const incomeQuerySchema = z
  .strictObject({
    period: z.enum(['day', 'week', 'month']).default('day'),
    from: merchantDay,
    to: merchantDay,
  })
  .refine(dayRangeOk, { message: `from <= to, at most ${TEAM_RANGE_MAX_DAYS} days`, path: ['to'] });
export type IncomeQuery = z.infer<typeof incomeQuerySchema>;

const bySource = z.strictObject({
  UPLINE_TRANSFER: money,
  DOWNLINE_TRANSFER: money,
  CONTRACT: money,
  DEBT_REPAID: money,
  DEBT_WITHHELD: money,
});
/** CONTRACT by contract kind (dividends, daily wages, hourly and real-time salaries). */
const byContractKind = z.strictObject({ DIVIDEND: money, DAILY: money, HOURLY: money, REALTIME: money });

export const incomeValueSchema = z.strictObject({
  currency: z.string().max(8),
  timeZone: z.string(),
  /** Every period meeting the range, oldest first, empty ones included. */
  periods: z.array(
    z.strictObject({ label: z.string(), total: money, sources: bySource, contracts: byContractKind }),
  ),
  totals: z.strictObject({ total: money, sources: bySource, contracts: byContractKind }),
  /** Whether contract income is reported (false when no contracts module feeds it). */
  contractIncomeAvailable: z.boolean(),
});
export type IncomeValue = z.infer<typeof incomeValueSchema>;

/** POST /wps/agent/downline/promote: a direct downline member becomes an agent (type 1). */
export const promoteDownlineBodySchema = z.strictObject({
  memberId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type PromoteDownlineBody = z.infer<typeof promoteDownlineBodySchema>;

export const promoteDownlineValueSchema = z.strictObject({
  memberId: z.number().int().positive(),
  account: z.string().max(64),
  type: z.number().int(),
});
export type PromoteDownlineValue = z.infer<typeof promoteDownlineValueSchema>;

// --- back office: agents (issue 24) -----------------------------------------------------------------

/** GET /ops/agents: agent accounts (types 1, 2, 41, 42), newest first, by account prefix; keyset by id. */
export const opsAgentsQuerySchema = z.strictObject({
  account: accountSearch.optional(),
  after: queryInteger(1).optional(),
  limit: queryInteger(1, 100).default(50),
});
export type OpsAgentsQuery = z.infer<typeof opsAgentsQuerySchema>;

export const opsAgentSchema = z.strictObject({
  id: z.number().int().positive(),
  account: z.string().max(64),
  type: z.number().int(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  /** The direct upline's account; null at the top. */
  upline: z.string().max(64).nullable(),
  teamSize: count,
  directDownline: count,
  /** This month (merchant days), the whole team's, minor units of `currency`. */
  teamDeposits: money,
  teamValidBet: money,
  currency: z.string().max(8),
  registeredAt: iso,
});
export type OpsAgent = z.infer<typeof opsAgentSchema>;

export const opsAgentsPageSchema = z.strictObject({
  items: z.array(opsAgentSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type OpsAgentsPage = z.infer<typeof opsAgentsPageSchema>;

/** GET /ops/agents/:id/downline: one level of a member's tree (the tree view expands level by level). */
export const opsAgentIdParamsSchema = z.strictObject({ id: queryInteger(1) });
export const opsTreeQuerySchema = z.strictObject({
  after: queryInteger(1).optional(),
  limit: queryInteger(1, 200).default(100),
});
export const opsTreeNodeSchema = z.strictObject({
  id: z.number().int().positive(),
  account: z.string().max(64),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  /** Its own direct downline: > 0 means the node can expand. */
  directDownline: count,
  teamSize: count,
});
export type OpsTreeNode = z.infer<typeof opsTreeNodeSchema>;
export const opsTreePageSchema = z.strictObject({
  /** The member whose level this is. */
  root: opsTreeNodeSchema,
  items: z.array(opsTreeNodeSchema),
  nextCursor: z.number().int().nullable(),
});
export type OpsTreePage = z.infer<typeof opsTreePageSchema>;

/** POST /ops/agents/move: a member (with its whole team) to another upline, with a reason (audited). */
export const opsMoveMemberBodySchema = z.strictObject({
  memberId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** The new upline's account (an agent). */
  uplineAccount: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(3).max(500),
});
export type OpsMoveMemberBody = z.infer<typeof opsMoveMemberBodySchema>;

export const opsMoveMemberValueSchema = z.strictObject({
  memberId: z.number().int().positive(),
  account: z.string().max(64),
  fromUpline: z.string().max(64).nullable(),
  toUpline: z.string().max(64),
});
export type OpsMoveMemberValue = z.infer<typeof opsMoveMemberValueSchema>;

// --- back office: the agent module's own settings (issue 24, branch agentops2) ---------------------

/**
 * GET /ops/agent-settings: the operator's agent rules stored by the agent module (table
 * agent_settings). `promoteAllowed`: agents may promote a direct downline member to agent; until an
 * operator sets it, the server's config AGENT_PROMOTE decides (`source: 'config'`).
 */
export const opsAgentSettingsValueSchema = z.strictObject({
  promoteAllowed: z.boolean(),
  source: z.enum(['config', 'operator']),
  updatedAt: iso.nullable(),
});
export type OpsAgentSettingsValue = z.infer<typeof opsAgentSettingsValueSchema>;

/** PUT /ops/agent-settings: replaces the stored settings, with a reason (audited before and after). */
export const opsPutAgentSettingsBodySchema = z.strictObject({
  promoteAllowed: z.boolean(),
  reason: z.string().trim().min(3).max(500),
});
export type OpsPutAgentSettingsBody = z.infer<typeof opsPutAgentSettingsBodySchema>;
