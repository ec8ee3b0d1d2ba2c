import { describe, expect, it } from 'vitest';
import { CUSTOMER_SERVICE_KEY_LENGTH } from './constants.ts';
import { decryptCustomerServicePath, encryptCustomerServicePath } from './customer-service-path.ts';

describe('customer-service path', () => {
  it('round-trips and keeps the key in the last 8 characters', async () => {
    const url = 'https://chat.banca.example/live?lang=pt&q=ç';
    const stored = await encryptCustomerServicePath(url);
    expect(stored).not.toContain('chat.banca');
    expect(stored.slice(-CUSTOMER_SERVICE_KEY_LENGTH)).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await decryptCustomerServicePath(stored)).toBe(url);
  });

  it('uses a fresh key and iv each time', async () => {
    const a = await encryptCustomerServicePath('https://x.example');
    const b = await encryptCustomerServicePath('https://x.example');
    expect(a).not.toBe(b);
  });

  it('refuses a value whose key was altered', async () => {
    const stored = await encryptCustomerServicePath('https://x.example');
    const tampered = stored.slice(0, -1) + (stored.endsWith('A') ? 'B' : 'A');
    await expect(decryptCustomerServicePath(tampered)).rejects.toThrow();
  });
});
