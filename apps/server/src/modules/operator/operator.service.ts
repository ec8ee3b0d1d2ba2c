import {
  permissionsOf,
  type AuditEntry,
  type AuditQuery,
  type Operator,
  type OperatorLoginValue,
  type OperatorMe,
  type OperatorSessionValue,
  type OperatorTotpBody,
  type StatusSettings,
} from '@banca/contract';
import { OperatorError } from './operator.errors.ts';
import type { Transaction } from 'kysely';
import type { Database, Db, DbOrTrx } from '../../database.ts';
import type { OperatorActor, OperatorAuditEntry, OperatorRole, OpsAccess } from '../../ops-access.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/crypto/password.ts';
import {
  absoluteExpiry,
  generateToken,
  hashToken,
  isWellFormedToken,
  sessionState,
  shouldTouch,
} from '../../platform/crypto/token.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { AuthError } from '../../platform/http/auth-error.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { ipInRanges } from '../../platform/http/visitor.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import * as repo from './operator.repository.ts';
import type { OperatorAuditRow, OperatorRow } from './operator.table.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpStepOf,
  totpUri,
} from './operator.totp.ts';

/** The OPERATOR_TOKEN bootstrap: an admin with no row, allowed only where it is needed to start. */
export const BOOTSTRAP_ACTOR: OperatorActor = Object.freeze({ id: 0, username: 'bootstrap', role: 'admin' });

export interface OperatorDeps {
  db: Db;
  merchantCode: string;
  clock: () => Date;
  /** Failed operator logins (passwords and codes), per name and per IP (platform/rate-limit, shared by nodes with Redis). */
  limits: { perAccount: RateLimiter; perIp: RateLimiter };
  /** The AES key sealing TOTP secrets at rest, derived from the server key (same on every node). */
  totpKey: () => Promise<Buffer>;
}

export interface LoginContext {
  ip: string;
  userAgent: string | null;
}

export const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  username: row.username,
  role: row.role,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  totpEnrolled: row.totp_secret !== null,
  ipAllowList: row.ip_allow_list,
});

/** A name is compared lower-case and trimmed, so `Alice ` and `alice` are one operator. */
const normalise = (username: string) => username.trim().toLowerCase();

export async function createOperator(
  deps: OperatorDeps,
  actor: OperatorActor,
  input: { username: string; password: string; role: OperatorRole },
  requestId: string | null,
): Promise<Operator> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.insertOperatorIfAbsent(trx, {
      merchant_code: deps.merchantCode,
      username: normalise(input.username),
      password_hash: passwordHash,
      role: input.role,
      created_by: actor.username,
    });
    if (!row) throw new AppError('conflict');
    const created = toOperator(row);
    await writeAudit(trx, deps.merchantCode, {
      actor,
      action: 'operator.create',
      subjectType: 'operator',
      subjectId: String(row.id),
      before: null,
      after: created,
      requestId,
    });
    return created;
  });
}

export async function listOperators(deps: Pick<OperatorDeps, 'db' | 'merchantCode'>): Promise<Operator[]> {
  return (await repo.listOperators(deps.db, deps.merchantCode)).map(({ last_login_at, ...row }) => ({
    ...toOperator(row),
    lastLoginAt: last_login_at ? new Date(last_login_at).toISOString() : null,
  }));
}

/** Disables an operator and ends its sessions, in one transaction with its audit row. */
export async function disableOperator(
  deps: OperatorDeps,
  actor: OperatorActor,
  id: number,
  requestId: string | null,
): Promise<Operator> {
  return inTransaction(deps.db, async (trx) => {
    const existing = await repo.findOperatorById(trx, deps.merchantCode, id);
    if (!existing) throw new AppError('not_found');
    // An admin who locks itself out could leave the merchant with no admin at all.
    if (existing.id === actor.id) throw new AppError('forbidden');
    if (existing.status === 'DISABLED') return toOperator(existing);
    const now = deps.clock();
    const row = await repo.disableOperator(trx, id, now);
    if (!row) throw new AppError('not_found');
    await repo.revokeOperatorSessions(trx, id, now, 'disabled');
    const after = toOperator(row);
    await writeAudit(trx, deps.merchantCode, {
      actor,
      action: 'operator.disable',
      subjectType: 'operator',
      subjectId: String(id),
      before: toOperator(existing),
      after,
      requestId,
    });
    return after;
  });
}

// --- sessions ----------------------------------------------------------------------------------------

const accountKey = (merchantCode: string, username: string) => `ops:${merchantCode}:${username}`;
const ipKey = (ip: string) => `ops:${ip}`;

/** A challenge lives this long and takes this many codes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;

/** An operator's IP allow-list admits `ip` (an empty list admits every address). */
const ipAllowed = (allowList: readonly string[], ip: string) =>
  allowList.length === 0 || ipInRanges(ip, [...allowList]);

/** A security event about an operator's own login, in the audit (its own statement, not a decision's). */
const auditLogin = (
  deps: OperatorDeps,
  who: { id: number; username: string; role: OperatorRole },
  action: string,
  after: unknown,
) =>
  writeAudit(deps.db, deps.merchantCode, {
    actor: { id: who.id, username: who.username, role: who.role },
    action,
    subjectType: 'operator',
    subjectId: String(who.id),
    before: null,
    after,
  });

async function refuseIfThrottled(deps: OperatorDeps, byName: string, ip: string): Promise<boolean> {
  const [nameUsed, ipUsed] = await Promise.all([
    deps.limits.perAccount.peek(byName),
    deps.limits.perIp.peek(ipKey(ip)),
  ]);
  return nameUsed >= deps.limits.perAccount.points || ipUsed >= deps.limits.perIp.points;
}

/**
 * Password login, the first of two steps: a right password answers a challenge for the TOTP code
 * (at the first login, with a new secret to enrol), never a session. Refused with 429 before any
 * password work once the name or the IP has used its failures (password and code failures count
 * together); a wrong name costs the same argon2 time as a wrong password and answers the same
 * invalid_credentials, so neither the answer nor its timing tells which operator names exist.
 */
export async function loginOperator(
  deps: OperatorDeps,
  input: { username: string; password: string },
  ctx: LoginContext,
): Promise<OperatorLoginValue> {
  const username = normalise(input.username);
  const byName = accountKey(deps.merchantCode, username);
  if (await refuseIfThrottled(deps, byName, ctx.ip)) {
    const known = await repo.findOperatorByUsername(deps.db, deps.merchantCode, username);
    if (known) await auditLogin(deps, known, 'operator.login.throttled', { ip: ctx.ip, step: 'password' });
    throw new AppError('too_many_requests');
  }
  const row = await repo.findOperatorByUsername(deps.db, deps.merchantCode, username);
  const ok = row
    ? await verifyPassword(row.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !ok || row.status !== 'ACTIVE') {
    await Promise.all([deps.limits.perAccount.consume(byName), deps.limits.perIp.consume(ipKey(ctx.ip))]);
    if (row) await auditLogin(deps, row, 'operator.login.password_failed', { ip: ctx.ip });
    throw new AuthError('invalid_credentials');
  }
  // After the password, so the refusal tells nothing about which names exist.
  if (!ipAllowed(row.ip_allow_list, ctx.ip)) {
    await auditLogin(deps, row, 'operator.login.ip_refused', { ip: ctx.ip });
    throw new OperatorError('ip_not_allowed');
  }
  const challenge = generateToken();
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const enrolling = row.totp_secret === null;
  const secret = enrolling ? newTotpSecret() : null;
  await repo.insertLoginChallenge(deps.db, {
    token_hash: hashToken(challenge),
    operator_id: row.id,
    kind: enrolling ? 'enrol' : 'totp',
    pending_secret: secret ? sealSecret(await deps.totpKey(), secret) : null,
    created_at: now,
    expires_at: expiresAt,
    ip: ctx.ip,
  });
  return {
    step: enrolling ? 'enrol' : 'totp',
    challenge,
    expiresAt: expiresAt.toISOString(),
    enrolment: secret ? { secret, uri: totpUri(secret, row.username, `Banca ${deps.merchantCode}`) } : null,
  };
}

/** Thrown inside the success transaction when the code's step was taken meanwhile (a reuse race). */
class StepTaken extends Error {}

/**
 * The second step: the TOTP code (or a recovery code) for a challenge opens a session. At
 * enrolment the first good code also stores the secret and answers ten recovery codes, shown this
 * once. A wrong, reused (same 30 s step or older) or stale code is refused alike (totp_invalid),
 * counted against the challenge (5 codes), the name and the IP (the login limits), and audited.
 */
export async function verifyOperatorTotp(
  deps: OperatorDeps,
  input: OperatorTotpBody,
  ctx: LoginContext,
): Promise<{ value: OperatorSessionValue; token: string }> {
  const challengeHash = isWellFormedToken(input.challenge) ? hashToken(input.challenge) : undefined;
  const found = challengeHash ? await repo.findLoginChallenge(deps.db, challengeHash) : undefined;
  const now = deps.clock();
  if (
    !found ||
    !challengeHash ||
    found.merchant_code !== deps.merchantCode ||
    found.status !== 'ACTIVE' ||
    found.used_at !== null ||
    found.expires_at <= now ||
    found.attempts >= CHALLENGE_ATTEMPTS
  ) {
    throw new OperatorError('login_challenge_invalid');
  }
  const who = { id: found.operator_id, username: found.username, role: found.role };
  const byName = accountKey(deps.merchantCode, found.username);
  if (await refuseIfThrottled(deps, byName, ctx.ip)) {
    await auditLogin(deps, who, 'operator.login.throttled', { ip: ctx.ip, step: 'code' });
    throw new AppError('too_many_requests');
  }
  if (!ipAllowed(found.ip_allow_list, ctx.ip)) {
    await auditLogin(deps, who, 'operator.login.ip_refused', { ip: ctx.ip });
    throw new OperatorError('ip_not_allowed');
  }

  const fail = async (reason: string): Promise<never> => {
    const counted = await repo.countChallengeFailure(deps.db, challengeHash);
    await Promise.all([deps.limits.perAccount.consume(byName), deps.limits.perIp.consume(ipKey(ctx.ip))]);
    await auditLogin(deps, who, 'operator.login.code_failed', {
      ip: ctx.ip,
      reason,
      attemptsLeft: Math.max(0, CHALLENGE_ATTEMPTS - (counted?.attempts ?? CHALLENGE_ATTEMPTS)),
    });
    throw new OperatorError('totp_invalid');
  };

  const enrolling = found.kind === 'enrol';
  const sealed = enrolling ? found.pending_secret : found.totp_secret;
  if (!sealed) return fail('no_secret');
  let step: number | null = null;
  if (input.code !== undefined) {
    step = totpStepOf(openSecret(await deps.totpKey(), sealed), input.code, now);
    if (step === null) return fail('wrong_or_stale');
  } else if (enrolling) {
    // Enrolment proves the app works: only a code from it will do.
    return fail('recovery_code_at_enrolment');
  }

  const token = generateToken();
  const expiresAt = absoluteExpiry(now);
  const recoveryCodes = enrolling ? newRecoveryCodes() : null;
  let result: { row: OperatorRow } | 'reused' | 'recovery_unknown';
  try {
    result = await inTransaction(deps.db, async (trx) => {
      if (!(await repo.claimLoginChallenge(trx, challengeHash, now, CHALLENGE_ATTEMPTS))) {
        throw new OperatorError('login_challenge_invalid');
      }
      if (step !== null) {
        const accepted = await repo.acceptTotpStep(
          trx,
          who.id,
          step,
          enrolling ? { sealedSecret: sealed, now } : undefined,
        );
        if (!accepted) throw new StepTaken();
      } else if (!(await repo.useRecoveryCode(trx, who.id, hashRecoveryCode(input.recoveryCode!), now))) {
        throw new StepTaken('recovery');
      }
      if (recoveryCodes)
        await repo.replaceRecoveryCodes(trx, who.id, recoveryCodes.map(hashRecoveryCode), now);
      await repo.insertOperatorSession(trx, {
        token_hash: hashToken(token),
        operator_id: who.id,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        revoke_reason: null,
        ip: ctx.ip,
        user_agent: ctx.userAgent?.slice(0, 512) ?? null,
      });
      await writeAudit(trx, deps.merchantCode, {
        actor: who,
        action: enrolling ? 'operator.login.enrolled' : 'operator.login',
        subjectType: 'operator',
        subjectId: String(who.id),
        before: null,
        after: { ip: ctx.ip, session: input.session, with: step !== null ? 'totp' : 'recovery_code' },
      });
      const row = await repo.findOperatorById(trx, deps.merchantCode, who.id);
      if (!row) throw new OperatorError('login_challenge_invalid');
      return { row };
    });
  } catch (err) {
    if (!(err instanceof StepTaken)) throw err;
    result = err.message === 'recovery' ? 'recovery_unknown' : 'reused';
  }
  // The transaction rolled back (the challenge is unclaimed): count the failure like a wrong code.
  if (result === 'reused' || result === 'recovery_unknown') return fail(result);
  await deps.limits.perAccount.reset(byName);
  // The route puts the token in the httpOnly cookie for `session: cookie`; only scripts see it.
  return {
    token,
    value: {
      operator: toOperator(result.row),
      permissions: permissionsOf(result.row.role),
      expiresAt: expiresAt.toISOString(),
      token: input.session === 'bearer' ? token : null,
      recoveryCodes,
    },
  };
}

/**
 * The active operator behind a token, or undefined (unknown, revoked, expired, disabled, other
 * merchant). A call from outside the operator's IP allow-list is refused (ip_not_allowed).
 */
export async function authenticateOperator(
  deps: Pick<OperatorDeps, 'db' | 'merchantCode' | 'clock'>,
  token: string,
  ip: string,
): Promise<(OperatorActor & { tokenHash: string }) | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const row = await repo.findOperatorSession(deps.db, tokenHash);
  if (!row || row.status !== 'ACTIVE' || row.merchant_code !== deps.merchantCode) return undefined;
  const now = deps.clock();
  const state = sessionState(
    { lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, revokedAt: row.revoked_at },
    now,
  );
  if (state !== 'active') return undefined;
  if (!ipAllowed(row.ip_allow_list, ip)) throw new OperatorError('ip_not_allowed');
  if (shouldTouch(row.last_seen_at, now)) await repo.touchOperatorSession(deps.db, tokenHash, now);
  return { id: row.operator_id, username: row.username, role: row.role, tokenHash };
}

/** GET /ops/session/me: the caller and what its role may do. */
export async function operatorMe(
  deps: Pick<OperatorDeps, 'db' | 'merchantCode'>,
  actor: OperatorActor,
): Promise<OperatorMe> {
  const row = await repo.findOperatorById(deps.db, deps.merchantCode, actor.id);
  if (!row) throw new AppError('not_logged_in');
  return { operator: toOperator(row), permissions: permissionsOf(row.role) };
}

/** Sets an operator's IP allow-list; applies to its very next call on every node. */
export async function setOperatorIpAllowList(
  deps: OperatorDeps,
  actor: OperatorActor,
  id: number,
  input: { ranges: string[]; reason: string },
  requestId: string | null,
): Promise<Operator> {
  return inTransaction(deps.db, async (trx) => {
    const existing = await repo.findOperatorById(trx, deps.merchantCode, id);
    if (!existing) throw new AppError('not_found');
    const row = await repo.setIpAllowList(trx, id, [...new Set(input.ranges)]);
    if (!row) throw new AppError('not_found');
    const after = toOperator(row);
    await writeAudit(trx, deps.merchantCode, {
      actor,
      action: 'operator.ip_allow_list',
      subjectType: 'operator',
      subjectId: String(id),
      before: toOperator(existing),
      after,
      reason: input.reason,
      requestId,
    });
    return after;
  });
}

/**
 * Creates an operator unless its name exists (the demo admin, outside production): never changes an
 * existing one, so a changed password or an enrolled authenticator stays. True when created.
 */
export async function ensureOperator(
  deps: Pick<OperatorDeps, 'db' | 'merchantCode'>,
  input: { username: string; password: string; role: OperatorRole; createdBy: string },
): Promise<boolean> {
  const username = normalise(input.username);
  if (await repo.findOperatorByUsername(deps.db, deps.merchantCode, username)) return false;
  const row = await repo.insertOperatorIfAbsent(deps.db, {
    merchant_code: deps.merchantCode,
    username,
    password_hash: await hashPassword(input.password),
    role: input.role,
    created_by: input.createdBy,
  });
  return row !== undefined;
}

export const logoutOperator = (deps: Pick<OperatorDeps, 'db' | 'clock'>, tokenHash: string) =>
  repo.revokeOperatorSession(deps.db, tokenHash, deps.clock(), 'logout');

// --- audit ---------------------------------------------------------------------------------------------

/** JSON text for a jsonb column; undefined and functions become null rather than failing the write. */
const jsonOrNull = (value: unknown): string | null =>
  value === undefined ? null : (JSON.stringify(value) ?? null);

/** One audit row, in the caller's transaction (so the decision and its record commit together). */
export async function writeAudit(
  db: DbOrTrx,
  merchantCode: string,
  entry: OperatorAuditEntry,
): Promise<void> {
  await repo.insertAuditRow(db, {
    merchant_code: merchantCode,
    actor_id: entry.actor.id > 0 ? entry.actor.id : null,
    actor_username: entry.actor.username,
    actor_role: entry.actor.role,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    before: jsonOrNull(entry.before),
    after: jsonOrNull(entry.after),
    reason: entry.reason ?? null,
    request_id: entry.requestId ?? null,
  });
}

const toAuditEntry = (row: OperatorAuditRow): AuditEntry => ({
  id: row.id,
  actorId: row.actor_id,
  actor: row.actor_username,
  actorRole: row.actor_role,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  before: row.before,
  after: row.after,
  reason: row.reason,
  requestId: row.request_id,
  at: row.created_at.toISOString(),
});

export async function listAudit(
  deps: Pick<OperatorDeps, 'db' | 'merchantCode'>,
  query: AuditQuery,
): Promise<{ items: AuditEntry[]; nextCursor: number | null }> {
  const rows = await repo.selectAudit(deps.db, {
    merchantCode: deps.merchantCode,
    actor: query.actor !== undefined ? normalise(query.actor) : undefined,
    action: query.action,
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    from: query.from !== undefined ? new Date(query.from) : undefined,
    to: query.to !== undefined ? new Date(query.to) : undefined,
    before: query.before,
    // One more than asked tells whether another page exists.
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit).map(toAuditEntry);
  const more = rows.length > query.limit;
  return { items, nextCursor: more ? items[items.length - 1]!.id : null };
}

/**
 * A system settings change (maintenance, region) made by an operator: the system module's service
 * writes it and the audit row records the part before and after, in one transaction.
 */
export function changeSystemSettings(
  db: Db,
  ops: Pick<OpsAccess, 'audit'>,
  actor: OperatorActor,
  requestId: string | null,
  change: {
    action: string;
    subjectId: string;
    apply: (trx: Transaction<Database>) => Promise<StatusSettings>;
    read: (trx: Transaction<Database>) => Promise<StatusSettings>;
    pick: (s: StatusSettings) => unknown;
  },
): Promise<StatusSettings> {
  return inTransaction(db, async (trx) => {
    const before = await change.read(trx);
    const after = await change.apply(trx);
    await ops.audit(trx, {
      actor,
      action: change.action,
      subjectType: 'system',
      subjectId: change.subjectId,
      before: change.pick(before),
      after: change.pick(after),
      requestId,
    });
    return after;
  });
}
