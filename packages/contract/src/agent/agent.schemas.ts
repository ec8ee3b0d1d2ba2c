/** Wire shapes of the agent centre. */
import { z } from 'zod';

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

/** GET /wps/agent/downline: newest first; `cursor` is the previous page's nextCursor. */
export const downlineQuerySchema = z.strictObject({
  scope: z.enum(DOWNLINE_SCOPES).default('direct'),
  /** Account prefix (case-insensitive). */
  account: z.string().trim().max(64).optional(),
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
    account: z.string().trim().min(1).max(64).optional(),
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
