/**
 * Error codes of the back office's login and access (issue 23). Same shape as ../errors.ts; composed
 * into ERROR_CATALOGUE.
 */
export const OPERATOR_ERROR_STATUS = {
  /** The second-factor code is wrong, already used (same 30 s step) or too old; never says which. */
  totp_invalid: 400,
  /** The login step between password and code is unknown, expired, used or out of attempts. */
  login_challenge_invalid: 400,
  /** The operator's IP allow-list does not include the caller's address. */
  ip_not_allowed: 403,
  /** A state-changing call carrying the back-office cookie came from another site (CSRF refused). */
  cross_site_refused: 403,
  /** No member with this id (of this merchant). */
  member_not_found: 404,
  /** Lock of a locked member, unlock of an active one: nothing changed. */
  member_status_unchanged: 409,
  /** A trial (free play) account: the member desk's actions do not apply. */
  member_is_trial: 409,
  /** Reset password: the member has neither a mobile nor an e-mail to send it to. */
  member_no_channel: 409,
  // Back-office content and catalogue (branch catalogue).
  /** No help-centre article with this id. */
  help_article_not_found: 404,
  /** Another article of the same language already has this slug. */
  help_article_slug_taken: 409,
  /** No customer-service entry with this id. */
  customer_service_not_found: 404,
  /** Another entry of the same kind already has this label. */
  customer_service_label_taken: 409,
  /** A reorder that does not name every entry exactly once, or a new entry past the limit. */
  customer_service_list_conflict: 409,
  /** No banner with this id. */
  banner_not_found: 404,
  /** No announcement with this id. */
  announcement_not_found: 404,
  /** A banner or announcement reorder that does not name every one exactly once, or one past the limit. */
  content_list_conflict: 409,
  /** The catalogue import file does not validate (the answer lists the rows at fault). */
  catalogue_file_invalid: 400,
  // Domain-event consumers (issue 22: what the dead-letter alert asks the operator to do).
  /** No domain-event consumer of this name runs on this gateway. */
  event_consumer_not_found: 404,
  /** A re-drive that names no dead letter of the consumer (none left, or already asked for). */
  dead_letters_none: 409,
} as const;

export type OperatorErrorCode = keyof typeof OPERATOR_ERROR_STATUS;

export const OPERATOR_ERROR_MESSAGES: Record<OperatorErrorCode, { PT: string; EN: string }> = {
  totp_invalid: {
    PT: 'Código de verificação inválido ou já usado. Use o código atual do seu aplicativo.',
    EN: 'Invalid or already used verification code. Use the current code from your app.',
  },
  login_challenge_invalid: {
    PT: 'A etapa de login expirou. Entre com a senha novamente.',
    EN: 'The login step has expired. Enter your password again.',
  },
  ip_not_allowed: {
    PT: 'Este endereço IP não está autorizado para este operador.',
    EN: 'This IP address is not allowed for this operator.',
  },
  cross_site_refused: {
    PT: 'Solicitação de outro site recusada.',
    EN: 'Request from another site refused.',
  },
  member_not_found: { PT: 'Membro não encontrado.', EN: 'Member not found.' },
  member_status_unchanged: {
    PT: 'O membro já está nesse estado.',
    EN: 'The member is already in that state.',
  },
  member_is_trial: {
    PT: 'Conta de teste: ação não disponível.',
    EN: 'Trial account: action not available.',
  },
  member_no_channel: {
    PT: 'O membro não tem celular nem e-mail cadastrado.',
    EN: 'The member has no mobile number or e-mail on file.',
  },
  help_article_not_found: { PT: 'Artigo de ajuda não encontrado.', EN: 'Help article not found.' },
  help_article_slug_taken: {
    PT: 'Já existe um artigo com este identificador neste idioma.',
    EN: 'An article with this slug already exists in this language.',
  },
  customer_service_not_found: {
    PT: 'Canal de atendimento não encontrado.',
    EN: 'Customer-service entry not found.',
  },
  customer_service_label_taken: {
    PT: 'Já existe um canal deste tipo com este nome.',
    EN: 'An entry of this kind with this label already exists.',
  },
  customer_service_list_conflict: {
    PT: 'A lista de canais mudou ou está cheia. Recarregue e tente de novo.',
    EN: 'The list of entries changed or is full. Reload and try again.',
  },
  banner_not_found: { PT: 'Banner não encontrado.', EN: 'Banner not found.' },
  announcement_not_found: { PT: 'Anúncio não encontrado.', EN: 'Announcement not found.' },
  content_list_conflict: {
    PT: 'A lista mudou ou está cheia. Recarregue e tente de novo.',
    EN: 'The list changed or is full. Reload and try again.',
  },
  catalogue_file_invalid: {
    PT: 'O arquivo do catálogo tem linhas inválidas.',
    EN: 'The catalogue file has invalid rows.',
  },
  event_consumer_not_found: {
    PT: 'Nenhum consumidor de eventos com este nome.',
    EN: 'No event consumer with this name.',
  },
  dead_letters_none: {
    PT: 'Nada para reprocessar: nenhum evento falho deste consumidor corresponde.',
    EN: 'Nothing to re-drive: no dead letter of this consumer matches.',
  },
};
