import type { Database } from '../../../database.ts';
import type { OpsAccess } from '../../../ops-access.ts';
import type { ScheduledJob } from '../../../platform/jobs/scheduler.ts';
import { SandboxPayoutProvider, UnconfiguredPayoutProvider, type PayoutProvider } from './payout-provider.ts';
import { createWalletSettings } from '../settings/wallet-settings.service.ts';
import { autoConfirmPaid } from './member-withdrawal.service.ts';
import { syncPayouts } from './payout.service.ts';

/** How long the sandbox rail takes to pay an approved withdrawal. */
export const SANDBOX_PAYOUT_DELAY_MS = 3_000;

/**
 * The payout rail: the sandbox outside production (stateless, so every node and every job instance
 * agrees), none in production until a real provider is configured.
 */
export const payoutProviderFor = (
  production: boolean,
  options: { delayMs?: number; onDue?: (providerRef: string) => void } = {},
): PayoutProvider =>
  production
    ? new UnconfiguredPayoutProvider()
    : new SandboxPayoutProvider({
        delayMs: options.delayMs ?? SANDBOX_PAYOUT_DELAY_MS,
        ...(options.onDue ? { onDue: options.onDue } : {}),
      });

/** Safety net behind the rail's own notice: approved withdrawals are asked for and settled here too
 *  (e.g. the node that approved one died before its payout was asked or seen paid). */
export const payoutSyncJob = (
  payouts: PayoutProvider,
  audit?: OpsAccess['audit'],
): ScheduledJob<Database> => ({
  name: 'wallet.payout-sync',
  everySeconds: 60,
  run: async (db, now) => {
    const { asked, paid, failed } = await syncPayouts({ db, payouts, clock: () => now, audit });
    return `asked=${asked} paid=${paid} failed=${failed}`;
  },
});

/** Paid withdrawals unconfirmed after the merchant's confirmTimeoutMinutes count as received. */
export const withdrawAutoConfirmJob: ScheduledJob<Database> = {
  name: 'wallet.withdraw-auto-confirm',
  everySeconds: 60,
  run: async (db, now) =>
    `confirmed=${await autoConfirmPaid({ db, settings: createWalletSettings(db) }, now)}`,
};
