import {
  CONTRACT_KINDS,
  isAgentType,
  type ConsolidatedValue,
  type ContractAcceptValue,
  type ContractKind,
  type ContractList,
  type ContractListQuery,
  type ContractOfferBody,
  type ContractRelayBody,
  type ContractView,
} from '@banca/contract';
import type { Transaction } from 'kysely';
import type { Database, DbOrTrx } from '../../database.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import { findMemberById } from '../member/index.ts';
import { AgentContractError } from './agent-contracts.errors.ts';
import {
  changeStatus,
  historiesOf,
  recordSteps,
  stepView,
  type ContractActor,
} from './agent-contracts.history.ts';
import {
  awaitingAnswer,
  findPartyContract,
  inForceAsDownline,
  insertContract,
  kindsInForce,
  listPartyContracts,
  openAsUplineAbove,
  terminateContracts,
} from './agent-contracts.repository.ts';
import { bestRates } from './agent-contracts.rules.ts';
import { contractSettings } from './agent-contracts.settings.ts';
import type { AgentContractRow } from './agent-contracts.table.ts';

/*
 * The contract lifecycle (docs/agent-centre.md "Contracts and settlement"); every change of status
 * records one step of its history in the same transaction (agent-contracts.history.ts):
 *   offered --accept--> active --request termination--> termination_requested --confirm--> terminated
 *   offered --reject--> rejected          termination_requested --keep--> active
 *   offered --upline withdraws (request termination)--> terminated
 * Every step locks the contract row (FOR UPDATE) and checks its status under the lock, so two answers
 * at once cannot both pass. A contract the caller is no party of is contract_not_found, as a missing
 * one; a party asking for a step its side cannot take gets contract_state.
 */

export interface ContractDeps {
  db: DbOrTrx;
  clock: () => Date;
}

type Role = 'upline' | 'downline';
const roleOf = (c: AgentContractRow, memberId: number): Role =>
  c.upline_id === memberId ? 'upline' : 'downline';
/** The caller, as the side of the contract it acts on. */
const partyOf = (c: AgentContractRow, memberId: number): ContractActor => ({
  side: roleOf(c, memberId),
  memberId,
});

export function contractView(c: AgentContractRow, memberId: number): ContractView {
  return {
    id: c.id,
    kind: c.kind,
    product: c.product,
    period: c.period,
    status: c.status,
    role: roleOf(c, memberId),
    upline: { id: c.upline_id, account: c.upline_account },
    downline: { id: c.downline_id, account: c.downline_account },
    tiers: c.tiers,
    terminationRequestedBy: c.termination_requested_by,
    endedReason: c.ended_reason,
    createdAt: new Date(c.created_at).toISOString(),
    acceptedAt: c.accepted_at ? new Date(c.accepted_at).toISOString() : null,
    endedAt: c.ended_at ? new Date(c.ended_at).toISOString() : null,
  };
}

/** The most the member may grant below itself for (kind, product): its own contract in force as
 *  downline, or at the top of a chain the operator's cap. */
export async function offerCap(
  db: DbOrTrx,
  merchantCode: string,
  memberId: number,
  kind: ContractKind,
  product: ContractOfferBody['product'],
): Promise<{ bp: number; fixed: number; fromUpline: boolean }> {
  const own = await inForceAsDownline(db, memberId, kind, product);
  if (own) return { bp: own.best_rate_bp, fixed: own.best_fixed, fromUpline: true };
  const s = await contractSettings(db, merchantCode);
  return { bp: s.capBp[kind], fixed: s.capFixed, fromUpline: false };
}

/** POST /wps/agent/contracts: only a direct upline offers, within its cap, one open contract a pair. */
export async function offerContract(
  deps: ContractDeps,
  auth: RouteAuth,
  body: ContractOfferBody,
): Promise<ContractView> {
  const settings = await contractSettings(deps.db, auth.merchantCode);
  if (!settings.enabled[body.kind]) throw new AgentContractError('contract_kind_disabled');
  const downline = await findMemberById(deps.db, body.downlineId);
  // BOLA: anyone but a direct downline of the caller answers as a missing member.
  if (!downline || downline.parent_id !== auth.memberId || downline.merchant_code !== auth.merchantCode) {
    throw new AgentContractError('downline_not_found');
  }
  if (!isAgentType(downline.type)) throw new AgentContractError('contract_downline_not_agent');
  const upline = await findMemberById(deps.db, auth.memberId);
  if (!upline) throw new AgentContractError('downline_not_found');
  const best = bestRates(body.kind, body.tiers);
  const cap = await offerCap(deps.db, auth.merchantCode, auth.memberId, body.kind, body.product);
  if (best.bp > cap.bp || best.fixed > cap.fixed) {
    throw new AgentContractError('contract_rate_above_cap', { maxRateBp: cap.bp, maxFixed: cap.fixed });
  }
  const row = await inTransaction(deps.db, async (trx) => {
    const inserted = await insertContract(trx, {
      merchant_code: auth.merchantCode,
      kind: body.kind,
      product: body.product,
      period: body.period,
      upline_id: auth.memberId,
      downline_id: downline.id,
      upline_account: upline.account,
      downline_account: downline.account,
      status: 'offered',
      tiers: JSON.stringify(body.tiers),
      best_rate_bp: best.bp,
      best_fixed: best.fixed,
      termination_requested_by: null,
      ended_reason: null,
      accepted_at: null,
      ended_at: null,
    });
    if (inserted)
      await recordSteps(trx, [
        {
          contractId: inserted.id,
          from: null,
          to: 'offered',
          by: { side: 'upline', memberId: auth.memberId },
          reason: null,
          at: new Date(inserted.created_at),
        },
      ]);
    return inserted;
  });
  if (!row) throw new AgentContractError('contract_exists');
  return contractView(row, auth.memberId);
}

/** GET /wps/agent/contracts: the caller's contracts, each with its status history (one read). */
export async function listContracts(
  deps: ContractDeps,
  auth: RouteAuth,
  q: ContractListQuery,
): Promise<ContractList> {
  const rows = await listPartyContracts(deps.db, auth.memberId, q.role, q.kind);
  const histories = await historiesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => ({
      ...contractView(r, auth.memberId),
      history: (histories.get(r.id) ?? []).map(stepView),
    })),
  };
}

/** Locks one of the caller's contracts (of `kind` when given) or answers contract_not_found. */
async function lockOwn(trx: Transaction<Database>, id: number, memberId: number, kind?: ContractKind) {
  const c = await findPartyContract(trx, id, memberId, true);
  if (!c || (kind && c.kind !== kind)) throw new AgentContractError('contract_not_found');
  return c;
}

const refuse = (c: AgentContractRow): never => {
  throw new AgentContractError('contract_state', { status: c.status });
};

/** Accept an offer (the downline). The higher-rate rule: the caller's own open contracts below it of
 *  this kind and product that grant more are listed (409), or with confirm terminated in this transaction. */
export function acceptContract(
  deps: ContractDeps,
  auth: RouteAuth,
  body: { contractId: number; confirm?: boolean | undefined },
  kind?: ContractKind,
): Promise<ContractAcceptValue> {
  return inTransaction(deps.db, async (trx) => {
    const c = await lockOwn(trx, body.contractId, auth.memberId, kind);
    if (roleOf(c, auth.memberId) !== 'downline' || c.status !== 'offered') refuse(c);
    const higher = await openAsUplineAbove(
      trx,
      auth.memberId,
      c.kind,
      c.product,
      c.best_rate_bp,
      c.best_fixed,
    );
    if (higher.length > 0 && body.confirm !== true) {
      throw new AgentContractError('contract_downline_rate_higher', {
        contracts: higher.map((h) => ({
          id: h.id,
          downline: h.downline_account,
          status: h.status,
          bestRateBp: h.best_rate_bp,
          bestFixed: h.best_fixed,
        })),
      });
    }
    const now = deps.clock();
    const ended = await terminateContracts(
      trx,
      higher.map((h) => h.id),
      'upline_rate_lowered',
      now,
    );
    // The accepting member is the upline of the contracts its acceptance ends.
    await recordSteps(
      trx,
      higher.map((h) => ({
        contractId: h.id,
        from: h.status,
        to: 'terminated' as const,
        by: { side: 'upline' as const, memberId: auth.memberId },
        reason: 'upline_rate_lowered',
        at: now,
      })),
    );
    const row = await changeStatus(
      trx,
      c,
      { status: 'active', accepted_at: now },
      partyOf(c, auth.memberId),
      now,
    );
    return { contract: contractView(row, auth.memberId), terminated: ended.map((e) => e.id) };
  });
}

export function rejectContract(deps: ContractDeps, auth: RouteAuth, contractId: number, kind?: ContractKind) {
  return inTransaction(deps.db, async (trx) => {
    const c = await lockOwn(trx, contractId, auth.memberId, kind);
    if (roleOf(c, auth.memberId) !== 'downline' || c.status !== 'offered') refuse(c);
    const now = deps.clock();
    const row = await changeStatus(
      trx,
      c,
      { status: 'rejected', ended_at: now },
      partyOf(c, auth.memberId),
      now,
    );
    return contractView(row, auth.memberId);
  });
}

/** Either side asks to end an active contract; the upline may also withdraw an offer not yet answered. */
export function requestTermination(
  deps: ContractDeps,
  auth: RouteAuth,
  contractId: number,
  kind?: ContractKind,
) {
  return inTransaction(deps.db, async (trx) => {
    const c = await lockOwn(trx, contractId, auth.memberId, kind);
    const role = roleOf(c, auth.memberId);
    const now = deps.clock();
    if (c.status === 'offered' && role === 'upline') {
      const row = await changeStatus(
        trx,
        c,
        { status: 'terminated', ended_reason: 'offer_withdrawn', ended_at: now },
        partyOf(c, auth.memberId),
        now,
        'offer_withdrawn',
      );
      return contractView(row, auth.memberId);
    }
    if (c.status !== 'active') refuse(c);
    const row = await changeStatus(
      trx,
      c,
      { status: 'termination_requested', termination_requested_by: role },
      partyOf(c, auth.memberId),
      now,
    );
    return contractView(row, auth.memberId);
  });
}

/** The other side confirms a termination (ended) or keeps the contract (active again). */
export function answerTermination(
  deps: ContractDeps,
  auth: RouteAuth,
  contractId: number,
  answer: 'confirm' | 'keep',
  kind?: ContractKind,
) {
  return inTransaction(deps.db, async (trx) => {
    const c = await lockOwn(trx, contractId, auth.memberId, kind);
    if (c.status !== 'termination_requested' || c.termination_requested_by === roleOf(c, auth.memberId))
      refuse(c);
    const now = deps.clock();
    const by = partyOf(c, auth.memberId);
    const reason = `terminated_by_${c.termination_requested_by ?? 'party'}`;
    const row =
      answer === 'confirm'
        ? await changeStatus(
            trx,
            c,
            { status: 'terminated', ended_reason: reason, ended_at: now },
            by,
            now,
            reason,
          )
        : await changeStatus(trx, c, { status: 'active', termination_requested_by: null }, by, now);
    return contractView(row, auth.memberId);
  });
}

/** The relay calls (spec section 7): one action on one of the caller's contracts of the call's kind. */
export async function relayAction(
  deps: ContractDeps,
  auth: RouteAuth,
  kind: ContractKind,
  body: ContractRelayBody,
): Promise<ContractView> {
  switch (body.action) {
    case 'ACCEPT':
      return (await acceptContract(deps, auth, body, kind)).contract;
    case 'REJECT':
      return rejectContract(deps, auth, body.contractId, kind);
    case 'TERMINATE':
      return requestTermination(deps, auth, body.contractId, kind);
    case 'CONFIRM_TERMINATION':
      return answerTermination(deps, auth, body.contractId, 'confirm', kind);
    case 'KEEP':
      return answerTermination(deps, auth, body.contractId, 'keep', kind);
  }
}

/** GET /wps/member/info/funds/consolidated */
export async function consolidated(deps: ContractDeps, auth: RouteAuth): Promise<ConsolidatedValue> {
  const [settings, pendingRows, inForce] = await Promise.all([
    contractSettings(deps.db, auth.merchantCode),
    awaitingAnswer(deps.db, auth.memberId),
    kindsInForce(deps.db, auth.memberId),
  ]);
  const pending = pendingRows.filter((r) => settings.enabled[r.kind]);
  const req = (k: ContractKind) => pending.some((p) => p.kind === k);
  const info = (k: ContractKind) => settings.enabled[k] && (isAgentType(auth.type) || inForce.includes(k));
  return {
    dailysalreqtype: req('DAILY'),
    divtypereq: req('DIVIDEND'),
    contracthoursalreq: req('HOURLY'),
    realtimesalreqtype: req('REALTIME'),
    contractmrdailysalinfotype: info('REALTIME'),
    contracthoursalinfo: info('HOURLY'),
    dailysalinfotype: info('DAILY'),
    divtypeinfo: info('DIVIDEND'),
    enabled: Object.fromEntries(
      CONTRACT_KINDS.map((k) => [k, settings.enabled[k]]),
    ) as ConsolidatedValue['enabled'],
    pending: pending.map((p) => contractView(p, auth.memberId)),
  };
}
