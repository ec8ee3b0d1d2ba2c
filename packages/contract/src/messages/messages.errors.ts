/**
 * Error codes of platform messages, in the shape of ../errors.ts: a stable machine key, its HTTP
 * status and PT/EN messages. Composed into ERROR_CATALOGUE.
 */
export const MESSAGES_ERROR_STATUS = {
  /** No message with this id in the member's inbox (or, in the back office, none at all). */
  message_not_found: 404,
  /** The message was already withdrawn by an operator. */
  message_withdrawn: 409,
  /** A message to one member names a member that does not exist. */
  message_recipient_not_found: 404,
  /** No feedback with this id. */
  feedback_not_found: 404,
  /** The feedback was already answered. */
  feedback_answered: 409,
} as const;

export type MessagesErrorCode = keyof typeof MESSAGES_ERROR_STATUS;

export const MESSAGES_ERROR_MESSAGES: Record<MessagesErrorCode, { PT: string; EN: string }> = {
  message_not_found: { PT: 'Mensagem não encontrada.', EN: 'Message not found.' },
  message_withdrawn: { PT: 'Esta mensagem já foi retirada.', EN: 'This message was already withdrawn.' },
  message_recipient_not_found: {
    PT: 'Não há membro com este nome de usuário.',
    EN: 'There is no member with this username.',
  },
  feedback_not_found: { PT: 'Feedback não encontrado.', EN: 'Feedback not found.' },
  feedback_answered: { PT: 'Este feedback já foi respondido.', EN: 'This feedback was already answered.' },
};
