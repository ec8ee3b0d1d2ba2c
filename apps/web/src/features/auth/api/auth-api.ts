import {
  authRoutes,
  memberRoutes,
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
 * The issue-3 calls, straight from the contract's route definitions (method, path, enc, form). This
 * module loads only with the auth forms, so zod and the contract's schemas stay off the first route.
 */
export const login = (body: LoginBody) => apiCall(authRoutes.login, { body });
export const verifyLogin = (body: LoginVerificationBody) => apiCall(authRoutes.loginVerification, { body });
export const freePlay = () => apiCall(authRoutes.freePlay, { body: { os: osName(), platform: 'W' } });
export const logout = () => apiCall(authRoutes.logout);
export const fetchCaptcha = () => apiCall(authRoutes.captcha);
export const sendSmsCode = (purpose: 'noLogin' | 'register', body: SmsCodeBody) =>
  apiCall(purpose === 'register' ? authRoutes.smsRegister : authRoutes.smsNoLogin, { body });

export const register = (mode: 'username' | 'mobile', body: RegisterBody) =>
  apiCall(mode === 'mobile' ? memberRoutes.registerMobile : memberRoutes.register, { body });
export const checkAffiliate = (code: string) =>
  apiCall(memberRoutes.affiliate, { query: { code, domain: location.hostname } });
export const changePassword = (body: {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}) => apiCall(memberRoutes.changePassword, { body });
export const forgotPasswordByEmail = (body: { username: string; email: string }) =>
  apiCall(memberRoutes.forgotPasswordEmail, { body });
export const resetPasswordByPhone = (body: ResetPasswordByPhoneBody) =>
  apiCall(memberRoutes.resetPasswordByPhone, { body });
export const memberInfo = () => apiCall(memberRoutes.info);

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
