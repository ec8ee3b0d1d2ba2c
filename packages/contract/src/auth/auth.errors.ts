/**
 * Error codes of accounts and sessions (issue 3), in the same shape as ../errors.ts: a stable machine
 * key, the HTTP status it maps to, and PT/EN messages. Kept apart so the base catalogue stays small;
 * `authErrorStatus` and `authErrorMessage` look up either catalogue.
 *
 * Status choices: a wrong password is 400, not 401, because 401 means "no or expired token" to the
 * client, which then drops its session; a failed login must not look like that.
 */
import { ERROR_MESSAGES, ERROR_STATUS, isErrorCode, type ErrorCode } from '../errors.ts';

export const AUTH_ERROR_STATUS = {
  /** Wrong account or password. Never says which, nor whether the account exists. */
  invalid_credentials: 400,
  /** A captcha is needed before another attempt (value { captcha: true }). */
  captcha_required: 400,
  /** The captcha answer was wrong, expired or already used (value { captcha: true }). */
  captcha_invalid: 400,
  sms_code_invalid: 400,
  email_code_invalid: 400,
  /** A second-verification challenge that is unknown, expired, used or out of attempts. */
  verification_expired: 400,
  account_exists: 409,
  mobile_exists: 409,
  /** Confirmation differs from the password (spec message key). */
  inconsistent_twice: 400,
  /** The new password does not satisfy the merchant's password rule. */
  password_policy: 400,
  old_password_invalid: 400,
  /** Login from an IP not seen for this member: a second step is needed (value: the challenge). */
  second_verification_required: 403,
  /** Agent-centre login by a non-agent. */
  agent_only: 403,
  /** The account may not log in here (disabled, or a kind that has no password login). */
  non_member_login: 403,
  affiliate_invalid: 400,
  /** A white-label feature that is switched off for this merchant (spec: "function not enabled"). */
  feature_disabled: 403,
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_STATUS;
export const AUTH_ERROR_CODES = Object.keys(AUTH_ERROR_STATUS) as AuthErrorCode[];
export const isAuthErrorCode = (code: string): code is AuthErrorCode => code in AUTH_ERROR_STATUS;

export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, { PT: string; EN: string }> = {
  invalid_credentials: { PT: 'Conta ou senha incorreta.', EN: 'Incorrect account or password.' },
  captcha_required: { PT: 'Digite o captcha.', EN: 'Please enter the captcha.' },
  captcha_invalid: { PT: 'Captcha incorreto ou expirado.', EN: 'Incorrect or expired captcha.' },
  sms_code_invalid: {
    PT: 'Código de verificação inválido ou expirado.',
    EN: 'Verification code invalid or expired.',
  },
  email_code_invalid: {
    PT: 'Código enviado por e-mail inválido ou expirado.',
    EN: 'E-mail code invalid or expired.',
  },
  verification_expired: {
    PT: 'A verificação expirou, faça login novamente.',
    EN: 'The verification has expired, please log in again.',
  },
  account_exists: { PT: 'Esta conta já existe.', EN: 'This account already exists.' },
  mobile_exists: {
    PT: 'Este número de celular já está cadastrado.',
    EN: 'This mobile number is already registered.',
  },
  inconsistent_twice: { PT: 'As senhas não coincidem.', EN: 'The passwords do not match.' },
  password_policy: { PT: 'A senha não atende às regras.', EN: 'The password does not meet the rules.' },
  old_password_invalid: { PT: 'A senha atual está incorreta.', EN: 'The current password is incorrect.' },
  second_verification_required: {
    PT: 'Login a partir de um novo IP: conclua a verificação primeiro.',
    EN: 'Login from a new IP: complete verification first.',
  },
  agent_only: { PT: 'Somente agentes podem entrar aqui.', EN: 'Non-agents cannot log in.' },
  non_member_login: {
    PT: 'Esta conta não pode entrar como membro. Fale com o seu agente.',
    EN: 'Non-member account unable to login, please contact your agent.',
  },
  affiliate_invalid: { PT: 'Código de convite inválido.', EN: 'Invalid invitation code.' },
  feature_disabled: { PT: 'Função não ativada.', EN: 'Function not enabled.' },
};

/** Any code the gateway answers: the base catalogue or this one. */
export type GatewayErrorCode = ErrorCode | AuthErrorCode;

export const authErrorStatus = (code: GatewayErrorCode): number =>
  isErrorCode(code) ? ERROR_STATUS[code] : AUTH_ERROR_STATUS[code];

export const authErrorMessage = (code: GatewayErrorCode, lang: 'PT' | 'EN'): string =>
  isErrorCode(code) ? ERROR_MESSAGES[code][lang] : AUTH_ERROR_MESSAGES[code][lang];
