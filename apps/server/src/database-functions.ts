import { gamesFunctions } from './modules/games/games.functions.ts';
import { memberFunctions } from './modules/member/member.functions.ts';
import { operatorFunctions } from './modules/operator/operator.functions.ts';
import { walletFunctions } from './modules/wallet/wallet.functions.ts';
import type { DatabaseFunction } from './platform/db/database-functions.ts';
import { eventFunctions } from './platform/events/event.functions.ts';

/**
 * Every in-database function of the gateway, composed at the app root from each part's own list (like
 * database.ts for tables): migrateToLatest applies the files that changed after the migrations
 * (platform/db/database-functions.ts). A new function gets its file and an entry in its part's list;
 * database-functions.test.ts refuses a function in the database that no file defines.
 */
export const DATABASE_FUNCTIONS: readonly DatabaseFunction[] = [
  ...eventFunctions,
  ...memberFunctions,
  ...walletFunctions,
  ...operatorFunctions,
  ...gamesFunctions,
];
