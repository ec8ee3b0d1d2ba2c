import type { LoginValue } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import {
  absoluteExpiry,
  generateToken,
  hashToken,
  isWellFormedToken,
  sessionState,
  shouldTouch,
} from '../../platform/crypto/token.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import type { AuthRead } from '../../platform/http/route-auth.ts';
import { markFirstLogin, type MemberView } from '../member/index.ts';
import type { AuthContext, AuthDeps, AuthFlags, RequestContext } from './session.deps.ts';
import {
  extraColumnsOf,
  findSessionWithMember,
  insertAudit,
  insertSession,
  listAudit,
  listSessionsOfMember,
  rememberIp,
  revokeMemberSessions as revokeMemberSessionRows,
  revokeSession,
  sessionMemberId,
  touchSession,
  lastLoginRows,
} from './session.repository.ts';
import type { AuthAuditEvent, LoginKind } from './session.table.ts';

/*
 * Sessions: the one log-in tail every way in ends with (login.service.ts, free-play.service.ts,
 * social sign-in, and member's registration and phone reset), logout, revocation, the auth audit,
 * and the token check of every 'token' call.
 */

/** With the password policy on (PWDEXPIRY3), a password older than this must be changed. */
export const PASSWORD_MAX_AGE_DAYS = 90;

// --- small pieces ---------------------------------------------------------------------------------

/** Writes one auth_audit row (this module's table); other modules record theirs through here. */
export const recordAudit = async (
  db: DbOrTrx,
  ctx: RequestContext,
  event: AuthAuditEvent,
  extra: { memberId?: number | null; account?: string | null; detail?: string | null } = {},
): Promise<void> => {
  await insertAudit(db, {
    merchant_code: ctx.merchantCode,
    member_id: extra.memberId ?? null,
    account: extra.account?.slice(0, 64) ?? null,
    event,
    detail: extra.detail ?? null,
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
  });
};

/** Ends every live session of a member, except `keepTokenHash` when given. Returns how many. */
export const revokeMemberSessions = (
  db: DbOrTrx,
  memberId: number,
  now: Date,
  reason: string,
  keepTokenHash?: string,
): Promise<number> => revokeMemberSessionRows(db, memberId, now, reason, keepTokenHash);

/** A member's newest sessions and their IPs, as the back office's member profile shows them. */
export async function memberSessionHistory(
  db: DbOrTrx,
  memberId: number,
  now: Date,
  limit = 20,
): Promise<
  {
    loginType: string;
    ip: string | null;
    userAgent: string | null;
    createdAt: string;
    lastSeenAt: string;
    expiresAt: string;
    revokedAt: string | null;
    revokeReason: string | null;
    live: boolean;
  }[]
> {
  const rows = await listSessionsOfMember(db, memberId, limit);
  return rows.map((r) => ({
    loginType: r.login_type,
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: r.created_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    revokedAt: r.revoked_at?.toISOString() ?? null,
    revokeReason: r.revoke_reason,
    live: r.revoked_at === null && r.expires_at.getTime() > now.getTime(),
  }));
}

/** Creates a session and returns its token; only the token's hash is stored. */
async function startSession(
  db: DbOrTrx,
  args: {
    memberId: number;
    merchantCode: string;
    loginType: LoginKind;
    ip: string;
    userAgent: string | null;
    now: Date;
  },
): Promise<string> {
  const token = generateToken();
  await insertSession(db, {
    token_hash: hashToken(token),
    member_id: args.memberId,
    merchant_code: args.merchantCode,
    login_type: args.loginType,
    created_at: args.now,
    last_seen_at: args.now,
    expires_at: absoluteExpiry(args.now),
    ip: args.ip,
    user_agent: args.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

export function isPasswordExpired(
  member: Pick<MemberView, 'must_change_password' | 'password_changed_at' | 'created_at'>,
  flags: Pick<AuthFlags, 'PWDEXPIRY3'>,
  now: Date,
): boolean {
  if (member.must_change_password) return true;
  if (!flags.PWDEXPIRY3) return false;
  const changed = member.password_changed_at ?? member.created_at;
  return now.getTime() - changed.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;
}

/** The member fields a log-in needs. */
export type LoginMember = Pick<
  MemberView,
  'id' | 'account' | 'must_change_password' | 'password_changed_at' | 'created_at'
>;

/**
 * The common end of every successful log-in, in the caller's transaction (or one of its own): the
 * session, the known IP, the first-login mark (member's service) and the audit row. Registration,
 * free play and the password reset call it inside the transaction that creates or changes the member.
 * passwordExpired is only for password logins (spec section 4: not for SMS); it then needs the
 * merchant's PWDEXPIRY3 flag.
 */
export async function logIn(
  db: DbOrTrx,
  ctx: RequestContext,
  args: {
    member: LoginMember;
    loginType: LoginKind;
    now: Date;
    passwordPolicy?: Pick<AuthFlags, 'PWDEXPIRY3'>;
    /** The audit row: default event 'login' with the login type as detail (social adds the provider). */
    audit?: { event: 'login' | 'freeplay'; detail: string | null };
  },
): Promise<LoginValue> {
  const { member, loginType, now } = args;
  return inTransaction(db, async (trx) => {
    const token = await startSession(trx, {
      memberId: member.id,
      merchantCode: ctx.merchantCode,
      loginType,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      now,
    });
    await rememberIp(trx, member.id, ctx.ip, now);
    const firstTimeLogin = await markFirstLogin(trx, member.id, now);
    const row = args.audit ?? { event: 'login', detail: loginType };
    await recordAudit(trx, ctx, row.event, {
      memberId: member.id,
      account: member.account,
      detail: row.detail,
    });
    const passwordLogin = loginType === 'password' || loginType === 'second_verification';
    const passwordExpired =
      passwordLogin &&
      args.passwordPolicy !== undefined &&
      isPasswordExpired(member, args.passwordPolicy, now);
    return { firstTimeLogin, passwordExpired, token };
  });
}

/** The auth audit of a merchant, oldest first (operators and tests read it). */
export const listAuthAudit = (db: DbOrTrx, merchantCode: string, limit = 100) =>
  listAudit(db, merchantCode, limit);

/** Marks an IP as known for a member: a password login from it asks no second verification. */
export const rememberKnownIp = (db: DbOrTrx, memberId: number, ip: string, now: Date): Promise<unknown> =>
  rememberIp(db, memberId, ip, now);

// --- logout and token checks --------------------------------------------------------------------

/** DELETE /wps/session/logout: revokes the current token. */
export async function logout(deps: AuthDeps, ctx: RequestContext, auth: AuthContext): Promise<null> {
  await revokeSession(deps.db, auth.tokenHash, deps.clock(), 'logout');
  await recordAudit(deps.db, ctx, 'logout', { memberId: auth.memberId });
  return null;
}

/**
 * The token check of every 'token' call: Bearer token → session. Throws not_logged_in (missing,
 * malformed, unknown, revoked, disabled account) or token_expired (idle 30 min or 12 h absolute).
 */
export async function authenticate<T = never>(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  token: string | undefined,
  read?: AuthRead<T>,
): Promise<AuthContext & { read?: T }> {
  if (!token || !isWellFormedToken(token)) throw new AuthError('not_logged_in');
  const tokenHash = hashToken(token);
  // One round trip: the session row and the member's type and status (the member module's SQL,
  // embedded), read fresh on every call, so a logout, a revocation or a ban applies at once on every
  // node; no cache to invalidate. A route's own first read (AuthRead) rides in the same statement.
  const plan = read ? await read(sessionMemberId) : undefined;
  const row = await findSessionWithMember(deps.db, tokenHash, plan?.columns);
  if (!row) throw new AuthError('not_logged_in');
  if (row.member_type === null || row.member_status !== 'ACTIVE') throw new AuthError('not_logged_in');
  const member = { type: row.member_type };
  const now = deps.clock();
  const state = sessionState(
    { lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, revokedAt: row.revoked_at },
    now,
  );
  if (state === 'revoked') throw new AuthError('not_logged_in');
  if (state !== 'active') throw new AuthError('token_expired');
  if (shouldTouch(row.last_seen_at, now)) await touchSession(deps.db, tokenHash, now);
  const auth: AuthContext = {
    memberId: row.member_id,
    merchantCode: row.merchant_code,
    type: member.type,
    tokenHash,
    loginType: row.login_type,
  };
  return plan ? { ...auth, read: plan.value(extraColumnsOf(row), auth) } : auth;
}

/** Reads a Bearer token from an Authorization header value. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/** The latest login of each named member (absent if never): the agent centre's downline lists. */
export async function lastLogins(db: DbOrTrx, memberIds: readonly number[]): Promise<Map<number, Date>> {
  if (memberIds.length === 0) return new Map();
  const rows = await lastLoginRows(db, memberIds);
  return new Map(rows.map((r) => [r.member_id, new Date(r.last_login_at)]));
}
