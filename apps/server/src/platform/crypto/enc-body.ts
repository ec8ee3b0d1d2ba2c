/**
 * The enc rule of ARCHITECTURE.md section 2 at the edge: a call marked enc takes only a compact JWE
 * with Content-Type application/jose. The decryption itself is injected (decryptJwe bound to the
 * server key), so this stays a pure decision that is easy to test.
 */
export type EncErrorCode = 'enc_required' | 'enc_invalid';

export class EncBodyError extends Error {
  override name = 'EncBodyError';
  readonly status = 400;
  constructor(
    readonly code: EncErrorCode,
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
}

/** Decrypts a compact JWE and returns its parsed JSON payload; throws on anything wrong. */
export type DecryptFn = (compactJwe: string) => Promise<unknown>;

export const JOSE_CONTENT_TYPE = 'application/jose';
/** An RSA-2048 JWE of a body within the gateway's limits stays far below this. */
export const MAX_JWE_LENGTH = 256 * 1024;

// Five base64url segments; the second (encrypted key) is never empty for RSA-OAEP.
const COMPACT_JWE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const isJoseContentType = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === JOSE_CONTENT_TYPE;

export interface EncBodyInput {
  decrypt: DecryptFn;
  /** The raw body as the HTTP layer read it (string or Buffer for application/jose). */
  body: unknown;
  contentType: string | undefined;
}

export async function readEncBody({ decrypt, body, contentType }: EncBodyInput): Promise<unknown> {
  if (!isJoseContentType(contentType)) throw new EncBodyError('enc_required');
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
  if (text === undefined) throw new EncBodyError('enc_invalid');
  const compact = text.trim();
  if (compact.length === 0 || compact.length > MAX_JWE_LENGTH || !COMPACT_JWE.test(compact)) {
    throw new EncBodyError('enc_invalid');
  }
  try {
    return await decrypt(compact);
  } catch (err) {
    throw new EncBodyError('enc_invalid', { cause: err });
  }
}
