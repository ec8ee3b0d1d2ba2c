import { defineRoute } from '../route.ts';
import { houseCalls } from './house.calls.ts';
import {
  houseSessionValueSchema,
  openHouseSessionBodySchema,
  sandboxPlayBodySchema,
  sandboxPlayValueSchema,
} from './house.schemas.ts';
import {
  houseClientSeedBodySchema,
  houseFairnessValueSchema,
  housePlayValueSchema,
  houseRollBodySchema,
  houseRotateValueSchema,
  houseRoundBodySchema,
  houseRoundSchema,
  houseRoundsBodySchema,
  houseRoundsValueSchema,
  houseSessionBodySchema,
  houseSpinBodySchema,
} from './house-play.schemas.ts';

const tags = ['house'];

/** The house vendor's browser API (house.calls.ts). */
export const houseRoutes = {
  openSession: defineRoute(houseCalls.openSession, {
    summary:
      "House vendor: exchanges a launch URL's one-time token for a house session (401 house_launch_invalid when unknown, used or expired)",
    tags,
    body: openHouseSessionBodySchema,
    response: houseSessionValueSchema,
  }),
  sandboxPlay: defineRoute(houseCalls.sandboxPlay, {
    summary:
      "Sandbox vendor: plays one round of the session's sandbox game (debit, then credit, through the vendor wallet API); the same requestId again answers the same round",
    tags,
    body: sandboxPlayBodySchema,
    response: sandboxPlayValueSchema,
  }),
  spin: defineRoute(houseCalls.spin, {
    summary:
      'House slot: one spin (debit of the total bet, credit of the payout through the vendor wallet API); a retried requestId answers the same round',
    tags,
    body: houseSpinBodySchema,
    response: housePlayValueSchema,
  }),
  roll: defineRoute(houseCalls.roll, {
    summary: 'House dice: one roll; a retried requestId answers the same round',
    tags,
    body: houseRollBodySchema,
    response: housePlayValueSchema,
  }),
  fairness: defineRoute(houseCalls.fairness, {
    summary: "House games: the player's current server seed hash, client seed and next nonce",
    tags,
    body: houseSessionBodySchema,
    response: houseFairnessValueSchema,
  }),
  setClientSeed: defineRoute(houseCalls.setClientSeed, {
    summary: 'House games: sets the client seed for the next rounds',
    tags,
    body: houseClientSeedBodySchema,
    response: houseFairnessValueSchema,
  }),
  rotateSeed: defineRoute(houseCalls.rotateSeed, {
    summary: 'House games: reveals the current server seed and starts a new one',
    tags,
    body: houseSessionBodySchema,
    response: houseRotateValueSchema,
  }),
  rounds: defineRoute(houseCalls.rounds, {
    summary: "House games: the player's rounds, newest first (keyset pages)",
    tags,
    body: houseRoundsBodySchema,
    response: houseRoundsValueSchema,
  }),
  round: defineRoute(houseCalls.round, {
    summary:
      'House games: one round of the player, with its server seed once revealed (404 house_round_not_found)',
    tags,
    body: houseRoundBodySchema,
    response: houseRoundSchema,
  }),
} as const;
