import { randomBytes } from 'node:crypto';
import { AGENT_TYPES, MEMBER_TYPE } from '@banca/contract';
import type { Db, DbOrTrx } from '../../database.ts';
import { hashPassword } from '../../platform/crypto/password.ts';
import { recordEvent } from '../../platform/events/event-catalogue.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import {
  accountsByIds,
  affiliateCodesOf,
  insertTreePaths,
  moveSubtree,
  parentAccount,
  retypeChild,
  teamCounts,
  teamIdRows,
  teamRows,
  treeLinkExists,
  uplinesBelow,
  uplineRows,
} from './downline.repository.ts';
import { memberRegistered } from './member.events.ts';
import { findMemberByAccount, insertAffiliate, insertMember } from './member.repository.ts';
import type { MemberStatus } from './member.table.ts';

/*
 * The downline tree as other modules read it (the agent centre): every read is one indexed query on
 * the closure table member_tree, written with the parent link. Ids an agent names are checked with
 * isInTree before anything about them is read (BOLA).
 */

/** Whether `memberId` lies below `agentId` at any depth (never true for the agent itself). */
export const isInTree = (db: DbOrTrx, agentId: number, memberId: number): Promise<boolean> =>
  agentId === memberId ? Promise.resolve(false) : treeLinkExists(db, agentId, memberId);

/** The tree rows of a member just linked below `parentId` (for rows written outside this module's
 *  insert, such as the demo seed). */
export const addToDownlineTree = (db: DbOrTrx, memberId: number, parentId: number): Promise<unknown> =>
  insertTreePaths(db, memberId, parentId);

/**
 * Each named member's uplines (every member above it): what the reports' team rollups add a member's
 * rounds and money to. Members at the top (no upline) map to an empty list.
 */
export async function uplinesOf(db: DbOrTrx, memberIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(memberIds.map((id) => [id, []]));
  for (const row of await uplineRows(db, memberIds)) out.get(row.member_id)?.push(row.upline_id);
  return out;
}

/** Every id below the agent (the team figures name them to the reports). */
export async function teamIds(db: DbOrTrx, agentId: number): Promise<number[]> {
  return (await teamIdRows(db, agentId)).map((r) => r.descendant_id);
}

export interface TeamFilters {
  /** Account prefix, case-insensitive. */
  account?: string | undefined;
  kind?: 'member' | 'agent' | undefined;
  status?: MemberStatus | undefined;
}

export interface TeamPage {
  /** Ids below this one (the previous page's last id); undefined for the first page. */
  beforeId?: number | undefined;
  limit: number;
}

export interface TeamMember {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  depth: number;
  createdAt: Date;
}

async function page(
  db: DbOrTrx,
  agentId: number,
  depth: number | undefined,
  filters: TeamFilters,
  p: TeamPage,
): Promise<TeamMember[]> {
  const rows = await teamRows(db, {
    agentId,
    depth,
    account: filters.account,
    types: filters.kind === 'agent' ? AGENT_TYPES : undefined,
    excludeTypes: filters.kind === 'member' ? AGENT_TYPES : undefined,
    status: filters.status,
    beforeId: p.beforeId,
    limit: p.limit,
  });
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    nickname: r.nickname,
    type: r.type,
    status: r.status,
    depth: r.depth,
    createdAt: r.created_at,
  }));
}

/** A page of the agent's direct downline, newest first. */
export const directDownline = (db: DbOrTrx, agentId: number, p: TeamPage, filters: TeamFilters = {}) =>
  page(db, agentId, 1, filters, p);

/** A page of the agent's whole team (any depth), newest first. */
export const team = (db: DbOrTrx, agentId: number, filters: TeamFilters, p: TeamPage) =>
  page(db, agentId, undefined, filters, p);

/** A member of the agent's tree by id or account; undefined when missing or outside the tree alike. */
export async function findInTree(
  db: DbOrTrx,
  merchantCode: string,
  agentId: number,
  ref: { memberId?: number | undefined; account?: string | undefined },
): Promise<TeamMember | undefined> {
  let id = ref.memberId;
  if (id === undefined && ref.account !== undefined) {
    id = (await findMemberByAccount(db, merchantCode, ref.account))?.id;
  }
  if (id === undefined || !(await isInTree(db, agentId, id))) return undefined;
  const [row] = await page(db, agentId, undefined, {}, { beforeId: id + 1, limit: 1 });
  return row?.id === id ? row : undefined;
}

/** For each named member, the accounts from below the agent down to its direct upline. */
export async function uplinePaths(
  db: DbOrTrx,
  agentId: number,
  memberIds: readonly number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(memberIds.map((id) => [id, []]));
  for (const row of await uplinesBelow(db, agentId, memberIds)) out.get(row.descendant_id)?.push(row.account);
  return out;
}

/** Head counts of an agent's downline; `since` bounds newThisMonth. */
export async function countMemberTeam(
  db: DbOrTrx,
  args: { agentId: number; since: Date },
): Promise<{ directMembers: number; totalMembers: number; directAgents: number; newThisMonth: number }> {
  const c = await teamCounts(db, { agentId: args.agentId, agentTypes: AGENT_TYPES, since: args.since });
  return {
    directMembers: c.direct,
    totalMembers: c.total,
    directAgents: c.directAgents,
    newThisMonth: c.since,
  };
}

/** The member's direct upline's account (security centre), null at the top. */
export const uplineAccountOf = async (db: DbOrTrx, memberId: number): Promise<string | null> =>
  (await parentAccount(db, memberId))?.account ?? null;

/**
 * Moves a member (and its downline) below another upline, keeping the tree. Refuses (false) a move
 * below itself or its own downline. For the operator's audited action and tests.
 */
export const moveMember = (db: DbOrTrx, memberId: number, parentId: number | null): Promise<boolean> =>
  moveSubtree(db, memberId, parentId);

/** An agent's invitation codes with the registrations each brought. */
export async function invitationCodes(db: DbOrTrx, merchantCode: string, agentId: number) {
  const rows = await affiliateCodesOf(db, merchantCode, agentId);
  return rows.map((r) => ({
    code: r.code,
    enabled: r.enabled,
    domain: r.domain,
    createdAt: r.created_at,
    registrations: r.registrations ?? 0,
  }));
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new invitation code for the agent (8 characters, no look-alikes); undefined at `max`. */
export async function createInvitationCode(
  db: DbOrTrx,
  args: { merchantCode: string; agentId: number; max: number },
): Promise<string | undefined> {
  const existing = await affiliateCodesOf(db, args.merchantCode, args.agentId);
  if (existing.length >= args.max) return undefined;
  for (;;) {
    const code = Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
    try {
      await insertAffiliate(db, { merchantCode: args.merchantCode, code, memberId: args.agentId });
      return code;
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
    }
  }
}

/**
 * An account the agent registers directly below itself (agent centre's register centre): a member,
 * or an agent of type 1. Records member.registered like the registration form, in one transaction.
 * Throws AuthError account_exists (value.fields.username).
 */
export async function registerDownline(
  db: Db,
  args: {
    merchantCode: string;
    agentId: number;
    account: string;
    password: string;
    kind: 'member' | 'agent';
    nickname: string | null;
    ip: string;
    now: Date;
  },
): Promise<{ memberId: number; account: string; type: number }> {
  const taken = () => new AuthError('account_exists', { fields: { username: 'account_exists' } });
  if (await findMemberByAccount(db, args.merchantCode, args.account)) throw taken();
  const passwordHash = await hashPassword(args.password);
  const type = args.kind === 'agent' ? MEMBER_TYPE.AGENT : MEMBER_TYPE.MEMBER;
  try {
    return await db.transaction().execute(async (trx) => {
      const member = await insertMember(trx, {
        merchant_code: args.merchantCode,
        account: args.account,
        password_hash: passwordHash,
        password_changed_at: args.now,
        type,
        nickname: args.nickname,
        parent_id: args.agentId,
        register_ip: args.ip,
        register_method: 'AGENT',
      });
      await recordEvent(
        trx,
        memberRegistered,
        { memberId: member.id, merchantCode: args.merchantCode, parentId: args.agentId, mode: 'agent' },
        { key: member.id },
      );
      return { memberId: member.id, account: member.account, type: member.type };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw taken();
    throw err;
  }
}

/** Account, type and upline (null at the top) of each named member (ids the caller has already
 *  scoped to a tree, or its own contracts' parties), in one read. */
export async function membersByIds(
  db: DbOrTrx,
  memberIds: readonly number[],
): Promise<Map<number, { account: string; type: number; parentId: number | null }>> {
  const rows = await accountsByIds(db, memberIds);
  return new Map(rows.map((r) => [r.id, { account: r.account, type: r.type, parentId: r.parent_id }]));
}

/**
 * A direct downline member (type MEMBER) of `agentId` becomes an agent (type AGENT); false when the
 * member is not a direct child of the agent or not a plain member (an agent already, a trial account).
 */
export const promoteChildToAgent = async (db: DbOrTrx, agentId: number, memberId: number): Promise<boolean> =>
  (await retypeChild(db, {
    parentId: agentId,
    memberId,
    fromType: MEMBER_TYPE.MEMBER,
    toType: MEMBER_TYPE.AGENT,
  })) === 1;
