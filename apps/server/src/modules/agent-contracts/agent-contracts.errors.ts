import {
  AGENT_CONTRACT_ERROR_STATUS,
  AGENT_ERROR_STATUS,
  type AgentContractErrorCode,
} from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

type Code = AgentContractErrorCode | 'downline_not_found';
const STATUS: Record<Code, number> = {
  ...AGENT_CONTRACT_ERROR_STATUS,
  downline_not_found: AGENT_ERROR_STATUS.downline_not_found,
};

/** A refused contract request (contract: agent/contract.errors.ts; downline_not_found from agent.errors.ts). */
export class AgentContractError extends DomainError<Code> {
  override name = 'AgentContractError';

  constructor(code: Code, value: unknown = null) {
    super(code, STATUS[code], value);
  }
}
