import { defineRoute } from '../route.ts';
import { agentContractCalls } from './contract.calls.ts';
import {
  consolidatedValueSchema,
  contractAcceptBodySchema,
  contractAcceptValueSchema,
  contractActionBodySchema,
  contractListQuerySchema,
  contractListSchema,
  contractOfferBodySchema,
  contractPreviewValueSchema,
  contractRelayBodySchema,
  contractViewSchema,
  settlementListQuerySchema,
  settlementListSchema,
} from './contract.schemas.ts';

const tags = ['agent', 'contracts'];

/**
 * Agent contracts (issue 24; docs/agent-centre.md "Contracts and settlement"). Only a direct upline
 * offers; the downline accepts or rejects; either side asks to terminate and the other confirms or
 * keeps. A contract id the caller is no party of answers 404 contract_not_found, as a missing one.
 */
export const agentContractRoutes = {
  offer: defineRoute(agentContractCalls.offer, {
    summary: 'Offer a contract (dividend, daily wage, hourly or real-time salary) to a direct downline agent',
    tags,
    body: contractOfferBodySchema,
    response: contractViewSchema,
  }),
  preview: defineRoute(agentContractCalls.preview, {
    summary:
      "What the downline would have earned last period under the offered tiers (the settlement's own rule; writes nothing)",
    tags,
    body: contractOfferBodySchema,
    response: contractPreviewValueSchema,
  }),
  list: defineRoute(agentContractCalls.list, {
    summary: "The caller's contracts as upline, as downline or both, newest first",
    tags,
    query: contractListQuerySchema,
    response: contractListSchema,
  }),
  accept: defineRoute(agentContractCalls.accept, {
    summary:
      'Accept an offer; 409 contract_downline_rate_higher lists higher-rate downline contracts unless confirm ends them',
    tags,
    body: contractAcceptBodySchema,
    response: contractAcceptValueSchema,
  }),
  reject: defineRoute(agentContractCalls.reject, {
    summary: 'Reject an offer made to the caller',
    tags,
    body: contractActionBodySchema,
    response: contractViewSchema,
  }),
  requestTermination: defineRoute(agentContractCalls.requestTermination, {
    summary: 'Ask to terminate an active contract (either side); the other side confirms or keeps it',
    tags,
    body: contractActionBodySchema,
    response: contractViewSchema,
  }),
  confirmTermination: defineRoute(agentContractCalls.confirmTermination, {
    summary: 'Confirm the termination the other side asked for',
    tags,
    body: contractActionBodySchema,
    response: contractViewSchema,
  }),
  keep: defineRoute(agentContractCalls.keep, {
    summary: 'Keep a contract the other side asked to terminate (it stays active)',
    tags,
    body: contractActionBodySchema,
    response: contractViewSchema,
  }),
  settlements: defineRoute(agentContractCalls.settlements, {
    summary:
      "Settlements of the caller's contracts with every input (tier, team valid bet, P&L, active members, rate)",
    tags,
    query: settlementListQuerySchema,
    response: settlementListSchema,
  }),
  consolidated: defineRoute(agentContractCalls.consolidated, {
    summary: 'The consolidated contract flags (spec section 3) and the contracts awaiting the caller',
    tags,
    response: consolidatedValueSchema,
  }),
  relayDividend: defineRoute(agentContractCalls.relayDividend, {
    summary: "Answer one of the caller's dividend contracts (accept, reject, terminate, confirm, keep)",
    tags,
    body: contractRelayBodySchema,
    response: contractViewSchema,
  }),
  relayDaily: defineRoute(agentContractCalls.relayDaily, {
    summary: "Answer one of the caller's daily-wage contracts",
    tags,
    body: contractRelayBodySchema,
    response: contractViewSchema,
  }),
  relayHourly: defineRoute(agentContractCalls.relayHourly, {
    summary: "Answer one of the caller's hourly-salary contracts",
    tags,
    body: contractRelayBodySchema,
    response: contractViewSchema,
  }),
  relayRealtime: defineRoute(agentContractCalls.relayRealtime, {
    summary: "Answer one of the caller's real-time salary contracts",
    tags,
    body: contractRelayBodySchema,
    response: contractViewSchema,
  }),
} as const;
