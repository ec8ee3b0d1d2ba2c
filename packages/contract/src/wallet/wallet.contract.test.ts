import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../auth/auth.errors.ts';
import { ERROR_CODES } from '../errors.ts';
import { WALLET_ERROR_CODES, WALLET_ERROR_MESSAGES, WALLET_ERROR_STATUS } from './wallet.errors.ts';
import { walletRoutes } from './wallet.routes.ts';
import { balanceValueSchema, FREE_PLAY_BALANCE, PLAY_MONEY_CURRENCY } from './wallet.schemas.ts';

describe('wallet error catalogue', () => {
  it('gives every code a 4xx status and both languages, without clashing with other catalogues', () => {
    for (const code of WALLET_ERROR_CODES) {
      expect(WALLET_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(WALLET_ERROR_STATUS[code]).toBeLessThan(500);
      expect(WALLET_ERROR_MESSAGES[code].PT.length).toBeGreaterThan(0);
      expect(WALLET_ERROR_MESSAGES[code].PT).not.toBe(WALLET_ERROR_MESSAGES[code].EN);
      expect([...ERROR_CODES, ...AUTH_ERROR_CODES] as string[]).not.toContain(code);
    }
    expect(WALLET_ERROR_STATUS.insufficient_funds).toBe(409);
    expect(WALLET_ERROR_STATUS.idempotency_conflict).toBe(409);
  });
});

describe('balance', () => {
  it('is a token call answering integer minor units', () => {
    expect(walletRoutes.balance).toMatchObject({
      method: 'GET',
      path: '/wps/v2/wallets/balance',
      auth: 'token',
      enc: false,
    });
    const play = { balance: FREE_PLAY_BALANCE, currency: PLAY_MONEY_CURRENCY, currencySymbol: 'XPL' };
    expect(balanceValueSchema.parse({ ...play, playMoney: true }).balance).toBe(100_000);
    for (const balance of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(balanceValueSchema.safeParse({ ...play, balance, playMoney: true }).success).toBe(false);
    }
    expect(balanceValueSchema.safeParse({ ...play, currency: 'brl', playMoney: false }).success).toBe(false);
  });
});
