import { z } from 'zod';
import { queryId, queryInteger } from '../query-number.ts';
import { depositSummarySchema } from '../wallet/deposit.schemas.ts';
import { recordEntrySchema } from '../wallet/wallet-record.schemas.ts';
import { withdrawalSchema } from '../wallet/withdraw.schemas.ts';

/** The back office's member desk (issue 23 item 4): search, profile, lock, force logout, reset. */

export const MEMBER_SEARCH_FIELDS = ['any', 'account', 'id', 'mobile', 'email'] as const;
export const OPS_MEMBER_STATUSES = ['ACTIVE', 'DISABLED'] as const;

/** GET /ops/members: `q` matched by `by` (any: every field); newest first, keyset by id. */
export const memberSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(64).optional(),
  by: z.enum(MEMBER_SEARCH_FIELDS).default('any'),
  status: z.enum(OPS_MEMBER_STATUSES).optional(),
  /** The last id of the previous page (older members follow). */
  after: queryId().optional(),
  limit: queryInteger(1, 100).default(50),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

export const opsMemberSchema = z.strictObject({
  id: z.number().int().positive(),
  account: z.string(),
  /** The contract's MEMBER_TYPE (1 member, 2/3 agents, 4 trial). */
  type: z.number().int(),
  status: z.enum(OPS_MEMBER_STATUSES),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  vipLevel: z.number().int(),
  parentId: z.number().int().nullable(),
  registeredAt: z.string().datetime(),
});
export type OpsMember = z.infer<typeof opsMemberSchema>;

export const memberSearchPageSchema = z.strictObject({
  items: z.array(opsMemberSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.number().int().positive().nullable(),
});
export type MemberSearchPage = z.infer<typeof memberSearchPageSchema>;

export const memberIdParamsSchema = z.strictObject({ id: queryId() });

export const opsBetSchema = z.strictObject({
  id: z.string(),
  vendor: z.string(),
  roundId: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  currency: z.string(),
  stake: z.number().int(),
  payout: z.number().int(),
  status: z.string(),
  openedAt: z.string().datetime(),
  settledAt: z.string().datetime().nullable(),
});
export type OpsBet = z.infer<typeof opsBetSchema>;

export const opsMemberSessionSchema = z.strictObject({
  loginType: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string().datetime(),
  lastSeenAt: z.string().datetime(),
  expiresAt: z.string().datetime(),
  revokedAt: z.string().datetime().nullable(),
  revokeReason: z.string().nullable(),
  /** Neither revoked nor past its absolute expiry (the idle expiry is judged at the next call). */
  live: z.boolean(),
});
export type OpsMemberSession = z.infer<typeof opsMemberSessionSchema>;

export const opsBalanceSchema = z.strictObject({
  /** MAIN, a vendor wallet's code, or PLAY (play money). */
  wallet: z.string(),
  currency: z.string(),
  balance: z.number().int(),
});

/** GET /ops/members/:id: one member as the back office sees them, composed from each module. */
export const memberProfileSchema = z.strictObject({
  member: opsMemberSchema.extend({
    registerIp: z.string().nullable(),
    registerMethod: z.string().nullable(),
    registerDomain: z.string().nullable(),
    firstLoginAt: z.string().datetime().nullable(),
    mustChangePassword: z.boolean(),
  }),
  upline: z.strictObject({ id: z.number().int(), account: z.string() }).nullable(),
  directDownline: z.number().int().min(0),
  balances: z.array(opsBalanceSchema),
  /** The account record's newest lines. */
  ledger: z.array(recordEntrySchema),
  bets: z.array(opsBetSchema),
  deposits: z.array(depositSummarySchema),
  withdrawals: z.array(withdrawalSchema),
  sessions: z.array(opsMemberSessionSchema),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** Every member action says why (kept in the audit). */
export const memberActionBodySchema = z.strictObject({
  reason: z.string().trim().min(3).max(500),
});
export type MemberActionBody = z.infer<typeof memberActionBodySchema>;

export const memberActionValueSchema = z.strictObject({
  member: opsMemberSchema,
  /** Live sessions the action ended. */
  sessionsEnded: z.number().int().min(0),
});
export type MemberActionValue = z.infer<typeof memberActionValueSchema>;

export const memberPasswordResetValueSchema = z.strictObject({
  member: opsMemberSchema,
  /** The member's own channel the temporary password went to. */
  channel: z.enum(['sms', 'email']),
  /** The address, masked (the operator never sees the password). */
  sentTo: z.string(),
  expiresAt: z.string().datetime(),
  sessionsEnded: z.number().int().min(0),
});
export type MemberPasswordResetValue = z.infer<typeof memberPasswordResetValueSchema>;
