import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCallback } from './callback.ts';

describe('defineCallback', () => {
  it('marks the definition a callback and keeps its body schema', () => {
    const body = z.object({ orderId: z.string() });
    const def = defineCallback({
      id: 'test.paid',
      method: 'POST',
      path: '/callback/test/paid',
      caller: 'test-psp',
      summary: 'test',
      tags: ['test'],
      body,
    });
    expect(def.kind).toBe('callback');
    expect(def.body).toBe(body);
  });

  it('refuses a path outside the callback prefix, where member rules would apply', () => {
    expect(() =>
      defineCallback({
        id: 'test.paid',
        method: 'POST',
        path: '/wps/test/paid' as '/callback/x',
        caller: 'test-psp',
        summary: 'test',
        tags: ['test'],
      }),
    ).toThrow(/callback paths live under \/callback\//);
  });
});
