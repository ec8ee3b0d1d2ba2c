import type { OpsAccess } from '../../../ops-access.ts';
import type { MerchantCurrency } from '../merchant-currency.ts';
import type { MoneySettingsDeps } from '../money-settings/money-settings.service.ts';
import type { PayoutProvider } from './payout-provider.ts';

/*
 * Withdrawals. States: REQUESTED (amount held: member -> WITHDRAWALS_PENDING) -> APPROVED (operator;
 * the payout rail is asked) -> PAID (the rail says paid: WITHDRAWALS_PENDING -> PAYMENT_CLEARING) ->
 * CONFIRMED (member says received, or the timeout treats it as received) | DISPUTED (member says not
 * received, with a proof image; no refund, finance looks into it). REQUESTED -> REJECTED (operator,
 * with a reason: WITHDRAWALS_PENDING -> member). APPROVED -> FAILED (the rail refused or did not pay:
 * WITHDRAWALS_PENDING -> member, the rail's reason kept, audited as the payout rail). REQUESTED ->
 * CANCELLED (the member, before any decision: WITHDRAWALS_PENDING -> member under the same return key
 * as a rejection, so whichever of the two wins the row lock returns the money, once). Every change is one transaction holding the
 * withdrawal's row lock; a change from any other state is refused (409), so a double approve or a
 * reject racing an approve leaves exactly one decision. Ledger keys name the withdrawal, so a retried
 * step never moves money twice.
 */

/** What withdrawals need: the money settings' deps, the merchant currency and the payout rail. */
export interface WithdrawDeps extends MoneySettingsDeps {
  merchantCurrency(merchantCode: string): Promise<MerchantCurrency>;
  payouts: PayoutProvider;
  /** Writes the audit row of a failed payout; undefined without a back office. */
  audit?: OpsAccess['audit'] | undefined;
}

/** What the payout steps need: the rail, and the audit when a back office exists. */
export type PayoutDeps = Pick<WithdrawDeps, 'db' | 'payouts' | 'clock' | 'audit'>;
