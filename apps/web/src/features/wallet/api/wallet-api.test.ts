import { describe, expect, it } from 'vitest';
import { walletRoutes } from '@banca/contract';
import { walletRefs } from './wallet-api';

describe('wallet route refs', () => {
  it('match the contract method and path of each wallet call', () => {
    for (const [name, ref] of Object.entries(walletRefs)) {
      const def = walletRoutes[name as keyof typeof walletRoutes];
      expect({ name, method: ref.method, path: ref.path }).toEqual({
        name,
        method: def.method,
        path: def.path,
      });
    }
  });
});
