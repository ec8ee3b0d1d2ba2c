import { describe, expect, it } from 'vitest';
import { systemRoutes } from '@banca/contract';
import { systemRefs } from './system-api';

describe('system route refs', () => {
  it('match the contract method and path of each system call', () => {
    for (const [name, ref] of Object.entries(systemRefs)) {
      const def = systemRoutes[name as keyof typeof systemRoutes];
      expect({ name, method: ref.method, path: ref.path }).toEqual({
        name,
        method: def.method,
        path: def.path,
      });
    }
  });
});
