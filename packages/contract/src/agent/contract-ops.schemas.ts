/** Wire shapes of the back office's contract pages (issue 24 item 6). */
import { z } from 'zod';
import { queryInteger } from '../query-number.ts';
import {
  CONTRACT_KINDS,
  CONTRACT_PERIODS,
  CONTRACT_PRODUCTS,
  CONTRACT_STATUSES,
  RATE_BP_MAX,
  contractStepSchema,
  dividendTierSchema,
  realtimeTierSchema,
  salaryTierSchema,
} from './contract.schemas.ts';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const money = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const iso = z.string().datetime();
const party = z.strictObject({ id, account: z.string().max(64) });
const kind = z.enum(CONTRACT_KINDS);
const reason = z.string().trim().min(3).max(500);
const merchantDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'no such day',
  );

/** GET /ops/agent-contracts: newest first, keyset by id; `account` is the upline's or the downline's. */
export const opsContractsQuerySchema = z.strictObject({
  kind: kind.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  account: z.string().trim().min(1).max(64).optional(),
  after: queryInteger(1, 2_147_483_647).optional(),
  limit: queryInteger(1, 100).default(50),
});
export type OpsContractsQuery = z.infer<typeof opsContractsQuerySchema>;

export const opsContractSchema = z.strictObject({
  id,
  kind,
  product: z.enum(CONTRACT_PRODUCTS),
  period: z.enum(CONTRACT_PERIODS),
  status: z.enum(CONTRACT_STATUSES),
  upline: party,
  downline: party,
  tiers: z.array(z.union([dividendTierSchema, salaryTierSchema, realtimeTierSchema])),
  /** The best percentage (basis points) and fixed amount the tiers grant. */
  bestRateBp: count,
  bestFixed: amount,
  terminationRequestedBy: z.enum(['upline', 'downline']).nullable(),
  endedReason: z.string().max(200).nullable(),
  createdAt: iso,
  acceptedAt: iso.nullable(),
  endedAt: iso.nullable(),
  /** Its settlements so far and what they paid (minor units). */
  settlements: count,
  paid: money,
});
export type OpsContract = z.infer<typeof opsContractSchema>;

export const opsContractsPageSchema = z.strictObject({
  items: z.array(opsContractSchema),
  currency: z.string().max(8),
  nextCursor: z.number().int().nullable(),
});
export type OpsContractsPage = z.infer<typeof opsContractsPageSchema>;

export const opsContractParamsSchema = z.strictObject({ id: queryInteger(1, 2_147_483_647) });

/** One settled (contract, period) with its inputs. */
export const opsSettlementSchema = z.strictObject({
  id,
  contractId: id,
  period: z.string().max(40),
  from: iso,
  to: iso,
  tier: z.number().int().min(0).nullable(),
  teamValidBet: money,
  teamPnl: money,
  activeMembers: count,
  rateType: z.enum(['PERCENT', 'FIXED']),
  rate: z.number().int().min(0),
  amount: money,
  paid: money,
  debt: money,
  payer: z.enum(['HOUSE', 'UPLINE']),
  createdAt: iso,
});
export type OpsSettlement = z.infer<typeof opsSettlementSchema>;

/** A step of a contract's life from its status history: who acted (member or operator id; null for
 *  the platform, or an end by the bootstrap token), and for an operator's end its own words. */
export const opsContractStepSchema = contractStepSchema.extend({
  memberId: z.number().int().positive().nullable(),
  operatorId: z.number().int().positive().nullable(),
});
export type OpsContractStep = z.infer<typeof opsContractStepSchema>;

export const opsContractDetailSchema = z.strictObject({
  contract: opsContractSchema,
  currency: z.string().max(8),
  history: z.array(opsContractStepSchema),
  /** Newest first, at most 200. */
  settlements: z.array(opsSettlementSchema),
});
export type OpsContractDetail = z.infer<typeof opsContractDetailSchema>;

/** POST /ops/agent-contracts/end: the operator ends an offered, active or termination-requested contract. */
export const opsEndContractBodySchema = z.strictObject({
  contractId: id,
  reason,
});
export type OpsEndContractBody = z.infer<typeof opsEndContractBodySchema>;

/** GET /ops/agent-contract-runs: per (kind, period) totals, newest period first. */
export const opsRunsQuerySchema = z.strictObject({
  kind: kind.optional(),
  /** Keyset: the `nextCursor` of the previous page. */
  after: z
    .string()
    .max(120)
    .regex(/^[0-9TZ:.-]+\|[A-Z]+\|[A-Za-z0-9:_-]+$/, 'a cursor from the previous page')
    .refine((c) => !Number.isNaN(Date.parse(c.split('|')[0]!)), 'a cursor from the previous page')
    .optional(),
  limit: queryInteger(1, 100).default(50),
});
export type OpsRunsQuery = z.infer<typeof opsRunsQuerySchema>;

export const opsRunSchema = z.strictObject({
  kind,
  period: z.string().max(40),
  from: iso,
  to: iso,
  /** Contracts settled for the period (one row each), their amounts, what moved and what became debt. */
  settled: count,
  amount: money,
  paid: money,
  debt: money,
  /** Contracts in force of this kind and period accepted before it ended and not settled for it. */
  failed: count,
  lastAt: iso,
  /** The merchant day to re-run with (the day after the period). */
  rerunDay: z.string().max(10),
});
export type OpsRun = z.infer<typeof opsRunSchema>;

export const opsRunsPageSchema = z.strictObject({
  items: z.array(opsRunSchema),
  currency: z.string().max(8),
  nextCursor: z.string().nullable(),
});
export type OpsRunsPage = z.infer<typeof opsRunsPageSchema>;

/** POST /ops/agent-contract-runs/rerun: settle again the last whole period before merchant day `day`. */
export const opsRerunBodySchema = z.strictObject({
  kind,
  day: merchantDay,
  reason,
});
export type OpsRerunBody = z.infer<typeof opsRerunBodySchema>;

export const opsRerunValueSchema = z.strictObject({
  kind,
  day: z.string().max(10),
  contracts: count,
  settled: count,
  /** Already settled earlier: nothing moved for them. */
  skipped: count,
  paid: money,
  debt: money,
});
export type OpsRerunValue = z.infer<typeof opsRerunValueSchema>;

/** GET /ops/agent-contract-debts: open debts, newest first, keyset by id; `account` the debtor's. */
export const opsDebtsQuerySchema = z.strictObject({
  account: z.string().trim().min(1).max(64).optional(),
  after: queryInteger(1, 2_147_483_647).optional(),
  limit: queryInteger(1, 100).default(50),
});
export type OpsDebtsQuery = z.infer<typeof opsDebtsQuerySchema>;

export const opsDebtSchema = z.strictObject({
  id,
  debtor: party,
  creditor: party,
  amount,
  remaining: amount,
  createdAt: iso,
  /** The settlement whose unpaid part it is. */
  settlement: z.strictObject({ id, contractId: id, kind, period: z.string().max(40) }),
});
export type OpsDebt = z.infer<typeof opsDebtSchema>;

export const opsDebtsPageSchema = z.strictObject({
  /** Every debtor with open debts (under the filter): how many and how much is left. */
  agents: z.array(z.strictObject({ debtor: party, debts: count, remaining: amount })),
  items: z.array(opsDebtSchema),
  currency: z.string().max(8),
  nextCursor: z.number().int().nullable(),
});
export type OpsDebtsPage = z.infer<typeof opsDebtsPageSchema>;

const caps = z.strictObject({
  DIVIDEND: z.number().int().min(0).max(RATE_BP_MAX),
  DAILY: z.number().int().min(0).max(RATE_BP_MAX),
  HOURLY: z.number().int().min(0).max(RATE_BP_MAX),
  REALTIME: z.number().int().min(0).max(RATE_BP_MAX),
});

/** The operator's contract settings: kinds enabled, rate caps at the top of a chain, active member threshold. */
export const opsContractSettingsSchema = z.strictObject({
  enabledKinds: z.array(kind).max(CONTRACT_KINDS.length),
  /** Basis points: the most a top-level agent (no contract of that kind above it) may grant. */
  capBp: caps,
  /** Minor units: the most a fixed-amount tier may grant at the top of a chain. */
  capFixed: z.number().int().min(0).max(1_000_000_000_00),
  /** Minor units: an active member's valid bet in a period reaches at least this. */
  activeMemberMinBet: z.number().int().min(0).max(1_000_000_000_00),
});
export type OpsContractSettings = z.infer<typeof opsContractSettingsSchema>;

export const opsContractSettingsValueSchema = opsContractSettingsSchema.extend({
  currency: z.string().max(8),
  updatedAt: iso.nullable(),
});
export type OpsContractSettingsValue = z.infer<typeof opsContractSettingsValueSchema>;

export const opsPutContractSettingsBodySchema = opsContractSettingsSchema
  .extend({ reason })
  .refine((b) => new Set(b.enabledKinds).size === b.enabledKinds.length, {
    message: 'each kind once',
    path: ['enabledKinds'],
  });
export type OpsPutContractSettingsBody = z.infer<typeof opsPutContractSettingsBodySchema>;
