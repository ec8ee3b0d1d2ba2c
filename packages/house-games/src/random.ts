/**
 * Uniform draws from a stream of 32-bit words, without modulo bias.
 *
 * Every game takes a `RandomSource`: in play and in verification it is the provably fair HMAC stream
 * (fairness.ts); in simulations it may be `seededRandom` below, a fast deterministic PRNG. The games
 * turn words into outcomes only through `uniformInt`, so both sources go through the same maths.
 */

/** A source of independent uniform 32-bit unsigned integers (0 .. 2^32 - 1). */
export interface RandomSource {
  nextUint32(): number;
}

const TWO_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n) for 1 <= n <= 2^32, by rejection: words at or above
 * `limit = n * floor(2^32 / n)` are discarded and the next word is taken; an accepted word w gives
 * `w mod n`. Each value then has exactly floor(2^32 / n) accepted words behind it.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`uniformInt: bad range ${n}`);
  const limit = n * Math.floor(TWO_32 / n);
  for (;;) {
    const word = source.nextUint32();
    if (word < limit) return word % n;
  }
}

/**
 * A uniform float in [0, 1) with 53 random bits: two words, the first gives the top 27 bits
 * (`w1 >>> 5`), the second the low 26 (`w2 >>> 6`): `(hi * 2^26 + lo) / 2^53`.
 */
export function uniformFloat(source: RandomSource): number {
  const hi = source.nextUint32() >>> 5;
  const lo = source.nextUint32() >>> 6;
  return (hi * 67_108_864 + lo) / 9_007_199_254_740_992;
}

/**
 * A fast seeded PRNG (sfc32, seeded through splitmix32) for simulations and benchmarks only: it is
 * not provably fair and never decides a real round. Same seed, same sequence, on every platform.
 */
export function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return { nextUint32: next };
}
