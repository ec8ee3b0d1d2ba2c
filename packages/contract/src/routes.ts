/**
 * `@banca/contract/routes`: the light route table. Each gateway call's id, method, path, auth, enc,
 * form and redirect, and no zod at run time, so the browser's first route can import it; the value,
 * query and body types come from the zod definitions through type-only imports (EntryValue, ...).
 * routes.test.ts keeps this file's run-time imports free of zod.
 */
import { agentCalls } from './agent/agent.calls.ts';
import { authCalls } from './auth/auth.calls.ts';
import { socialCalls } from './auth/social.calls.ts';
import { memberCalls } from './member/member.calls.ts';
import { operatorCalls } from './operator/operator.calls.ts';
import { memberOpsCalls } from './operator/member-ops.calls.ts';
import { systemCalls } from './system/system.calls.ts';
import { depositCalls } from './wallet/deposit.calls.ts';
import { walletCalls } from './wallet/wallet.calls.ts';
import { gamesCalls } from './games/games.calls.ts';
import { contentCalls } from './content/content.calls.ts';
import { houseCalls } from './house/house.calls.ts';
import { lotteryCalls } from './lottery/lottery.calls.ts';
import { reportsCalls } from './reports/reports.calls.ts';
import { messagesCalls } from './messages/messages.calls.ts';
// Agent contracts (issue 24).
import { agentContractCalls } from './agent/contract.calls.ts';
import { agentContractOpsCalls } from './agent/contract-ops.calls.ts';

export {
  agentCalls,
  authCalls,
  depositCalls,
  contentCalls,
  gamesCalls,
  houseCalls,
  lotteryCalls,
  memberCalls,
  memberOpsCalls,
  messagesCalls,
  operatorCalls,
  reportsCalls,
  socialCalls,
  systemCalls,
  walletCalls,
  // Agent contracts (issue 24).
  agentContractCalls,
  agentContractOpsCalls,
};
export { socialCallbackPath, socialStartPath } from './auth/social.calls.ts';
export { STARTUP_ELEMENT_ID } from './system/system.calls.ts';
export {
  FIRST_PAINT_ELEMENT_ID,
  HOME_BANNER_GROUP,
  callRequestKey,
  homeFirstCalls,
  type CallRequest,
  type FirstCall,
  type InlineAnswer,
} from './first-paint.calls.ts';
export { ACCOUNT_RECORD_TYPES, WALLET_RECORDS_CSV_PATH } from './wallet/wallet-record.calls.ts';
export { CALLBACK_PREFIX, fillPath } from './route-entry.ts';
export {
  BACKOFFICE_BASE,
  OPERATOR_ROLE_NAMES,
  OPS_PERMISSIONS,
  operatorCan,
  type OperatorRoleKey,
  type OpsPermission,
} from './operator/operator-permissions.ts';
export { OPS_WITHDRAWAL_PROOF_PATH } from './wallet/withdraw.calls.ts';
export type { CallbackEntry, HttpMethod, RouteAuthMode, RouteEntry } from './route-entry.ts';
export type { EntryBody, EntryQuery, EntryValue, RouteById, RouteOf } from './route-groups.ts';

/** Every call, grouped as the zod definitions are (`routeGroups`). */
export const routeTable = {
  system: systemCalls,
  operator: operatorCalls,
  memberOps: memberOpsCalls,
  auth: authCalls,
  social: socialCalls,
  member: memberCalls,
  wallet: walletCalls,
  deposit: depositCalls,
  agent: agentCalls,
  games: gamesCalls,
  content: contentCalls,
  house: houseCalls,
  lottery: lotteryCalls,
  reports: reportsCalls,
  messages: messagesCalls,
  // Agent contracts (issue 24).
  agentContracts: agentContractCalls,
  agentContractOps: agentContractOpsCalls,
} as const;
