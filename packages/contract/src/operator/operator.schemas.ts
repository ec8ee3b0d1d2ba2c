import { queryId, queryInteger } from '../query-number.ts';
import { z } from 'zod';
import { isIsoCountryCode } from '../iso-countries.ts';
import { OPERATOR_ROLE_NAMES, OPS_PERMISSION_NAMES } from './operator-permissions.ts';

/** Maintenance and region-blocking settings an operator changes at run time, without a rebuild. */
export const maintenanceSettingSchema = z.object({
  enabled: z.boolean(),
  /** Expected end (ISO-8601 UTC), or null when unknown. */
  endTime: z.string().datetime().nullable(),
});
export type MaintenanceSetting = z.infer<typeof maintenanceSettingSchema>;

const cidr = z
  .string()
  .max(64)
  .regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, 'CIDR such as 203.0.113.0/24 or 2001:db8::/32');

export const regionSettingSchema = z.object({
  /** ISO 3166-1 alpha-2 country codes whose visitors are refused (assigned codes only, each once). */
  blockedCountries: z
    .array(
      z
        .string()
        .regex(/^[A-Z]{2}$/)
        .refine(isIsoCountryCode, { message: 'not an ISO 3166-1 country code' }),
    )
    .max(250)
    .refine((codes) => new Set(codes).size === codes.length, { message: 'a country listed twice' }),
  /** IP ranges (CIDR) whose visitors are refused. */
  blockedIpRanges: z.array(cidr).max(1000),
  /** IP ranges always allowed, even inside a blocked country or range (office, monitoring). */
  allowedIpRanges: z.array(cidr).max(1000),
});
export type RegionSetting = z.infer<typeof regionSettingSchema>;

export const statusSettingsSchema = z.object({
  maintenance: maintenanceSettingSchema,
  region: regionSettingSchema,
});
export type StatusSettings = z.infer<typeof statusSettingsSchema>;

// --- named operators (issue 9, operator money API; roles and 2FA: issue 23) ----------------------

export const OPERATOR_ROLES = OPERATOR_ROLE_NAMES;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRoleName = z.infer<typeof operatorRoleSchema>;

/** Lower-case login names: letters, digits, dot, dash and underscore. */
export const operatorUsernameSchema = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, 'lower-case letters, digits, . _ -');
/** Operators hold money powers: a long password, bounded so argon2 cannot be abused. */
export const OPERATOR_PASSWORD_MIN = 12;
export const operatorPasswordSchema = z.string().min(OPERATOR_PASSWORD_MIN).max(128);

/** POST /ops/session/login */
export const operatorLoginBodySchema = z.strictObject({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const operatorSchema = z.strictObject({
  id: z.number().int().positive(),
  username: z.string(),
  role: operatorRoleSchema,
  status: z.enum(['ACTIVE', 'DISABLED']),
  createdAt: z.string().datetime(),
  createdBy: z.string(),
  /** Whether the operator has set up its authenticator app (done at its first login). */
  totpEnrolled: z.boolean(),
  /** CIDRs the operator may log in and call from; empty: anywhere. */
  ipAllowList: z.array(z.string()),
  /** The list only (GET /ops/operators): when its newest session started; null: never logged in. */
  lastLoginAt: z.string().datetime().nullable().optional(),
});
export type Operator = z.infer<typeof operatorSchema>;

/**
 * POST /ops/session/login answers the second step, never a session: every role logs in with a TOTP
 * code (RFC 6238). `enrol` (first login): `enrolment` carries the new secret and its otpauth:// URI
 * (the QR code); the first good code confirms it. The challenge lives 5 minutes and takes 5 codes.
 */
export const operatorLoginValueSchema = z.strictObject({
  step: z.enum(['totp', 'enrol']),
  /** Opaque; send it back with the code to POST /ops/session/totp. */
  challenge: z.string(),
  expiresAt: z.string().datetime(),
  enrolment: z
    .strictObject({
      /** Base32 secret, for typing into an app that cannot scan. */
      secret: z.string(),
      /** otpauth://totp/... for the QR code. */
      uri: z.string(),
    })
    .nullable(),
});
export type OperatorLoginValue = z.infer<typeof operatorLoginValueSchema>;

export const TOTP_CODE = /^\d{6}$/;
/** Recovery codes as shown: three groups of four lower-case letters and digits. */
export const RECOVERY_CODE = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/;

/**
 * POST /ops/session/totp: the code (or a one-time recovery code) for a challenge. `session: cookie`
 * (the back-office app) sets an httpOnly cookie and answers no token; `session: bearer` (scripts)
 * answers the token for `Authorization: Bearer`.
 */
export const operatorTotpBodySchema = z
  .strictObject({
    challenge: z.string().min(16).max(128),
    code: z.string().regex(TOTP_CODE, 'six digits').optional(),
    recoveryCode: z.string().trim().toLowerCase().regex(RECOVERY_CODE, 'xxxx-xxxx-xxxx').optional(),
    session: z.enum(['cookie', 'bearer']).default('cookie'),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'either code or recoveryCode',
    path: ['code'],
  });
export type OperatorTotpBody = z.infer<typeof operatorTotpBodySchema>;

export const opsPermissionSchema = z.enum(OPS_PERMISSION_NAMES as [string, ...string[]]);

export const operatorSessionValueSchema = z.strictObject({
  operator: operatorSchema,
  /** What the operator's role may do (the role matrix), for the app to show only that. */
  permissions: z.array(opsPermissionSchema),
  /** Absolute end of the session (ISO-8601 UTC); it also ends after 30 idle minutes. */
  expiresAt: z.string().datetime(),
  /** Only for `session: bearer`; null when the session is the httpOnly cookie. */
  token: z.string().nullable(),
  /** Only right after enrolment: ten one-time codes, shown this once (stored hashed). */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type OperatorSessionValue = z.infer<typeof operatorSessionValueSchema>;

/** GET /ops/session/me */
export const operatorMeSchema = z.strictObject({
  operator: operatorSchema,
  permissions: z.array(opsPermissionSchema),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/** POST /ops/operators (admin) */
export const createOperatorBodySchema = z.strictObject({
  username: operatorUsernameSchema,
  password: operatorPasswordSchema,
  role: operatorRoleSchema,
});

export const operatorListSchema = z.strictObject({ operators: z.array(operatorSchema) });

export const operatorIdParamsSchema = z.strictObject({
  id: queryId(),
});

/** PUT /ops/operators/:id/ip-allow-list (admin): the whole list; [] allows any address. */
export const ipAllowListBodySchema = z.strictObject({
  ranges: z.array(cidr).max(50),
  reason: z.string().trim().min(3).max(500),
});

/** GET /ops/audit (admin): filters and keyset paging (newest first; `before` is the last id seen). */
export const auditQuerySchema = z.strictObject({
  actor: z.string().min(1).max(64).optional(),
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.]{0,63}$/)
    .optional(),
  subjectType: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/)
    .optional(),
  subjectId: z.string().min(1).max(64).optional(),
  from: z.string().datetime().optional(),
  to: z.string().datetime().optional(),
  before: queryId().optional(),
  limit: queryInteger(1, 200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.strictObject({
  id: z.number().int().positive(),
  /** null for the OPERATOR_TOKEN bootstrap. */
  actorId: z.number().int().positive().nullable(),
  actor: z.string(),
  actorRole: operatorRoleSchema,
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  at: z.string().datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.strictObject({
  items: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().positive().nullable(),
});

/** A domain-event consumer's name as the dispatcher knows it: `module.purpose`, e.g. `reports.rollups`. */
const eventConsumerNameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}(\.[a-z][a-z0-9-]{0,31}){1,3}$/);

/** A consumer's partition whose head event is failing and being retried (before it is dead-lettered). */
export const eventRetrySchema = z.strictObject({
  partition: z.number().int().nonnegative(),
  /** Failed tries of the head event so far. */
  attempts: z.number().int().positive(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().datetime(),
});

export const eventConsumerStateSchema = z.strictObject({
  consumer: eventConsumerNameSchema,
  /** Age in seconds of the oldest event it has not handled yet; 0 when caught up. */
  lagSeconds: z.number().nonnegative(),
  /** Events it gave up on and nobody has re-driven yet. */
  deadLetters: z.number().int().nonnegative(),
  /** Events it has been asked to run again and has not yet. */
  redriving: z.number().int().nonnegative(),
  retrying: z.array(eventRetrySchema),
});
export type EventConsumerState = z.infer<typeof eventConsumerStateSchema>;

export const deadLetterStatusSchema = z.enum(['dead', 'redrive', 'redriven']);

export const deadLetterSchema = z.strictObject({
  consumer: eventConsumerNameSchema,
  eventId: z.number().int().positive(),
  /** The event's name, e.g. `games.round-settled`. */
  event: z.string(),
  /** Its ordering key (usually a member id). */
  key: z.string(),
  recordedAt: z.string().datetime(),
  status: deadLetterStatusSchema,
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  deadAt: z.string().datetime(),
  /** When a re-drive succeeded. */
  resolvedAt: z.string().datetime().nullable(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** GET /ops/system/events (admin): every consumer's state and the latest dead letters. */
export const eventConsumersSchema = z.strictObject({
  consumers: z.array(eventConsumerStateSchema),
  /** Not yet re-driven first (dead, then asked for), then the latest re-driven; at most 200. */
  deadLetters: z.array(deadLetterSchema),
});
export type EventConsumers = z.infer<typeof eventConsumersSchema>;

/**
 * POST /ops/system/events/redrive (admin; audited): run a consumer's dead letters again, the listed
 * ones or, without `eventIds`, all of them. The next dispatcher pass runs them.
 */
export const redriveEventsBodySchema = z.strictObject({
  consumer: eventConsumerNameSchema,
  eventIds: z.array(z.number().int().positive()).min(1).max(200).optional(),
  reason: z.string().trim().min(3).max(500),
});
export type RedriveEventsBody = z.infer<typeof redriveEventsBodySchema>;

export const redriveEventsValueSchema = z.strictObject({
  consumer: eventConsumerNameSchema,
  /** Dead letters now waiting for the next pass. */
  requested: z.number().int().nonnegative(),
});
export type RedriveEventsValue = z.infer<typeof redriveEventsValueSchema>;
