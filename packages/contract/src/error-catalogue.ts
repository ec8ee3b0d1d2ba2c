import type { Language } from './constants.ts';
import { AUTH_ERROR_MESSAGES, AUTH_ERROR_STATUS } from './auth/auth.errors.ts';
import { ERROR_MESSAGES, ERROR_STATUS } from './errors.ts';
import { DEPOSIT_ERROR_MESSAGES, DEPOSIT_ERROR_STATUS } from './wallet/deposit.errors.ts';
import { GAMES_ERROR_MESSAGES, GAMES_ERROR_STATUS } from './games/games.errors.ts';
import { HOUSE_ERROR_MESSAGES, HOUSE_ERROR_STATUS } from './house/house.errors.ts';
import { OPERATOR_ERROR_MESSAGES, OPERATOR_ERROR_STATUS } from './operator/operator.errors.ts';
import { WALLET_ERROR_MESSAGES, WALLET_ERROR_STATUS } from './wallet/wallet.errors.ts';
import { WITHDRAW_ERROR_MESSAGES, WITHDRAW_ERROR_STATUS } from './wallet/withdraw.errors.ts';
import { REPORTS_ERROR_MESSAGES, REPORTS_ERROR_STATUS } from './reports/reports.errors.ts';
import { MESSAGES_ERROR_MESSAGES, MESSAGES_ERROR_STATUS } from './messages/messages.errors.ts';
import { AGENT_ERROR_MESSAGES, AGENT_ERROR_STATUS } from './agent/agent.errors.ts';
// Agent contracts (issue 24).
import { AGENT_CONTRACT_ERROR_MESSAGES, AGENT_CONTRACT_ERROR_STATUS } from './agent/contract.errors.ts';

/**
 * Every error code the gateway answers, composed at build time from the catalogues of the contract
 * (base, auth, wallet, ...), so the server's error handler knows each code's status and message
 * without any module registering its catalogue at start-up. A module that adds a catalogue adds it
 * here; error-catalogue.test.ts refuses a code defined twice (a spread would silently keep one).
 */
export const ERROR_CATALOGUE = {
  status: {
    ...ERROR_STATUS,
    ...AUTH_ERROR_STATUS,
    ...WALLET_ERROR_STATUS,
    ...DEPOSIT_ERROR_STATUS,
    ...GAMES_ERROR_STATUS,
    ...HOUSE_ERROR_STATUS,
    ...WITHDRAW_ERROR_STATUS,
    ...REPORTS_ERROR_STATUS,
    ...MESSAGES_ERROR_STATUS,
    ...OPERATOR_ERROR_STATUS,
    ...AGENT_ERROR_STATUS,
    // Agent contracts (issue 24).
    ...AGENT_CONTRACT_ERROR_STATUS,
  },
  messages: {
    ...ERROR_MESSAGES,
    ...AUTH_ERROR_MESSAGES,
    ...WALLET_ERROR_MESSAGES,
    ...DEPOSIT_ERROR_MESSAGES,
    ...GAMES_ERROR_MESSAGES,
    ...HOUSE_ERROR_MESSAGES,
    ...WITHDRAW_ERROR_MESSAGES,
    ...REPORTS_ERROR_MESSAGES,
    ...MESSAGES_ERROR_MESSAGES,
    ...OPERATOR_ERROR_MESSAGES,
    ...AGENT_ERROR_MESSAGES,
    // Agent contracts (issue 24).
    ...AGENT_CONTRACT_ERROR_MESSAGES,
  },
} as const;

/** The catalogues ERROR_CATALOGUE is made of, by name (for the no-duplicates test and the docs). */
export const ERROR_CATALOGUE_PARTS = {
  base: { status: ERROR_STATUS, messages: ERROR_MESSAGES },
  auth: { status: AUTH_ERROR_STATUS, messages: AUTH_ERROR_MESSAGES },
  wallet: { status: WALLET_ERROR_STATUS, messages: WALLET_ERROR_MESSAGES },
  deposit: { status: DEPOSIT_ERROR_STATUS, messages: DEPOSIT_ERROR_MESSAGES },
  games: { status: GAMES_ERROR_STATUS, messages: GAMES_ERROR_MESSAGES },
  house: { status: HOUSE_ERROR_STATUS, messages: HOUSE_ERROR_MESSAGES },
  withdraw: { status: WITHDRAW_ERROR_STATUS, messages: WITHDRAW_ERROR_MESSAGES },
  reports: { status: REPORTS_ERROR_STATUS, messages: REPORTS_ERROR_MESSAGES },
  messages: { status: MESSAGES_ERROR_STATUS, messages: MESSAGES_ERROR_MESSAGES },
  operator: { status: OPERATOR_ERROR_STATUS, messages: OPERATOR_ERROR_MESSAGES },
  agent: { status: AGENT_ERROR_STATUS, messages: AGENT_ERROR_MESSAGES },
  // Agent contracts (issue 24).
  agentContracts: { status: AGENT_CONTRACT_ERROR_STATUS, messages: AGENT_CONTRACT_ERROR_MESSAGES },
} as const;

/** Any code of any catalogue. */
export type CatalogueErrorCode = keyof typeof ERROR_CATALOGUE.status;

export const isCatalogueErrorCode = (code: string): code is CatalogueErrorCode =>
  Object.hasOwn(ERROR_CATALOGUE.status, code);

export const catalogueStatus = (code: CatalogueErrorCode): number => ERROR_CATALOGUE.status[code];

export const catalogueMessage = (code: CatalogueErrorCode, lang: Language): string =>
  ERROR_CATALOGUE.messages[code][lang];
