import { defineConfig } from 'vitest/config';

// The RTP enumerations and seeded simulations are CPU-bound: a shared, loaded machine needs room.
export default defineConfig({
  test: { name: 'house-games', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
});
