/** Wire shapes of agent contracts (dividend, daily wage, hourly and real-time salary). */
import { z } from 'zod';
import { queryInteger } from '../query-number.ts';

const id = z.number().int().positive().max(2_147_483_647);
const count = z.number().int().min(0).max(1_000_000_000);
/** Minor units, never negative for thresholds. */
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const money = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
/** A rate in basis points: 1 = 0.01 %, 10 000 = 100 %. */
export const RATE_BP_MAX = 10_000;
const rateBp = z.number().int().min(0).max(RATE_BP_MAX);
const iso = z.string().datetime();

export const CONTRACT_KINDS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
/** The products a contract covers; CONS is all of them together (spec: consolidated). */
export const CONTRACT_PRODUCTS = ['LIVE', 'RNG', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP', 'CONS'] as const;
export type ContractProduct = (typeof CONTRACT_PRODUCTS)[number];
/** What a settled round counts under: one product, or OTHER (a game type no product names: only CONS covers it). */
export type RoundProduct = Exclude<ContractProduct, 'CONS'> | 'OTHER';
/** The lottery products: real-time salaries are paid on their rounds only. */
export const LOTTERY_PRODUCTS = ['LOTT', 'ELOTT'] as const satisfies readonly RoundProduct[];
const ROUND_PRODUCTS: Readonly<Record<string, RoundProduct>> = {
  LIVE: 'LIVE',
  RNG: 'RNG',
  SPORTS: 'SPORTS',
  ESPORTS: 'SPORTS',
  LOTT: 'LOTT',
  FISH: 'FISH',
  ELOTT: 'ELOTT',
  PVP: 'PVP',
};
/**
 * The one game type -> product mapping (docs/agent-centre.md "Products"): the catalogue's game types
 * (GAME_TYPES) are the products of the same name, ESPORTS counts as SPORTS, anything else is OTHER.
 * The reports' hour rollups store each round under it; a contract's product filters its team figures.
 */
export const productOfGameType = (gameType: string): RoundProduct => ROUND_PRODUCTS[gameType] ?? 'OTHER';
/** The round products a contract's product covers: CONS all of them (OTHER too), any other just itself. */
export const productsCovered = (product: ContractProduct): readonly RoundProduct[] | null =>
  product === 'CONS' ? null : [product];
/**
 * Settlement periods: the spec's D daily, W weekly, H semimonthly, M monthly for dividends; daily
 * wages are D; hourly salaries HOUR; real-time salaries RT (every 5 minutes).
 */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M', 'HOUR', 'RT'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];
export const DIVIDEND_PERIODS = ['D', 'W', 'H', 'M'] as const;
export const CONTRACT_STATUSES = [
  'offered',
  'active',
  'termination_requested',
  'rejected',
  'terminated',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_TIERS_MAX = 10;

/** Dividend tier: period valid bet, period net loss (P&L at or below its negative), active members, rate. */
export const dividendTierSchema = z.strictObject({
  validBet: amount,
  /** The team's net loss the tier needs (0: any loss). */
  netLoss: amount,
  activeMembers: count,
  rateBp,
});
/** Daily and hourly tier: bet amount, active members, and a percentage of the valid bet or a fixed amount. */
export const salaryTierSchema = z.strictObject({
  validBet: amount,
  activeMembers: count,
  rateType: z.enum(['PERCENT', 'FIXED']),
  /** Basis points of the valid bet (PERCENT) or minor units (FIXED). */
  rate: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
/** Real-time tier: minimum single bet, rate on the team's profit and on its loss. */
export const realtimeTierSchema = z.strictObject({
  minBet: amount,
  profitRateBp: rateBp,
  lossRateBp: rateBp,
});
export type DividendTier = z.infer<typeof dividendTierSchema>;
export type SalaryTier = z.infer<typeof salaryTierSchema>;
export type RealtimeTier = z.infer<typeof realtimeTierSchema>;
export type ContractTier = DividendTier | SalaryTier | RealtimeTier;

const tiers = <T extends z.ZodType>(tier: T) => z.array(tier).min(1).max(CONTRACT_TIERS_MAX);
const downlineId = id;
const product = z.enum(CONTRACT_PRODUCTS);

const dividendTerms = z.strictObject({
  kind: z.literal('DIVIDEND'),
  period: z.enum(DIVIDEND_PERIODS),
  tiers: tiers(dividendTierSchema),
});
const dailyTerms = z.strictObject({
  kind: z.literal('DAILY'),
  period: z.literal('D'),
  tiers: tiers(salaryTierSchema),
});
const hourlyTerms = z.strictObject({
  kind: z.literal('HOURLY'),
  period: z.literal('HOUR'),
  tiers: tiers(salaryTierSchema),
});
const realtimeTerms = z.strictObject({
  kind: z.literal('REALTIME'),
  period: z.literal('RT'),
  tiers: tiers(realtimeTierSchema),
});

/** The terms of a contract by kind: its period and its tiers (typed JSON, validated here and stored as is). */
export const contractTermsSchema = z.discriminatedUnion('kind', [
  dividendTerms,
  dailyTerms,
  hourlyTerms,
  realtimeTerms,
]);
export type ContractTerms = z.infer<typeof contractTermsSchema>;

/** POST /wps/agent/contracts: an offer to a direct downline agent. */
const offerParties = { downlineId, product };
export const contractOfferBodySchema = z.discriminatedUnion('kind', [
  dividendTerms.extend(offerParties),
  dailyTerms.extend(offerParties),
  hourlyTerms.extend(offerParties),
  realtimeTerms.extend(offerParties),
]);
export type ContractOfferBody = z.infer<typeof contractOfferBodySchema>;

const party = z.strictObject({ id, account: z.string().max(64) });

export const contractViewSchema = z.strictObject({
  id,
  kind: z.enum(CONTRACT_KINDS),
  product,
  period: z.enum(CONTRACT_PERIODS),
  status: z.enum(CONTRACT_STATUSES),
  /** The caller's side of it. */
  role: z.enum(['upline', 'downline']),
  upline: party,
  downline: party,
  tiers: z.array(z.union([dividendTierSchema, salaryTierSchema, realtimeTierSchema])),
  /** Who asked to terminate (termination_requested only). */
  terminationRequestedBy: z.enum(['upline', 'downline']).nullable(),
  endedReason: z.string().max(200).nullable(),
  createdAt: iso,
  acceptedAt: iso.nullable(),
  endedAt: iso.nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/** GET /wps/agent/contracts */
export const contractListQuerySchema = z.strictObject({
  role: z.enum(['upline', 'downline', 'all']).default('all'),
  kind: z.enum(CONTRACT_KINDS).optional(),
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

/** Which side changed a contract's status: a party, the operator, or the platform. */
export const CONTRACT_ACTOR_SIDES = ['upline', 'downline', 'operator', 'system'] as const;
export type ContractActorSide = (typeof CONTRACT_ACTOR_SIDES)[number];

/**
 * One change of a contract's status (agent_contract_status_history), oldest first. `from` is null
 * for the offer; `at` null only for a termination request made before the history was kept.
 * `reason`: the end's reason code (offer_withdrawn, upline_rate_lowered, terminated_by_upline,
 * terminated_by_downline, ended_by_operator); the parties never see the operator's own words.
 */
export const contractStepSchema = z.strictObject({
  from: z.enum(CONTRACT_STATUSES).nullable(),
  status: z.enum(CONTRACT_STATUSES),
  by: z.enum(CONTRACT_ACTOR_SIDES),
  reason: z.string().max(500).nullable(),
  at: iso.nullable(),
});
export type ContractStep = z.infer<typeof contractStepSchema>;

/** The caller's contracts, each with its status history. */
export const contractListSchema = z.strictObject({
  list: z.array(contractViewSchema.extend({ history: z.array(contractStepSchema) })),
});
export type ContractList = z.infer<typeof contractListSchema>;

export const contractActionBodySchema = z.strictObject({ contractId: id });
export type ContractActionBody = z.infer<typeof contractActionBodySchema>;
export const contractAcceptBodySchema = z.strictObject({
  contractId: id,
  /** True: terminate the caller's own higher-rate downline contracts of this kind and product. */
  confirm: z.boolean().optional(),
});
export type ContractAcceptBody = z.infer<typeof contractAcceptBodySchema>;

/** Accepting with confirm answers the contract and the downline contracts it ended. */
export const contractAcceptValueSchema = z.strictObject({
  contract: contractViewSchema,
  terminated: z.array(id),
});
export type ContractAcceptValue = z.infer<typeof contractAcceptValueSchema>;

/** The relay calls' body (spec section 7): one action on one of the caller's contracts of the call's kind. */
export const contractRelayBodySchema = z.strictObject({
  contractId: id,
  action: z.enum(['ACCEPT', 'REJECT', 'TERMINATE', 'CONFIRM_TERMINATION', 'KEEP']),
  confirm: z.boolean().optional(),
});
export type ContractRelayBody = z.infer<typeof contractRelayBodySchema>;

/**
 * GET /wps/member/info/funds/consolidated: the spec's flags (section 3). `*req*` flags: something
 * awaits the caller's answer (an offer to it, or a termination the other side asked for) of that
 * kind; `*info*` flags: the caller has a contract of that kind (as upline or downline) or the kind is
 * enabled and the caller is an agent (its page is shown). Plus what the contract popup shows.
 */
export const consolidatedValueSchema = z.strictObject({
  dailysalreqtype: z.boolean(),
  divtypereq: z.boolean(),
  contracthoursalreq: z.boolean(),
  realtimesalreqtype: z.boolean(),
  /** Real-time salary page. */
  contractmrdailysalinfotype: z.boolean(),
  contracthoursalinfo: z.boolean(),
  dailysalinfotype: z.boolean(),
  divtypeinfo: z.boolean(),
  enabled: z.strictObject({
    DIVIDEND: z.boolean(),
    DAILY: z.boolean(),
    HOURLY: z.boolean(),
    REALTIME: z.boolean(),
  }),
  /** Contracts awaiting the caller's answer, oldest first. */
  pending: z.array(contractViewSchema),
});
export type ConsolidatedValue = z.infer<typeof consolidatedValueSchema>;

/** One settled (contract, period) with every input behind its amount. */
export const settlementViewSchema = z.strictObject({
  id,
  contractId: id,
  kind: z.enum(CONTRACT_KINDS),
  product,
  role: z.enum(['upline', 'downline']),
  upline: party,
  downline: party,
  /** The period's key, e.g. 2026-11-26 for a day. */
  period: z.string().max(40),
  from: iso,
  to: iso,
  /** Index of the highest tier met, null when none was. */
  tier: z.number().int().min(0).nullable(),
  teamValidBet: money,
  teamPnl: money,
  activeMembers: count,
  /** Settled rounds counted (real-time: those that met the tier's minimum single bet). */
  rounds: count,
  rateType: z.enum(['PERCENT', 'FIXED']),
  /** Basis points or minor units (rateType); real-time: the profit rate. */
  rate: z.number().int().min(0),
  /** Real-time only: the stake of the counted rounds the member won (paid at the profit rate). */
  wonBet: money.nullable(),
  /** Real-time only: the loss rate in basis points (paid on the other counted rounds). */
  lossRate: z.number().int().min(0).nullable(),
  amount: money,
  /** What moved now; amount - paid is owed (a debt of the upline). */
  paid: money,
  debt: money,
  payer: z.enum(['HOUSE', 'UPLINE']),
  createdAt: iso,
});
export type SettlementView = z.infer<typeof settlementViewSchema>;

/**
 * POST /wps/agent/contracts/preview: the offer's tiers applied to the downline's last period by the
 * settlement's rule (daily: yesterday; dividend: the last whole period of its type; hourly: the last
 * closed hour; real-time: the last hour's twelve 5-minute periods, each by the rule, summed). Tier,
 * rate and active members are of the period that paid most (real-time) or of the one period.
 */
export const contractPreviewValueSchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS),
  from: iso,
  to: iso,
  /** Periods in [from, to) (1 but for real-time: 12). */
  periods: count,
  tier: z.number().int().min(0).nullable(),
  teamValidBet: money,
  teamPnl: money,
  activeMembers: count,
  rounds: count,
  rateType: z.enum(['PERCENT', 'FIXED']),
  rate: z.number().int().min(0),
  wonBet: money.nullable(),
  lossRate: z.number().int().min(0).nullable(),
  amount: money,
});
export type ContractPreviewValue = z.infer<typeof contractPreviewValueSchema>;

export const settlementListQuerySchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS).optional(),
  role: z.enum(['upline', 'downline', 'all']).default('all'),
  /** Keyset: settlements with a smaller id. */
  cursor: queryInteger(1, 2_147_483_647).optional(),
  limit: queryInteger(1, 200).default(50),
});
export type SettlementListQuery = z.infer<typeof settlementListQuerySchema>;
export const settlementListSchema = z.strictObject({
  list: z.array(settlementViewSchema),
  nextCursor: id.nullable(),
});
export type SettlementList = z.infer<typeof settlementListSchema>;
