import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { AliasableExpression, CompiledQuery, InferResult, Insertable } from 'kysely';
import type { DbOrTrx } from '../../database.ts';
import { executePreparedWith, markPrepared } from '../../platform/db/prepared.ts';
import { memberAccessColumns } from '../member/index.ts';
import type { AuthAuditTable, LoginChallengeTable, NewSession } from './session.table.ts';

// --- sessions ---------------------------------------------------------------------------------

export const insertSession = (db: DbOrTrx, row: NewSession) => db.insertInto('session').values(row).execute();

/**
 * The session of a token with its member's type and status, in one round trip: every token call runs
 * this, so the member's part is the member module's sub-select (memberAccessColumns), embedded. A
 * token route may add its own first read (`extra`, see AuthRead in platform/http/route-auth.ts): its
 * columns, on `sessionMemberId`, ride in the same statement.
 *
 * On a pool, the token checks that arrive in one turn of the event loop share one statement
 * (`token_hash = any($1)`): under load a statement and its round trip serve many requests, which is
 * most of what the balance read cost (bench wallet). Nothing is cached: the statement starts after
 * every request of its batch arrived, so a logout or a ban committed before a request arrived is seen
 * by that request, on every node, as with one statement per request.
 */
export const findSessionWithMember = async (
  db: DbOrTrx,
  tokenHash: string,
  extra: Readonly<Record<string, AliasableExpression<unknown>>> = NO_EXTRA,
): Promise<SessionRow | undefined> => {
  const shape = sessionShape(db, extra);
  if (shape.batch) return shape.batch.load(tokenHash);
  return (await readSessions(db, shape, [tokenHash]))[0];
};

type SessionRow = InferResult<ReturnType<typeof sessionWithMemberQuery>>[number];

interface SessionShape {
  compiled: CompiledQuery<SessionRow>;
  /** Where the token hashes (one text[]) go in the parameters; every other parameter is the shape's own. */
  tokensAt: number;
  /** The turn's token checks on a pool, gathered into one statement; null in a transaction. */
  batch: DataLoader<string, SessionRow | undefined> | null;
}

const NO_EXTRA: Readonly<Record<string, AliasableExpression<unknown>>> = Object.freeze({});

/** Compiled shapes by db (its schema and dialect) and by the caller's extra columns object: a token
 *  route passes the same (frozen) columns object for as long as its read is the same (AuthRead). */
const shapes = new WeakMap<object, WeakMap<object, SessionShape>>();

/** Stands in for the token hashes while compiling; its parameter slot is then found and filled per call. */
const TOKENS_SLOT = Symbol('token hashes');

/** Taken at load: a test's fake timers must not stall every token check. */
const nextTurn = setImmediate;
/** Past this many token checks in one turn, the rest go in further statements. */
const MAX_BATCH = 128;

function sessionShape(
  db: DbOrTrx,
  extra: Readonly<Record<string, AliasableExpression<unknown>>>,
): SessionShape {
  let byExtra = shapes.get(db);
  if (!byExtra) shapes.set(db, (byExtra = new WeakMap()));
  let shape = byExtra.get(extra);
  if (!shape) {
    const compiled = sessionWithMemberQuery(db, TOKENS_SLOT, extra).compile();
    const tokensAt = compiled.parameters.indexOf(TOKENS_SLOT);
    if (tokensAt === -1 || compiled.parameters.lastIndexOf(TOKENS_SLOT) !== tokensAt) {
      throw new Error('the session query must bind the token hashes exactly once');
    }
    // A named statement: planning this read cost PostgreSQL more than running it. Its text is built
    // and compiled once per (db, extra) and then only the token hashes are bound: building and
    // compiling it through Kysely on every call was ~3 % of the gateway's CPU on the balance read.
    const made: SessionShape = { compiled: markPrepared(compiled), tokensAt, batch: null };
    if (!db.isTransaction) {
      // The batch runs in the check phase (setImmediate), after the poll phase has read every request
      // that was ready: a microtask or nextTick would run between two sockets' callbacks and batch
      // nothing.
      made.batch = new DataLoader((hashes) => readSessions(db, made, hashes), {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (run) => nextTurn(run),
      });
    }
    byExtra.set(extra, (shape = made));
  }
  return shape;
}

/** One statement for `hashes`; the rows in the same order, undefined where no session has that hash. */
async function readSessions(
  db: DbOrTrx,
  shape: SessionShape,
  hashes: readonly string[],
): Promise<(SessionRow | undefined)[]> {
  const parameters = shape.compiled.parameters.slice();
  parameters[shape.tokensAt] = padded(hashes);
  const { rows } = await executePreparedWith(db, shape.compiled, parameters);
  if (hashes.length === 1) return [rows[0]];
  const byHash = new Map(rows.map((row) => [row.token_hash, row]));
  return hashes.map((hash) => byHash.get(hash));
}

/**
 * PostgreSQL costs the statement's generic plan as if the array held 10 elements. Sent fewer, each
 * custom plan looks cheaper than the generic one, so the prepared statement was planned again on every
 * call (planning took twice as long as running it). Padded to 10 with a hash no token has, the costs
 * agree and PostgreSQL keeps the generic plan after its first five; the padding costs an index probe each.
 */
const PLANNED_ARRAY_LENGTH = 10;
const NO_TOKEN_HASH = '';

const padded = (hashes: readonly string[]): string[] =>
  hashes.length >= PLANNED_ARRAY_LENGTH
    ? hashes.slice()
    : [...hashes, ...Array<string>(PLANNED_ARRAY_LENGTH - hashes.length).fill(NO_TOKEN_HASH)];

const sessionWithMemberQuery = (
  db: DbOrTrx,
  tokenHashes: unknown,
  extra: Readonly<Record<string, AliasableExpression<unknown>>>,
) =>
  db
    .selectFrom('session')
    .select([
      'token_hash',
      'member_id',
      'merchant_code',
      'login_type',
      'last_seen_at',
      'expires_at',
      'revoked_at',
      ...memberAccessColumns('session.member_id'),
      ...Object.entries(extra).map(([name, column]) => column.as(`${EXTRA_PREFIX}${name}`)),
    ])
    .where(sql<boolean>`token_hash = any(${tokenHashes}::text[])`);

/** The session's member id as an expression, for a caller's columns read beside the session row. */
export const sessionMemberId = sql.ref<number>('session.member_id');

/** A caller's extra columns come back under this prefix, apart from the session's own. */
const EXTRA_PREFIX = 'x_';

/** The extra columns of a findSessionWithMember row, under the names the caller gave. */
export function extraColumnsOf(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    if (key.startsWith(EXTRA_PREFIX)) out[key.slice(EXTRA_PREFIX.length)] = value;
  return out;
}

export const touchSession = (db: DbOrTrx, tokenHash: string, now: Date) =>
  db.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();

export const revokeSession = (db: DbOrTrx, tokenHash: string, now: Date, reason: string) =>
  db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** Ends every live session of a member, except `keepTokenHash` when given. Returns how many. */
export async function revokeMemberSessions(
  db: DbOrTrx,
  memberId: number,
  now: Date,
  reason: string,
  keepTokenHash?: string,
): Promise<number> {
  let q = db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash !== undefined) q = q.where('token_hash', '!=', keepTokenHash);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** A member's newest sessions, with the IP and user agent each was opened from (the back office). */
export const listSessionsOfMember = (db: DbOrTrx, memberId: number, limit: number) =>
  db
    .selectFrom('session')
    .select([
      'login_type',
      'ip',
      'user_agent',
      'created_at',
      'last_seen_at',
      'expires_at',
      'revoked_at',
      'revoke_reason',
    ])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

// --- known IPs ----------------------------------------------------------------------------------

export async function isKnownIp(db: DbOrTrx, memberId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_known_ip')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return row !== undefined;
}

export const rememberIp = (db: DbOrTrx, memberId: number, ip: string, now: Date) =>
  db
    .insertInto('member_known_ip')
    .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();

// --- second-verification challenges -------------------------------------------------------------

export const insertChallenge = (db: DbOrTrx, row: Insertable<LoginChallengeTable>) =>
  db.insertInto('login_challenge').values(row).execute();

export const findChallenge = (db: DbOrTrx, id: string) =>
  db.selectFrom('login_challenge').selectAll().where('id', '=', id).executeTakeFirst();

export const incrementChallengeAttempts = (db: DbOrTrx, id: string) =>
  db
    .updateTable('login_challenge')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .execute();

export async function markChallengeUsed(db: DbOrTrx, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('login_challenge')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- audit --------------------------------------------------------------------------------------

export const insertAudit = (db: DbOrTrx, row: Insertable<AuthAuditTable>) =>
  db.insertInto('auth_audit').values(row).execute();

export const listAudit = (db: DbOrTrx, merchantCode: string, limit = 100) =>
  db
    .selectFrom('auth_audit')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();

// --- clean-up -------------------------------------------------------------------------------------

/** Deletes rows of `table` that expired before `before`; returns how many. */
export async function deleteExpiredRows(
  db: DbOrTrx,
  table: 'login_challenge' | 'social_login_state' | 'session',
  before: Date,
): Promise<number> {
  const result = await db.deleteFrom(table).where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The latest login of each named member (every login touches its IP's last_seen_at). */
export const lastLoginRows = (db: DbOrTrx, memberIds: readonly number[]) =>
  db
    .selectFrom('member_known_ip')
    .select(['member_id', (eb) => eb.fn.max('last_seen_at').as('last_login_at')])
    .where('member_id', 'in', memberIds)
    .groupBy('member_id')
    .execute();
