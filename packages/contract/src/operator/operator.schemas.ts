import { queryId, queryInteger } from '../query-number.ts';
import { z } from 'zod';

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
  /** ISO 3166-1 alpha-2 country codes whose visitors are refused. */
  blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
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

// --- named operators (issue 9, operator money API) ---------------------------------------------

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
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
});
export type Operator = z.infer<typeof operatorSchema>;

export const operatorLoginValueSchema = z.strictObject({
  /** Opaque bearer token for the /ops calls (Authorization: Bearer <token>). */
  token: z.string(),
  /** Absolute end of the session (ISO-8601 UTC); it also ends after 30 idle minutes. */
  expiresAt: z.string().datetime(),
  operator: operatorSchema,
});

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
