import type { Language } from './constants.ts';

/**
 * Stable machine error codes and the HTTP status each maps to (ARCHITECTURE.md section 2). Where the
 * spec has a message key the code is that key (in_need_true_account, inconsistent_twice, ...).
 */
export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  enc_required: 400,
  enc_invalid: 400,
  not_logged_in: 401,
  token_expired: 401,
  forbidden: 403,
  in_need_true_account: 403,
  region_blocked: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_many_requests: 429,
  system_maintenance: 503,
  /** A dependency (the database) is not answering: readiness is off. */
  unavailable: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS;

/** Localised default messages for each code, by language. The server answers these in `message`. */
export const ERROR_MESSAGES: Record<ErrorCode, { PT: string; EN: string }> = {
  invalid_input: { PT: 'Dados inválidos.', EN: 'Invalid input.' },
  invalid_json: {
    PT: 'O corpo da solicitação não é um JSON válido.',
    EN: 'The request body is not valid JSON.',
  },
  unsupported_media_type: { PT: 'Tipo de conteúdo não suportado.', EN: 'Unsupported content type.' },
  payload_too_large: { PT: 'A solicitação é grande demais.', EN: 'The request is too large.' },
  enc_required: { PT: 'Esta solicitação deve ser criptografada.', EN: 'This request must be encrypted.' },
  enc_invalid: {
    PT: 'Não foi possível descriptografar a solicitação.',
    EN: 'The request could not be decrypted.',
  },
  not_logged_in: { PT: 'Você não está conectado. Faça login.', EN: 'Not logged in, please log in.' },
  token_expired: {
    PT: 'Sua sessão expirou. Faça login novamente.',
    EN: 'Your session has expired, please log in.',
  },
  forbidden: { PT: 'Sem permissão.', EN: 'Not allowed.' },
  in_need_true_account: {
    PT: 'Contas de teste não podem usar esta função. Cadastre uma conta real.',
    EN: 'Trial accounts cannot use this feature. Register a real account.',
  },
  region_blocked: {
    PT: 'Acesso restrito pela sua localização ou IP.',
    EN: 'Access restricted by location or IP.',
  },
  not_found: { PT: 'Não encontrado.', EN: 'Not found.' },
  method_not_allowed: { PT: 'Método não permitido.', EN: 'Method not allowed.' },
  conflict: { PT: 'Conflito com o estado atual.', EN: 'Conflict with the current state.' },
  too_many_requests: {
    PT: 'Muitas solicitações. Tente novamente em 5 minutos.',
    EN: 'Too many requests, retry after 5 minutes.',
  },
  system_maintenance: { PT: 'Sistema em manutenção.', EN: 'System maintenance.' },
  unavailable: { PT: 'Serviço indisponível no momento.', EN: 'Service unavailable right now.' },
  internal_error: { PT: 'Erro desconhecido.', EN: 'Unknown error.' },
};

/**
 * The too_many_requests message with the real wait in it. The spec's wording names 5 minutes (the SMS
 * window); other limits ask for other waits, and the message must not promise a time that is wrong.
 */
export function retryAfterMessage(seconds: number, lang: Language): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} ${lang === 'PT' ? 'segundos' : 'seconds'}`
      : `${minutes} ${lang === 'PT' ? (minutes === 1 ? 'minuto' : 'minutos') : minutes === 1 ? 'minute' : 'minutes'}`;
  return lang === 'PT'
    ? `Muitas solicitações. Tente novamente em ${wait}.`
    : `Too many requests, retry after ${wait}.`;
}
