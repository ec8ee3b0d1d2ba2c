/** Server test files that must not run beside the rest (vitest.long-transactions.config.ts says why). */
export const LONG_TRANSACTION_TESTS = ['src/modules/agent-contracts/agent-contracts.nodes.test.ts'] as const;
