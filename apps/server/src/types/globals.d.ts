import type { webcrypto } from 'node:crypto';

/** @types/node 20 has Web Crypto but not the DOM's global CryptoKey name, which the contract uses. */
declare global {
  type CryptoKey = webcrypto.CryptoKey;
}
