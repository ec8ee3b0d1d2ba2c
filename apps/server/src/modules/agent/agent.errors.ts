import { AGENT_ERROR_STATUS, type AgentErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A refused agent-centre request (contract: agent/agent.errors.ts). */
export class AgentError extends DomainError<AgentErrorCode> {
  override name = 'AgentError';

  constructor(code: AgentErrorCode, value: unknown = null) {
    super(code, AGENT_ERROR_STATUS[code], value);
  }
}
