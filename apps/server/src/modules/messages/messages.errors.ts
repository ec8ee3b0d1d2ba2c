import { MESSAGES_ERROR_STATUS, type MessagesErrorCode } from '@banca/contract';
import { DomainError } from '../../platform/http/app-error.ts';

/** A refused messages call, with its contract code and status (contract messages.errors.ts). */
export class MessagesError extends DomainError<MessagesErrorCode> {
  override name = 'MessagesError';

  constructor(code: MessagesErrorCode, value: unknown = null) {
    super(code, MESSAGES_ERROR_STATUS[code], value);
  }
}
