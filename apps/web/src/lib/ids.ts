/**
 * A fresh request id (idempotency key) for one money movement: 32 hex digits of Web Crypto
 * randomness, inside every request-id rule of the contract (wallet and lottery `[A-Za-z0-9_-]{8,64}`,
 * house games `{8,40}`). Sent again unchanged, the server answers the first result and moves nothing
 * twice; the callers decide when an attempt is a new one (useMoneyMutation for the forms).
 */
export const newRequestId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
