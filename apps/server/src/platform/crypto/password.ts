import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1), about 12 ms
 * a hash on the reference machine (the shared project's TOOLCHAIN.md, not in this repository). The PHC
 * string carries its own salt and parameters, so raising them later only needs `needsRehash` at the
 * next successful login.
 */
// `Algorithm` is a const enum in the package's declarations, which isolatedModules cannot inline.
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON2_OPTIONS);

/** False for a wrong password and for a malformed or empty stored hash (never throws on bad data). */
export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when there is no account (or no password) to check,
 * so response time does not tell an attacker whether an account exists. Always resolves false.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, plain);
  return false;
}

/** True when the stored hash was made with weaker parameters than today's. */
export function needsRehash(storedHash: string): boolean {
  try {
    const p = parseOptions(storedHash);
    return (
      p.algorithm !== ARGON2ID ||
      p.memoryCost < (ARGON2_OPTIONS.memoryCost ?? 0) ||
      p.timeCost < (ARGON2_OPTIONS.timeCost ?? 0)
    );
  } catch {
    return true;
  }
}
