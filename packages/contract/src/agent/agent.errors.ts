/**
 * Error codes of the agent centre. Same shape as wallet.errors.ts; composed into ERROR_CATALOGUE.
 * A member outside the caller's tree answers downline_not_found exactly as a missing one does (BOLA).
 */
export const AGENT_ERROR_STATUS = {
  /** No such member in the caller's downline (missing, or someone else's: the same answer). */
  downline_not_found: 404,
  /** The agent holds AGENT_INVITATION_MAX invitation codes already; value.max. */
  invitation_limit: 409,
  /** The operator does not let agents promote their downline (system setting). */
  promote_not_allowed: 403,
  /** The member is an agent already (or a trial account, which never becomes one). */
  promote_refused: 409,
  /** Back office: no such member (or a trial account) to move or show. */
  agent_member_not_found: 404,
  /** Back office: the new upline is missing, not an agent, the member itself or below it, or the same. */
  agent_move_refused: 409,
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
  promote_not_allowed: {
    PT: 'A promoção de membros a agente não está habilitada.',
    EN: 'Promoting members to agent is not enabled.',
  },
  promote_refused: {
    PT: 'Este membro não pode ser promovido a agente.',
    EN: 'This member cannot be promoted to agent.',
  },
  agent_member_not_found: {
    PT: 'Membro não encontrado.',
    EN: 'Member not found.',
  },
  agent_move_refused: {
    PT: 'Não é possível mover o membro para este superior.',
    EN: 'The member cannot be moved below this upline.',
  },
};
