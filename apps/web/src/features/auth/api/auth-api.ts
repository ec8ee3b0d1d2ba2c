import { authCalls, memberCalls } from '@banca/contract/routes';
import {
  secondVerificationValueSchema,
  type LoginBody,
  type LoginVerificationBody,
  type RegisterBody,
  type ResetPasswordByPhoneBody,
  type SecondVerificationValue,
  type SmsCodeBody,
} from '@banca/contract';
import { apiCall, isApiError } from '@/api';

/**
 * The issue-3 calls, through the contract's light route table (method, path, enc, form). This module
 * loads only with the auth forms, so the one schema it parses with (the second-verification
 * challenge), and zod with it, stay off the first route.
 */
export const login = (body: LoginBody) => apiCall(authCalls.login, { body });
export const verifyLogin = (body: LoginVerificationBody) => apiCall(authCalls.loginVerification, { body });
export const freePlay = () => apiCall(authCalls.freePlay, { body: { os: osName(), platform: 'W' } });
export const logout = () => apiCall(authCalls.logout);
export const fetchCaptcha = () => apiCall(authCalls.captcha);
export const sendSmsCode = (purpose: 'noLogin' | 'register', body: SmsCodeBody) =>
  apiCall(purpose === 'register' ? authCalls.smsRegister : authCalls.smsNoLogin, { body });

export const register = (mode: 'username' | 'mobile', body: RegisterBody) =>
  apiCall(mode === 'mobile' ? memberCalls.registerMobile : memberCalls.register, { body });
/** Whether this address may register now (429 too_many_requests, with the wait, when not). */
export const registerCheck = () => apiCall(memberCalls.registerCheck);
export const checkAffiliate = (code: string) =>
  apiCall(memberCalls.affiliate, { query: { code, domain: location.hostname } });
export const changePassword = (body: {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}) => apiCall(memberCalls.changePassword, { body });
export const forgotPasswordByEmail = (body: { username: string; email: string }) =>
  apiCall(memberCalls.forgotPasswordEmail, { body });
export const resetPasswordByPhone = (body: ResetPasswordByPhoneBody) =>
  apiCall(memberCalls.resetPasswordByPhone, { body });
export const memberInfo = () => apiCall(memberCalls.info);

/** The challenge of a login from a new IP, when that is what the error says. */
export const secondVerificationOf = (error: unknown): SecondVerificationValue | null => {
  if (!isApiError(error) || error.code !== 'second_verification_required') return null;
  const parsed = secondVerificationValueSchema.safeParse(error.value);
  return parsed.success ? parsed.data : null;
};

/** Whether a failed login asks for the captcha before the next attempt (value.captcha). */
export const captchaRequested = (error: unknown): boolean =>
  isApiError(error) && (error.value as { captcha?: unknown } | null)?.captcha === true;

const osName = (): string => {
  const ua = navigator.userAgent;
  if (/Android/i.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Mac OS/i.test(ua)) return 'macOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Other';
};
