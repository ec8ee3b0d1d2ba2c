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
