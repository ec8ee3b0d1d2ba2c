import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Short secrets kept at rest (a session token inside a ticket row, a vendor's HMAC secret): sealed
 * with AES-256-GCM under a 32-byte key (usually deriveServerSecret), so a copy of the table alone
 * gives nothing away and a tampered value does not open. Format: base64url iv.tag.body.
 */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed text, or undefined when it was sealed under another key or altered. */
export function unsealText(key: Buffer, sealed: string): string | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
