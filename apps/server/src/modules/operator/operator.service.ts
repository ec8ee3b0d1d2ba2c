import type { AuditEntry, AuditQuery, Operator, StatusSettings } from '@banca/contract';
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
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import * as repo from './operator.repository.ts';
import type { OperatorAuditRow, OperatorRow } from './operator.table.ts';

/** The OPERATOR_TOKEN bootstrap: an admin with no row, allowed only where it is needed to start. */
export const BOOTSTRAP_ACTOR: OperatorActor = Object.freeze({ id: 0, username: 'bootstrap', role: 'admin' });

export interface OperatorDeps {
  db: Db;
  merchantCode: string;
  clock: () => Date;
  /** Failed operator logins, per name and per IP (platform/rate-limit, shared by nodes with Redis). */
  limits: { perAccount: RateLimiter; perIp: RateLimiter };
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
  return (await repo.listOperators(deps.db, deps.merchantCode)).map(toOperator);
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

/**
 * Password login. Refused with 429 before any password work once the name or the IP has used its
 * failures; a wrong name costs the same argon2 time as a wrong password and answers the same
 * invalid_credentials, so neither the answer nor its timing tells which operator names exist.
 */
export async function loginOperator(
  deps: OperatorDeps,
  input: { username: string; password: string },
  ctx: LoginContext,
): Promise<{ token: string; expiresAt: string; operator: Operator }> {
  const username = normalise(input.username);
  const byName = accountKey(deps.merchantCode, username);
  const [nameUsed, ipUsed] = await Promise.all([
    deps.limits.perAccount.peek(byName),
    deps.limits.perIp.peek(ipKey(ctx.ip)),
  ]);
  if (nameUsed >= deps.limits.perAccount.points || ipUsed >= deps.limits.perIp.points) {
    throw new AppError('too_many_requests');
  }
  const row = await repo.findOperatorByUsername(deps.db, deps.merchantCode, username);
  const ok = row
    ? await verifyPassword(row.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !ok || row.status !== 'ACTIVE') {
    await Promise.all([deps.limits.perAccount.consume(byName), deps.limits.perIp.consume(ipKey(ctx.ip))]);
    throw new AuthError('invalid_credentials');
  }
  await deps.limits.perAccount.reset(byName);
  const token = generateToken();
  const now = deps.clock();
  const expiresAt = absoluteExpiry(now);
  await repo.insertOperatorSession(deps.db, {
    token_hash: hashToken(token),
    operator_id: row.id,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    revoke_reason: null,
    ip: ctx.ip,
    user_agent: ctx.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt: expiresAt.toISOString(), operator: toOperator(row) };
}

/** The active operator behind a token, or undefined (unknown, revoked, expired, disabled, other merchant). */
export async function authenticateOperator(
  deps: Pick<OperatorDeps, 'db' | 'merchantCode' | 'clock'>,
  token: string,
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
  if (shouldTouch(row.last_seen_at, now)) await repo.touchOperatorSession(deps.db, tokenHash, now);
  return { id: row.operator_id, username: row.username, role: row.role, tokenHash };
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
