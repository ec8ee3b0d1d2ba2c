import { CUSTOMER_SERVICE_KEY_LENGTH } from './constants.ts';

/**
 * Customer-service paths are stored and served encrypted (spec section 3): the stored value is
 * `base64url(iv || AES-256-GCM ciphertext) + key`, where `key` is its last 8 characters and the AES key
 * is SHA-256 of it. This keeps raw chat links out of casual scraping of the API, as the original
 * gateway did; it is obfuscation, not secrecy, since the key travels with the value.
 * Uses Web Crypto, present in browsers (secure contexts) and Node alike.
 */
const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const aesKey = async (key: string): Promise<CryptoKey> => {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(key));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
};

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const encryptCustomerServicePath = async (path: string): Promise<string> => {
  const random = crypto.getRandomValues(new Uint8Array(CUSTOMER_SERVICE_KEY_LENGTH));
  const key = Array.from(random, (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(key), encoder.encode(path)),
  );
  const packed = new Uint8Array(iv.length + cipher.length);
  packed.set(iv);
  packed.set(cipher, iv.length);
  return toBase64Url(packed) + key;
};

export const decryptCustomerServicePath = async (stored: string): Promise<string> => {
  if (stored.length <= CUSTOMER_SERVICE_KEY_LENGTH) throw new Error('customer-service path too short');
  const key = stored.slice(-CUSTOMER_SERVICE_KEY_LENGTH);
  const packed = fromBase64Url(stored.slice(0, -CUSTOMER_SERVICE_KEY_LENGTH));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: packed.slice(0, 12) },
    await aesKey(key),
    packed.slice(12),
  );
  return new TextDecoder().decode(plain);
};

/**
 * The links a customer-service entry may hold, one rule for the back office's form, the gateway's
 * validation and the member site's opener: a path on this site (`/support`, never `//host`), an
 * `https:` or `http:` address with a host, or a `mailto:` address. No spaces or control characters,
 * at most CUSTOMER_SERVICE_LINK_MAX characters. Anything else (javascript:, data:, tel:, ...) is refused.
 */
export const CUSTOMER_SERVICE_LINK_MAX = 500;

export type CustomerServiceLinkKind = 'site' | 'web' | 'mailto';

/** What kind of link `link` is, or null when it is not one a customer-service entry may hold. */
export function customerServiceLinkKind(link: string): CustomerServiceLinkKind | null {
  if (link.length === 0 || link.length > CUSTOMER_SERVICE_LINK_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(link)) return null;
  if (/^\/(?!\/)/.test(link)) return /^\/[^\\]*$/.test(link) ? 'site' : null;
  if (/^mailto:[^@/]+@[^@/]+\.[^@/]+$/i.test(link)) return 'mailto';
  // The host right after the slashes (URL would read https:///path as the host "path").
  if (!/^https?:\/\/[a-z0-9[]/i.test(link)) return null;
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username
      ? 'web'
      : null;
  } catch {
    return null;
  }
}
