import type { RouteBody, RouteQuery, RouteValue } from './route.ts';
import type { RouteEntry } from './route-entry.ts';
import { agentRoutes } from './agent/agent.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { socialRoutes } from './auth/social.routes.ts';
import { memberRoutes } from './member/member.routes.ts';
import { operatorRoutes } from './operator/operator.routes.ts';
import { memberOpsRoutes } from './operator/member-ops.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { depositRoutes } from './wallet/deposit.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { gamesRoutes } from './games/games.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { houseRoutes } from './house/house.routes.ts';
import { lotteryRoutes } from './lottery/lottery.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
// Agent contracts (issue 24).
import { agentContractRoutes } from './agent/contract.routes.ts';
import { agentContractOpsRoutes } from './agent/contract-ops.routes.ts';

/** Every group of zod route definitions, under the same keys as the light `routeTable` (routes.ts). */
export const routeGroups = {
  system: systemRoutes,
  operator: operatorRoutes,
  memberOps: memberOpsRoutes,
  auth: authRoutes,
  social: socialRoutes,
  member: memberRoutes,
  wallet: walletRoutes,
  deposit: depositRoutes,
  agent: agentRoutes,
  games: gamesRoutes,
  content: contentRoutes,
  house: houseRoutes,
  lottery: lotteryRoutes,
  reports: reportsRoutes,
  messages: messagesRoutes,
  // Agent contracts (issue 24).
  agentContracts: agentContractRoutes,
  agentContractOps: agentContractOpsRoutes,
} as const;

type Groups = typeof routeGroups;
type AnyRoute = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** Each call's zod definition by its id: how a light entry finds its value, query and body types. */
export type RouteById = { [D in AnyRoute as D['id']]: D };

/** The zod definition of a light entry (never for an id the contract does not define). */
export type RouteOf<E extends RouteEntry> = E['id'] extends keyof RouteById ? RouteById[E['id']] : never;
/** The envelope `value` a light entry's call answers. */
export type EntryValue<E extends RouteEntry> = RouteValue<RouteOf<E>>;
/** The query a light entry's call takes (undefined when none). */
export type EntryQuery<E extends RouteEntry> = RouteQuery<RouteOf<E>>;
/** The body a light entry's call takes (undefined when none). */
export type EntryBody<E extends RouteEntry> = RouteBody<RouteOf<E>>;
