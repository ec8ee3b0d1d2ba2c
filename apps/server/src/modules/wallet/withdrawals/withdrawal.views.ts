import type { Withdrawal } from '@banca/contract';
import { payoutKeyView } from '../money-settings/money-settings.service.ts';
import type { WithdrawalRow } from './withdrawal.table.ts';

/* A withdrawal row as the member sees it, and as the finance desk and its audit see it. */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  payoutKey: payoutKeyView(row),
  requestedAt: row.requested_at.toISOString(),
  approvedAt: iso(row.approved_at),
  paidAt: iso(row.paid_at),
  confirmedAt: iso(row.confirmed_at),
  rejectedAt: iso(row.rejected_at),
  rejectReason: row.reject_reason,
  failedAt: iso(row.failed_at),
  failReason: row.fail_reason,
  cancelledAt: iso(row.cancelled_at),
  confirmation: row.confirmation,
  payoutTargetMinutes: row.payout_target_minutes,
});

/** The finance desk's view (and the audit's before and after): the member, the key in full, the
 *  rail's reference and whether a proof image is stored. */
export const toOps = (row: WithdrawalRow, proof: boolean) => ({
  ...toWithdrawal(row),
  memberId: row.member_id,
  pixKey: row.key_value,
  payeeName: row.payee_name,
  providerRef: row.provider_ref,
  hasProof: proof,
});
