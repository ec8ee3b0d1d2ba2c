import type { ContractKind, ContractOfferBody } from '@banca/contract';
import { agentCalls, agentContractCalls } from '@banca/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/api';

/** The consolidated contract flags and what awaits the member's answer (the contract popup). */
export const consolidatedContractsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['contracts', 'consolidated', memberId] as const,
    queryFn: ({ signal }) => apiCall(agentContractCalls.consolidated, { signal }),
    enabled: memberId !== undefined,
    staleTime: 60_000,
  });

export const contractsQuery = (memberId: number | undefined, kind: ContractKind) =>
  queryOptions({
    queryKey: ['contracts', 'list', memberId, kind] as const,
    queryFn: ({ signal }) => apiCall(agentContractCalls.list, { signal, query: { role: 'all', kind } }),
    enabled: memberId !== undefined,
  });

export const settlementsQuery = (memberId: number | undefined, kind: ContractKind) =>
  queryOptions({
    queryKey: ['contracts', 'settlements', memberId, kind] as const,
    queryFn: ({ signal }) =>
      apiCall(agentContractCalls.settlements, { signal, query: { role: 'all', kind, limit: 200 } }),
    enabled: memberId !== undefined,
  });

/** The caller's direct downline agents (who an offer may go to). */
export const directAgentsQuery = (memberId: number | undefined) =>
  queryOptions({
    queryKey: ['contracts', 'directAgents', memberId] as const,
    queryFn: ({ signal }) =>
      apiCall(agentCalls.downline, { signal, query: { scope: 'direct', kind: 'agent', limit: 100 } }),
    enabled: memberId !== undefined,
  });

export const offerContract = (body: ContractOfferBody) => apiCall(agentContractCalls.offer, { body });

/** What the downline would have earned last period under these terms (reads only). */
export const contractPreviewQuery = (memberId: number | undefined, body: ContractOfferBody | null) =>
  queryOptions({
    queryKey: ['contracts', 'preview', memberId, body] as const,
    queryFn: ({ signal }) => apiCall(agentContractCalls.preview, { signal, body: body! }),
    enabled: memberId !== undefined && body !== null,
    staleTime: 60_000,
    retry: false,
  });

export type ContractAction = 'accept' | 'reject' | 'terminate' | 'confirm' | 'keep';

/** One answer to a contract; resolves when the gateway took it (the lists are re-read after). */
export const contractAction = async (
  action: ContractAction,
  contractId: number,
  confirm?: boolean,
): Promise<void> => {
  switch (action) {
    case 'accept':
      await apiCall(agentContractCalls.accept, { body: confirm ? { contractId, confirm } : { contractId } });
      return;
    case 'reject':
      await apiCall(agentContractCalls.reject, { body: { contractId } });
      return;
    case 'terminate':
      await apiCall(agentContractCalls.requestTermination, { body: { contractId } });
      return;
    case 'confirm':
      await apiCall(agentContractCalls.confirmTermination, { body: { contractId } });
      return;
    case 'keep':
      await apiCall(agentContractCalls.keep, { body: { contractId } });
      return;
  }
};
