import {
  CONTRACT_KINDS,
  type ContractKind,
  type OpsContract,
  type OpsContractDetail,
  type OpsContractSettingsValue,
  type OpsContractsPage,
  type OpsContractsQuery,
  type OpsDebtsPage,
  type OpsDebtsQuery,
  type OpsEndContractBody,
  type OpsPutContractSettingsBody,
  type OpsRerunBody,
  type OpsRerunValue,
  type OpsRunsPage,
  type OpsRunsQuery,
} from '@banca/contract';
import type { OperatorActor, OpsAccess } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { dayStartIn, localDate } from '../wallet/index.ts';
import { AgentContractError } from './agent-contracts.errors.ts';
import {
  contractSettlements,
  findMerchantContract,
  openDebtsByDebtor,
  openDebtsPage,
  searchContracts,
  settlementRuns,
  settlementTotals,
  unsettledInForce,
  upsertSettings,
} from './agent-contracts-ops.repository.ts';
import { changeStatus, ENDED_BY_OPERATOR, historiesOf, opsStepView } from './agent-contracts.history.ts';
import { findSettings, OPEN_STATUSES } from './agent-contracts.repository.ts';
import { contractSettings, type ContractSettings } from './agent-contracts.settings.ts';
import { settleKind, type SettlementDeps } from './agent-contracts.settlement.ts';
import type { AgentContractRow, SettlementRow } from './agent-contracts.table.ts';

/*
 * The back office's contract pages (issue 24 item 6; docs/agent-centre.md "Back office: contracts"):
 * contracts with their history and settlements, ending a contract (audited), settlement runs per
 * (kind, period) with a re-run that goes through settleKind (so a settled (contract, period) moves
 * nothing again), open debts, and the operator's settings (audited). Only this module's tables.
 */

export interface ContractOpsDeps extends Omit<SettlementDeps, 'db'> {
  db: SettlementDeps['db'];
  ops: Pick<OpsAccess, 'audit'>;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function opsContractView(c: AgentContractRow, totals?: { settlements: number; paid: number }): OpsContract {
  return {
    id: c.id,
    kind: c.kind,
    product: c.product,
    period: c.period,
    status: c.status,
    upline: { id: c.upline_id, account: c.upline_account },
    downline: { id: c.downline_id, account: c.downline_account },
    tiers: c.tiers,
    bestRateBp: c.best_rate_bp,
    bestFixed: Number(c.best_fixed),
    terminationRequestedBy: c.termination_requested_by,
    endedReason: c.ended_reason,
    createdAt: iso(c.created_at),
    acceptedAt: isoOrNull(c.accepted_at),
    endedAt: isoOrNull(c.ended_at),
    settlements: totals?.settlements ?? 0,
    paid: totals?.paid ?? 0,
  };
}

const settlementView = (s: SettlementRow) => ({
  id: s.id,
  contractId: s.contract_id,
  period: s.period_key,
  from: iso(s.period_from),
  to: iso(s.period_to),
  tier: s.tier_index,
  teamValidBet: Number(s.team_valid_bet),
  teamPnl: Number(s.team_pnl),
  activeMembers: s.active_members,
  rateType: s.rate_type,
  rate: Number(s.rate),
  amount: Number(s.amount),
  paid: Number(s.paid),
  debt: Number(s.debt),
  payer: s.payer,
  createdAt: iso(s.created_at),
});

const currencyOf = async (deps: ContractOpsDeps) => (await deps.merchantCurrency(deps.merchantCode)).currency;

/** GET /ops/agent-contracts */
export async function listOpsContracts(
  deps: ContractOpsDeps,
  q: OpsContractsQuery,
): Promise<OpsContractsPage> {
  const rows = await searchContracts(deps.db, deps.merchantCode, {
    kind: q.kind,
    status: q.status,
    account: q.account,
    beforeId: q.after,
    limit: q.limit + 1,
  });
  const shown = rows.slice(0, q.limit);
  const totals = await settlementTotals(
    deps.db,
    shown.map((c) => c.id),
  );
  return {
    items: shown.map((c) => opsContractView(c, totals.get(c.id))),
    currency: await currencyOf(deps),
    nextCursor: rows.length > q.limit ? shown[shown.length - 1]!.id : null,
  };
}

/** GET /ops/agent-contracts/:id */
export async function getOpsContract(deps: ContractOpsDeps, id: number): Promise<OpsContractDetail> {
  const c = await findMerchantContract(deps.db, deps.merchantCode, id);
  if (!c) throw new AgentContractError('contract_not_found');
  const [settlements, totals, currency, histories] = await Promise.all([
    contractSettlements(deps.db, c.id, 200),
    settlementTotals(deps.db, [c.id]),
    currencyOf(deps),
    historiesOf(deps.db, [c.id]),
  ]);
  return {
    contract: opsContractView(c, totals.get(c.id)),
    currency,
    history: (histories.get(c.id) ?? []).map(opsStepView),
    settlements: settlements.map(settlementView),
  };
}

/** POST /ops/agent-contracts/end: an open contract ends now; audited with before and after. */
export async function endContract(
  deps: ContractOpsDeps,
  actor: OperatorActor,
  body: OpsEndContractBody,
  requestId: string,
): Promise<OpsContract> {
  return inTransaction(deps.db, async (trx) => {
    const c = await findMerchantContract(trx, deps.merchantCode, body.contractId, true);
    if (!c) throw new AgentContractError('contract_not_found');
    if (!(OPEN_STATUSES as readonly string[]).includes(c.status))
      throw new AgentContractError('contract_state', { status: c.status });
    const now = deps.clock();
    // The history keeps the operator and its own words; the parties see `ended_by_operator`.
    const row = await changeStatus(
      trx,
      c,
      {
        status: 'terminated',
        ended_reason: ENDED_BY_OPERATOR,
        ended_at: now,
        termination_requested_by: null,
      },
      { side: 'operator', operatorId: actor.id > 0 ? actor.id : null },
      now,
      body.reason,
    );
    await deps.ops.audit(trx, {
      actor,
      action: 'agent_contract.end',
      subjectType: 'agent_contract',
      subjectId: String(c.id),
      before: { status: c.status, endedReason: c.ended_reason, endedAt: isoOrNull(c.ended_at) },
      after: { status: row.status, endedReason: row.ended_reason, endedAt: isoOrNull(row.ended_at) },
      reason: body.reason,
      requestId,
    });
    const totals = await settlementTotals(trx, [c.id]);
    return opsContractView(row, totals.get(c.id));
  });
}

const CURSOR_SEP = '|';

/** GET /ops/agent-contract-runs */
export async function listRuns(deps: ContractOpsDeps, q: OpsRunsQuery): Promise<OpsRunsPage> {
  let after: { from: Date; kind: string; key: string } | undefined;
  if (q.after) {
    const [from, kind, key] = q.after.split(CURSOR_SEP) as [string, string, string];
    after = { from: new Date(from), kind, key };
  }
  const [rows, timeZone, currency] = await Promise.all([
    settlementRuns(deps.db, deps.merchantCode, { kind: q.kind, after, limit: q.limit + 1 }),
    deps.timeZone(deps.merchantCode),
    currencyOf(deps),
  ]);
  const shown = rows.slice(0, q.limit);
  const items = await Promise.all(
    shown.map(async (r) => {
      const to = new Date(r.period_to);
      const dividendPeriod = r.kind === 'DIVIDEND' ? /^([A-Z]+):/.exec(r.period_key)?.[1] : undefined;
      return {
        kind: r.kind,
        period: r.period_key,
        from: iso(r.period_from),
        to: iso(to),
        settled: r.settled,
        amount: r.amount,
        paid: r.paid,
        debt: r.debt,
        failed: await unsettledInForce(deps.db, deps.merchantCode, r.kind, dividendPeriod, r.period_key, to),
        lastAt: iso(r.last_at),
        rerunDay: localDate(to, timeZone),
      };
    }),
  );
  const last = shown[shown.length - 1];
  return {
    items,
    currency,
    nextCursor:
      rows.length > q.limit && last
        ? [iso(last.period_from), last.kind, last.period_key].join(CURSOR_SEP)
        : null,
  };
}

/**
 * POST /ops/agent-contract-runs/rerun: the scheduled job's own settleKind for the last whole period
 * before merchant day `day`. Every (contract, period) is claimed by its unique row in the transaction
 * that moves its money, so contracts already settled for that period are skipped and move nothing;
 * only the ones a failed or partial run left out are settled. Audited.
 */
export async function rerunPeriod(
  deps: ContractOpsDeps,
  actor: OperatorActor,
  body: OpsRerunBody,
  requestId: string,
): Promise<OpsRerunValue> {
  const timeZone = await deps.timeZone(deps.merchantCode);
  if (body.day > localDate(deps.clock(), timeZone)) throw new AgentContractError('contract_period_open');
  // A minute into the merchant day: its "last whole period before today" is the one to settle.
  const at = new Date(dayStartIn(body.day, timeZone).getTime() + 60_000);
  const r = await settleKind(deps, body.kind, at);
  const value: OpsRerunValue = {
    kind: body.kind,
    day: body.day,
    contracts: r.contracts,
    settled: r.settled,
    skipped: r.skipped,
    paid: r.paid,
    debt: r.debt,
  };
  await deps.ops.audit(deps.db, {
    actor,
    action: 'agent_contract.rerun',
    subjectType: 'agent_contract_run',
    subjectId: `${body.kind}:${body.day}`,
    before: null,
    after: value,
    reason: body.reason,
    requestId,
  });
  return value;
}

/** GET /ops/agent-contract-debts */
export async function listDebts(deps: ContractOpsDeps, q: OpsDebtsQuery): Promise<OpsDebtsPage> {
  const [rows, agents, currency] = await Promise.all([
    openDebtsPage(deps.db, deps.merchantCode, { account: q.account, beforeId: q.after, limit: q.limit + 1 }),
    openDebtsByDebtor(deps.db, deps.merchantCode, q.account),
    currencyOf(deps),
  ]);
  const shown = rows.slice(0, q.limit);
  return {
    agents: agents.map((a) => ({
      debtor: { id: a.debtor_id, account: a.upline_account },
      debts: a.debts,
      remaining: a.remaining,
    })),
    items: shown.map((d) => ({
      id: d.id,
      debtor: { id: d.debtor_id, account: d.upline_account },
      creditor: { id: d.creditor_id, account: d.downline_account },
      amount: Number(d.amount),
      remaining: Number(d.remaining),
      createdAt: iso(d.created_at),
      settlement: { id: d.settlement_id, contractId: d.contract_id, kind: d.kind, period: d.period_key },
    })),
    currency,
    nextCursor: rows.length > q.limit ? shown[shown.length - 1]!.id : null,
  };
}

const settingsWire = (s: ContractSettings) => ({
  enabledKinds: CONTRACT_KINDS.filter((k) => s.enabled[k]),
  capBp: { ...s.capBp },
  capFixed: s.capFixed,
  activeMemberMinBet: s.activeMemberMinBet,
});

/** GET /ops/agent-contract-settings */
export async function getContractSettings(deps: ContractOpsDeps): Promise<OpsContractSettingsValue> {
  const [s, row, currency] = await Promise.all([
    contractSettings(deps.db, deps.merchantCode),
    findSettings(deps.db, deps.merchantCode),
    currencyOf(deps),
  ]);
  return { ...settingsWire(s), currency, updatedAt: row ? iso(row.updated_at) : null };
}

/** PUT /ops/agent-contract-settings: replaces the settings; audited with before and after. */
export async function putContractSettings(
  deps: ContractOpsDeps,
  actor: OperatorActor,
  body: OpsPutContractSettingsBody,
  requestId: string,
): Promise<OpsContractSettingsValue> {
  await inTransaction(deps.db, async (trx) => {
    const before = settingsWire(await contractSettings(trx, deps.merchantCode));
    const enabledKinds = CONTRACT_KINDS.filter((k: ContractKind) => body.enabledKinds.includes(k));
    const after = {
      enabledKinds,
      capBp: body.capBp,
      capFixed: body.capFixed,
      activeMemberMinBet: body.activeMemberMinBet,
    };
    await upsertSettings(trx, deps.merchantCode, after, deps.clock());
    await deps.ops.audit(trx, {
      actor,
      action: 'agent_contract.settings',
      subjectType: 'agent_contract_settings',
      subjectId: deps.merchantCode,
      before,
      after,
      reason: body.reason,
      requestId,
    });
  });
  return getContractSettings(deps);
}
