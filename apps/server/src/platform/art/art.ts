import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { sendErrorCode } from '../http/error-handler.ts';
import { findArtBody, insertArtIfAbsent } from './art.repository.ts';
import type { ArtTables } from './art.table.ts';

/** Where generated artwork is served: `/art/<content hash>.svg`. */
export const ART_PREFIX = '/art';
/** A content-hashed URL never changes content: a year, immutable. */
export const ART_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The art table's view of the app's database (platform code knows no module's tables). */
const asArtDb = <DB extends ArtTables>(db: Kysely<DB> | Transaction<DB>): Kysely<ArtTables> =>
  db as unknown as Kysely<ArtTables>;

const FILE = /^([A-Za-z0-9_-]{22})\.svg$/;

/** The URL an SVG document is served at (a hash of its bytes). */
export const artUrlOf = (svg: string): string => `${ART_PREFIX}/${hashOf(svg)}.svg`;
const hashOf = (svg: string): string => createHash('sha256').update(svg).digest('base64url').slice(0, 22);

/**
 * Stores SVG documents (once per content) and answers their URLs, in order ('' for an empty entry:
 * callers pass '' where a row brings its own image). Pass the caller's transaction so the art exists
 * exactly when the rows that point at it do.
 */
export async function storeArt<DB extends ArtTables>(
  trx: Kysely<DB> | Transaction<DB>,
  svgs: readonly string[],
): Promise<string[]> {
  const db = asArtDb(trx);
  const rows = new Map<string, string>();
  for (const svg of svgs) if (svg) rows.set(hashOf(svg), svg);
  const values = [...rows].map(([hash, body]) => ({ hash, content_type: 'image/svg+xml', body }));
  for (let i = 0; i < values.length; i += 500) {
    await insertArtIfAbsent(db, values.slice(i, i + 500));
  }
  return svgs.map((svg) => (svg ? artUrlOf(svg) : ''));
}

/**
 * GET /art/:file. Bodies are immutable, so a small in-process cache of recent ones saves the query.
 * The SVG gets its own strict policy: no scripts, nothing loaded, even when opened directly.
 */
export function registerArtRoute<DB extends ArtTables>(app: FastifyInstance, database: Kysely<DB>): void {
  const db = asArtDb(database);
  const recent = new Map<string, string>();
  app.get(`${ART_PREFIX}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const match = FILE.exec((request.params as { file: string }).file);
    if (!match) return sendErrorCode(request, reply, 'not_found');
    const hash = match[1]!;
    let body = recent.get(hash);
    if (body === undefined) {
      const stored = await findArtBody(db, hash);
      if (stored === undefined) return sendErrorCode(request, reply, 'not_found');
      body = stored;
      if (recent.size >= 2000) recent.delete(recent.keys().next().value!);
      recent.set(hash, body);
    }
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', ART_CACHE_CONTROL)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(body);
  });
}
