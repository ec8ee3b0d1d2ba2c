/**
 * Error codes of the agent centre. Same shape as wallet.errors.ts; composed into ERROR_CATALOGUE.
 * A member outside the caller's tree answers downline_not_found exactly as a missing one does (BOLA).
 */
export const AGENT_ERROR_STATUS = {
  /** No such member in the caller's downline (missing, or someone else's: the same answer). */
  downline_not_found: 404,
  /** The agent holds AGENT_INVITATION_MAX invitation codes already; value.max. */
  invitation_limit: 409,
} as const;

export type AgentErrorCode = keyof typeof AGENT_ERROR_STATUS;

export const AGENT_ERROR_MESSAGES: Record<AgentErrorCode, { PT: string; EN: string }> = {
  downline_not_found: {
    PT: 'Membro não encontrado na sua equipe.',
    EN: 'No such member in your team.',
  },
  invitation_limit: {
    PT: 'Limite de códigos de convite atingido.',
    EN: 'You have reached the invitation code limit.',
  },
};
