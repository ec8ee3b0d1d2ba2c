/**
 * Bad input to a game function: a stable machine code (the gateway maps it to a 4xx envelope) and an
 * English message. Game functions validate before they compute and throw nothing else for bad input.
 */
export class HouseGameError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HouseGameError';
  }
}

/** A stake in integer minor units: a positive safe integer. */
export function assertStake(stake: unknown, code = 'bad_stake'): asserts stake is number {
  if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake <= 0) {
    throw new HouseGameError(code, 'A stake is a positive whole number of minor units.');
  }
}

/**
 * floor(amount * numerator / denominator) for non-negative integers, exactly: in doubles while the
 * product is a safe integer (the quotient corrected by one if the division rounded), else in BigInt.
 */
export function mulDivFloor(amount: number, numerator: number, denominator: number): number {
  const product = amount * numerator;
  if (product <= Number.MAX_SAFE_INTEGER) {
    let q = Math.floor(product / denominator);
    if (q * denominator > product) q -= 1;
    else if ((q + 1) * denominator <= product) q += 1;
    return q;
  }
  const result = (BigInt(amount) * BigInt(numerator)) / BigInt(denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new HouseGameError('payout_too_large', 'The payout exceeds the largest representable amount.');
  }
  return Number(result);
}
