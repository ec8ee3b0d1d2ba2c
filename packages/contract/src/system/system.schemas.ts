import { z } from 'zod';
import { CS_TYPES, RESOURCE_TYPES } from '../enums.ts';

export const languageQuerySchema = z.enum(['PT', 'EN']);

/** GET /wps/system/status */
export const systemStatusSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region restricted. */
  systemStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Present in maintenance: when it is expected to end (ISO-8601 UTC), if known. */
  maintenance: z.object({ endTime: z.string().datetime().nullable() }).nullable(),
  /** The visitor as the gateway sees them. */
  location: z.object({ ip: z.string(), countryCode: z.string().length(2).nullable() }),
});
export type SystemStatusValue = z.infer<typeof systemStatusSchema>;

/**
 * White-label flags (spec section 3). Keys ending in 3 are the original gateway's feature keys.
 */
export const whitelabelSchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  /** Registration by mobile number. */
  MOBILENUMREG3: z.boolean(),
  /** SMS verification code required at registration. */
  REGMOBVERF3: z.boolean(),
  /** Mobile registration also asks a password. */
  MOBREGPASS3: z.boolean(),
  /** Free play (trial accounts). */
  FREEPLAY3: z.boolean(),
  /** Password reset by phone. */
  CHNGPASSVERIF3: z.boolean(),
  /** Registration by username. */
  USERNAMEREG3: z.boolean(),
  /** Login with a mobile verification code. */
  MOBCODELOGIN3: z.boolean(),
  /** Password policy: forced change when expired or default. */
  PWDEXPIRY3: z.boolean(),
  /** Agent policy: consolidated contract data is fetched. */
  AGENTPOLICY3: z.boolean(),
  hasMerchantWallet: z.boolean(),
  vip: z.object({ enabled: z.boolean(), labelName: z.string() }),
  referral: z.object({ enabled: z.boolean() }),
  socialLogin: z.object({ facebook: z.boolean(), google: z.boolean() }),
  contracts: z.object({
    dividend: z.boolean(),
    dailySalary: z.boolean(),
    hourlySalary: z.boolean(),
    realtimeSalary: z.boolean(),
  }),
});
export type Whitelabel = z.infer<typeof whitelabelSchema>;

export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
  'nickname',
  'birthday',
  'zalo',
  'telegram',
  'address',
  'nationality',
  'placeOfBirth',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const registerFieldSettingSchema = z.object({
  name: z.enum(REGISTER_FIELDS),
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.number().int().min(0),
  /** Regular-expression source; '*' means anything. */
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegisterFieldSetting = z.infer<typeof registerFieldSettingSchema>;
export const registerSettingsSchema = z.array(registerFieldSettingSchema);

export const domainRouteSchema = z.object({
  domain: z.string(),
  /** MEMBER site, AGENT landing, or APP download page. */
  type: z.enum(['MEMBER', 'AGENT', 'APP']),
  affiliateCode: z.string().nullable(),
});
export const domainRoutesSchema = z.array(domainRouteSchema);

export const resourceSchema = z.object({
  resourceType: z.enum(RESOURCE_TYPES),
  url: z.string().url(),
  labelNameEn: z.string(),
});
export const resourcesSchema = z.array(resourceSchema);
export type Resource = z.infer<typeof resourceSchema>;

export const customerServiceSchema = z.object({
  csType: z.enum(CS_TYPES),
  label: z.string(),
  /** Encrypted: see decryptCustomerServicePath. */
  path: z.string(),
});
export const customerServicesSchema = z.array(customerServiceSchema);
export type CustomerService = z.infer<typeof customerServiceSchema>;

export const helpCenterQuerySchema = z.object({
  lang: languageQuerySchema.default('PT'),
  device: z.enum(['WEB', 'H5']).default('WEB'),
});
export const helpArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML written by the operator. */
  content: z.string(),
  sort: z.number().int(),
});
export const helpCenterSchema = z.array(helpArticleSchema);
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const countrySchema = z.object({
  countryCode: z.string().length(2),
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  name: z.string(),
});
export const countriesSchema = z.array(countrySchema);
export type Country = z.infer<typeof countrySchema>;

/** RSA public key (JWK) used to encrypt `enc` bodies as JWE RSA-OAEP-256 / A256GCM. */
export const publicKeySchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  use: z.literal('enc'),
  kid: z.string(),
});

/** CDN lists; the client picks imgUrl and startGameUrl at random, once per session. */
export const cdnSchema = z.object({
  imgUrls: z.array(z.string()).min(1),
  startGameUrls: z.array(z.string()).min(1),
  analyticsId: z.string().nullable(),
});
export type Cdn = z.infer<typeof cdnSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** GET /wps/system/startup and the start-up data inlined into index.html: what the first paint needs. */
export const startupSchema = z.object({
  status: systemStatusSchema,
  whitelabel: whitelabelSchema,
  cdn: cdnSchema,
  resources: resourcesSchema,
  customerServices: customerServicesSchema,
});
export type Startup = z.infer<typeof startupSchema>;
