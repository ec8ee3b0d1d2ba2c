import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP parameters and verifies', async () => {
    const h = await hashPassword('s3cret-Pass');
    expect(h.startsWith('$argon2id$')).toBe(true);
    const p = parseOptions(h);
    expect(p.memoryCost).toBe(19456);
    expect(p.timeCost).toBe(2);
    expect(p.parallelism).toBe(1);
    expect(await verifyPassword(h, 's3cret-Pass')).toBe(true);
    expect(await verifyPassword(h, 's3cret-pass')).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers false, never throws, for missing or malformed hashes', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('x')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });
});
