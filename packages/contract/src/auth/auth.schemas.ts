/**
 * Wire shapes of login, captcha, SMS codes, free play and logout (issue 3). Every string is bounded
 * and every object strict, so an oversized or unexpected body is refused at the edge before any rule
 * or query runs.
 */
import { z } from 'zod';
import { FIELD_RULES } from '../field-rules.ts';

/** Account names, mobile numbers (SMS login) and e-mail-like usernames fit in 64. */
export const accountSchema = z.string().trim().min(1).max(FIELD_RULES.account.maxLength);
/** Long enough for passphrases, short enough that hashing cannot be abused. */
export const passwordSchema = z.string().min(1).max(FIELD_RULES.password.maxLength);
/** National number without the dialing code. */
export const mobileNumSchema = z.string().regex(FIELD_RULES.mobileNum.pattern);
export const countryDialingCodeSchema = z.string().regex(FIELD_RULES.countryDialingCode.pattern);
/** SMS and e-mail codes: digits only. */
export const verificationCodeSchema = z.string().regex(FIELD_RULES.verificationCode.pattern);
export const captchaIdSchema = z.string().regex(FIELD_RULES.captchaId.pattern);
export const captchaAnswerSchema = z.string().trim().min(1).max(FIELD_RULES.captchaAnswer.maxLength);
/** A human-verification result (e.g. a reCAPTCHA token) passed through to the verifier. */
export const humanVerificationSchema = z.string().max(4096);
/** Opaque session token: 256 random bits in base64url. */
export const sessionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const LOGIN_TYPES = ['username', 'sms'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Where the login happens: the member site, or the agent centre which accepts agents only. */
export const LOGIN_PORTALS = ['MEMBER', 'AGENT'] as const;
export type LoginPortal = (typeof LOGIN_PORTALS)[number];

/** POST /wps/session/login (enc). For type 'sms', username is the mobile number and password the code. */
export const loginBodySchema = z.strictObject({
  username: accountSchema,
  password: passwordSchema,
  type: z.enum(LOGIN_TYPES).default('username'),
  captcha: captchaAnswerSchema.optional(),
  captchaId: captchaIdSchema.optional(),
  /** SMS login: the dialing code of the mobile number in username. */
  countryDialingCode: countryDialingCodeSchema.optional(),
  verification: humanVerificationSchema.optional(),
  portal: z.enum(LOGIN_PORTALS).default('MEMBER'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A successful login, registration, free play or phone reset. */
export const loginValueSchema = z.strictObject({
  /** This is the member's first login: the client runs its first-login action. */
  firstTimeLogin: z.boolean(),
  /** The password is temporary, default or expired (policy on): the change-password modal opens. */
  passwordExpired: z.boolean(),
  token: sessionTokenSchema,
});
export type LoginValue = z.infer<typeof loginValueSchema>;

/** `value` of a failed login (invalid_credentials, captcha_required, captcha_invalid): whether the
 *  client must show the captcha field and load an image before the next attempt. */
export const loginFailureValueSchema = z.strictObject({ captcha: z.boolean() });
export type LoginFailureValue = z.infer<typeof loginFailureValueSchema>;

export const VERIFICATION_CHANNELS = ['sms', 'email'] as const;
export type VerificationChannel = (typeof VERIFICATION_CHANNELS)[number];

/** `value` of second_verification_required: codes were sent to the listed channels. */
export const secondVerificationValueSchema = z.strictObject({
  challengeId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  channels: z.array(z.enum(VERIFICATION_CHANNELS)).min(1).max(2),
  /** e.g. "+55 *******4321", so the member knows where to look. */
  maskedMobile: z.string().max(32).nullable(),
  /** e.g. "j***@example.com". */
  maskedEmail: z.string().max(254).nullable(),
  expiredMinutes: z.number().int().positive(),
});
export type SecondVerificationValue = z.infer<typeof secondVerificationValueSchema>;

/** POST /wps/session/login/verification (enc): one code per channel of the challenge. */
export const loginVerificationBodySchema = z.strictObject({
  challengeId: secondVerificationValueSchema.shape.challengeId,
  smsCode: verificationCodeSchema.optional(),
  emailCode: verificationCodeSchema.optional(),
});
export type LoginVerificationBody = z.infer<typeof loginVerificationBodySchema>;

/** POST /wps/session/login/freeplay. The spec's os/platform travel in the body; the rest are headers. */
export const freePlayBodySchema = z.strictObject({
  os: z.string().max(32).optional(),
  platform: z.literal('W').optional(),
});
export type FreePlayBody = z.infer<typeof freePlayBodySchema>;

/** GET /wps/captcha */
export const captchaValueSchema = z.strictObject({
  captchaId: captchaIdSchema,
  /** data:image/svg+xml;base64,... */
  image: z.string().max(100_000).startsWith('data:image/svg+xml;base64,'),
});
export type CaptchaValue = z.infer<typeof captchaValueSchema>;

/** POST /wps/verification/sms/noLogin and /wps/verification/sms/register */
export const smsCodeBodySchema = z.strictObject({
  mobileNum: mobileNumSchema,
  countryDialingCode: countryDialingCodeSchema,
  verification: humanVerificationSchema.optional(),
});
export type SmsCodeBody = z.infer<typeof smsCodeBodySchema>;

/** expiredMinutes: the client disables "send" for expiredMinutes x 60 s (spec section 4). */
export const smsCodeValueSchema = z.strictObject({ expiredMinutes: z.number().int().positive() });
export type SmsCodeValue = z.infer<typeof smsCodeValueSchema>;
