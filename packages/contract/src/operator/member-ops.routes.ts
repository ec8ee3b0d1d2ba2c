import { defineRoute } from '../route.ts';
import { memberOpsCalls } from './member-ops.calls.ts';
import {
  memberActionBodySchema,
  memberActionValueSchema,
  memberIdParamsSchema,
  memberPasswordResetValueSchema,
  memberProfileSchema,
  memberSearchPageSchema,
  memberSearchQuerySchema,
} from './member-ops.schemas.ts';

const tags = ['operator'];

export const memberOpsRoutes = {
  search: defineRoute(memberOpsCalls.search, {
    summary: 'Find members by account, id, mobile or e-mail; newest first, keyset paged (members.read)',
    tags,
    query: memberSearchQuerySchema,
    response: memberSearchPageSchema,
  }),
  profile: defineRoute(memberOpsCalls.profile, {
    summary:
      "A member's profile: account, balances, ledger, bets, deposits, withdrawals, sessions and IPs, upline and downline (members.read)",
    tags,
    params: memberIdParamsSchema,
    response: memberProfileSchema,
  }),
  lock: defineRoute(memberOpsCalls.lock, {
    summary:
      'Lock a member with a reason: their sessions end at once on every node and vendor debits are refused (members.lock; audited)',
    tags,
    params: memberIdParamsSchema,
    body: memberActionBodySchema,
    response: memberActionValueSchema,
  }),
  unlock: defineRoute(memberOpsCalls.unlock, {
    summary: 'Unlock a member with a reason (members.lock; audited)',
    tags,
    params: memberIdParamsSchema,
    body: memberActionBodySchema,
    response: memberActionValueSchema,
  }),
  forceLogout: defineRoute(memberOpsCalls.forceLogout, {
    summary: 'End every live session of a member (members.forceLogout; audited)',
    tags,
    params: memberIdParamsSchema,
    body: memberActionBodySchema,
    response: memberActionValueSchema,
  }),
  resetPassword: defineRoute(memberOpsCalls.resetPassword, {
    summary:
      'Send the member a one-time temporary password by their own channel (SMS, else e-mail); they must change it at login (members.resetPassword; audited)',
    tags,
    params: memberIdParamsSchema,
    body: memberActionBodySchema,
    response: memberPasswordResetValueSchema,
  }),
} as const;
