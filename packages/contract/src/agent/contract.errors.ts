/**
 * Error codes of agent contracts. Same shape as agent.errors.ts; composed into ERROR_CATALOGUE.
 * A contract the caller is neither upline nor downline of answers contract_not_found exactly as a
 * missing one does (BOLA).
 */
export const AGENT_CONTRACT_ERROR_STATUS = {
  /** No such contract of the caller's (missing, or someone else's: the same answer). */
  contract_not_found: 404,
  /** The contract is not in a state that allows this step; value.status. */
  contract_state: 409,
  /** An offered, active or termination-requested contract of this kind and product already binds the pair. */
  contract_exists: 409,
  /** A tier's rate exceeds what the offering agent may grant; value.maxRateBp / value.maxFixed. */
  contract_rate_above_cap: 409,
  /** The downline already grants a higher rate to its own downline; value.contracts (confirm to end them). */
  contract_downline_rate_higher: 409,
  /** The operator has not enabled this kind of contract. */
  contract_kind_disabled: 403,
  /** Contracts are offered to agents only. */
  contract_downline_not_agent: 409,
  /** A settlement re-run for a period that has not ended yet (the back office's re-run). */
  contract_period_open: 409,
} as const;

export type AgentContractErrorCode = keyof typeof AGENT_CONTRACT_ERROR_STATUS;

export const AGENT_CONTRACT_ERROR_MESSAGES: Record<AgentContractErrorCode, { PT: string; EN: string }> = {
  contract_not_found: { PT: 'Contrato não encontrado.', EN: 'No such contract.' },
  contract_state: {
    PT: 'O contrato não permite esta ação no estado atual.',
    EN: 'The contract does not allow this in its current state.',
  },
  contract_exists: {
    PT: 'Já existe um contrato deste tipo e produto com este membro.',
    EN: 'A contract of this kind and product already exists with this member.',
  },
  contract_rate_above_cap: {
    PT: 'A taxa oferecida excede o seu limite.',
    EN: 'The offered rate exceeds your limit.',
  },
  contract_downline_rate_higher: {
    PT: 'Você concede uma taxa maior à sua equipe; confirme para encerrar esses contratos.',
    EN: 'You grant a higher rate to your downline; confirm to terminate those contracts.',
  },
  contract_kind_disabled: {
    PT: 'Este tipo de contrato não está ativo.',
    EN: 'This kind of contract is not enabled.',
  },
  contract_downline_not_agent: {
    PT: 'Contratos só podem ser oferecidos a agentes.',
    EN: 'Contracts can only be offered to agents.',
  },
  contract_period_open: {
    PT: 'Este período ainda não terminou.',
    EN: 'This period has not ended yet.',
  },
};
