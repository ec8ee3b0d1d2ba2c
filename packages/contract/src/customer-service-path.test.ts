import { describe, expect, it } from 'vitest';
import { CUSTOMER_SERVICE_KEY_LENGTH } from './constants.ts';
import {
  customerServiceLinkKind,
  decryptCustomerServicePath,
  encryptCustomerServicePath,
} from './customer-service-path.ts';
import { ISO_COUNTRY_CODES, isIsoCountryCode } from './iso-countries.ts';

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

describe('customer-service links', () => {
  it('takes site paths, http(s) addresses with a host and mailto: addresses', () => {
    expect(customerServiceLinkKind('/support')).toBe('site');
    expect(customerServiceLinkKind('/support?canal=e2e#x')).toBe('site');
    expect(customerServiceLinkKind('https://wa.me/5511999990000')).toBe('web');
    expect(customerServiceLinkKind('HTTP://chat.example:8080/a?b=c')).toBe('web');
    expect(customerServiceLinkKind('mailto:ajuda@banca.example')).toBe('mailto');
  });

  it('refuses every other scheme, protocol-relative and malformed links', () => {
    for (const bad of [
      '',
      'support',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'tel:+5511999990000',
      'ftp://x.example',
      'https://',
      'https:///path',
      'https://user:pw@chat.example',
      'https://chat.example/a b',
      'https://chat.example/\u0000',
      'mailto:nobody',
      `/${'x'.repeat(500)}`,
    ])
      expect(customerServiceLinkKind(bad), bad).toBeNull();
  });
});

describe('ISO 3166-1 country codes', () => {
  it('holds the 249 assigned codes, sorted and unique', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect([...ISO_COUNTRY_CODES].sort()).toEqual([...ISO_COUNTRY_CODES]);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    for (const code of ['BR', 'PT', 'US', 'GB', 'SS', 'ZW']) expect(isIsoCountryCode(code)).toBe(true);
    for (const code of ['XX', 'ZZ', 'UK', 'EU', 'br', 'BRA', ''])
      expect(isIsoCountryCode(code), code).toBe(false);
  });
});
