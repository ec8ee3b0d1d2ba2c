import { HOUSE_ERROR_STATUS } from './house/house.errors.ts';
import { REPORTS_ERROR_STATUS } from './reports/reports.errors.ts';
import { MESSAGES_ERROR_STATUS } from './messages/messages.errors.ts';
import { describe, expect, it } from 'vitest';
import {
  catalogueMessage,
  catalogueStatus,
  ERROR_CATALOGUE,
  ERROR_CATALOGUE_PARTS,
  isCatalogueErrorCode,
  type CatalogueErrorCode,
} from './error-catalogue.ts';
import { WITHDRAW_ERROR_STATUS } from './wallet/withdraw.errors.ts';
import { OPERATOR_ERROR_STATUS } from './operator/operator.errors.ts';
import { AGENT_ERROR_STATUS } from './agent/agent.errors.ts';
// Agent contracts (issue 24).
import { AGENT_CONTRACT_ERROR_STATUS } from './agent/contract.errors.ts';

/** Each code's HTTP status as it was when the catalogues were still registered at start-up. */
const STATUS_BEFORE_COMPOSITION = {
  invalid_input: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  enc_required: 400,
  enc_invalid: 400,
  not_logged_in: 401,
  token_expired: 401,
  forbidden: 403,
  in_need_true_account: 403,
  region_blocked: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_many_requests: 429,
  system_maintenance: 503,
  unavailable: 503,
  internal_error: 500,
  invalid_credentials: 400,
  captcha_required: 400,
  captcha_invalid: 400,
  sms_code_invalid: 400,
  email_code_invalid: 400,
  verification_expired: 400,
  account_exists: 409,
  mobile_exists: 409,
  inconsistent_twice: 400,
  password_policy: 400,
  old_password_invalid: 400,
  second_verification_required: 403,
  agent_only: 403,
  non_member_login: 403,
  affiliate_invalid: 400,
  feature_disabled: 403,
  insufficient_funds: 409,
  idempotency_conflict: 409,
  currency_mismatch: 400,
  invalid_transfer: 400,
  ledger_account_not_found: 404,
  unknown_wallet: 404,
  wallet_mode_single: 409,
  payment_unavailable: 503,
  deposit_channel_unavailable: 400,
  deposit_amount_out_of_range: 400,
  deposit_not_found: 404,
  stream_ticket_invalid: 401,
  game_not_found: 404,
  game_vendor_not_found: 404,
  game_unavailable: 503,
  // Added since, by the withdrawal work (issue 9): each with its own status.
  ...WITHDRAW_ERROR_STATUS,
  // Added since, by the play work (issue 11): the house vendor's browser API, each with its own status.
  ...HOUSE_ERROR_STATUS,
  // Added since, by the reports work (issue 23): range and member-count refusals.
  ...REPORTS_ERROR_STATUS,
  // Added since, by the back-office work (issue 23): operator 2FA and access.
  ...OPERATOR_ERROR_STATUS,
  // Added since, by the agent centre (issue 24): the downline guard and the invitation limit.
  ...AGENT_ERROR_STATUS,
  // finance (issue 23 items 4-5)
  adjustment_self_approval: 403,
  adjustment_state_conflict: 409,
  // Added since, by agent contracts (issue 24): contract lifecycle refusals.
  ...AGENT_CONTRACT_ERROR_STATUS,
  // Added since, by platform messages: the inbox and the back office's messages page.
  ...MESSAGES_ERROR_STATUS,
};

describe('the composed error catalogue', () => {
  it('defines each code in exactly one part', () => {
    const codes = Object.values(ERROR_CATALOGUE_PARTS).flatMap((part) => Object.keys(part.status));
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(ERROR_CATALOGUE.status).sort()).toEqual([...codes].sort());
    expect(Object.keys(ERROR_CATALOGUE.messages).sort()).toEqual([...codes].sort());
  });

  it('keeps every code’s status and PT/EN message as its part defines them', () => {
    for (const part of Object.values(ERROR_CATALOGUE_PARTS)) {
      for (const [code, status] of Object.entries(part.status)) {
        expect(catalogueStatus(code as CatalogueErrorCode), code).toBe(status);
        const messages = (part.messages as Record<string, { PT: string; EN: string }>)[code]!;
        expect(catalogueMessage(code as CatalogueErrorCode, 'PT')).toBe(messages.PT);
        expect(catalogueMessage(code as CatalogueErrorCode, 'EN')).toBe(messages.EN);
      }
    }
  });

  it('answers each code with the status it had before the catalogues were composed', () => {
    expect(ERROR_CATALOGUE.status).toEqual(STATUS_BEFORE_COMPOSITION);
  });

  it('knows its own codes only', () => {
    expect(isCatalogueErrorCode('insufficient_funds')).toBe(true);
    expect(isCatalogueErrorCode('invalid_credentials')).toBe(true);
    expect(isCatalogueErrorCode('toString')).toBe(false);
    expect(isCatalogueErrorCode('no_such_code')).toBe(false);
  });
});
