import { DEFAULT_WALLET_SETTINGS } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { createWalletSettings } from './wallet-settings.service.ts';

describe('wallet settings', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  it('reads the defaults for a merchant with nothing stored', async () => {
    expect(await createWalletSettings(t.db).get('none')).toEqual(DEFAULT_WALLET_SETTINGS);
  });

  it('merges a change field by field, keeps the rest, and refuses an invalid result unchanged', async () => {
    let clock = 0;
    const settings = createWalletSettings(t.db, () => clock);
    const { before, after } = await settings.update(t.db, 'm1', {
      withdraw: { dailyCount: 3 },
      walletMode: 'transfer',
    });
    expect(before).toEqual(DEFAULT_WALLET_SETTINGS);
    expect(after.withdraw).toEqual({ ...DEFAULT_WALLET_SETTINGS.withdraw, dailyCount: 3 });
    expect(after.walletMode).toBe('transfer');
    expect(after.deposit).toEqual(DEFAULT_WALLET_SETTINGS.deposit);
    await expect(settings.update(t.db, 'm1', { withdraw: { dailyCount: -1 } })).rejects.toThrow();
    clock += 5000;
    expect((await settings.get('m1')).withdraw.dailyCount).toBe(3);
    // Another node's cache sees the change once its second is over.
    const other = createWalletSettings(t.db, () => clock);
    expect((await other.get('m1')).walletMode).toBe('transfer');
  });
});
