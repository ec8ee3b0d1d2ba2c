import { z } from 'zod';
import { REGISTER_FIELDS, registerSettingsSchema, whitelabelSchema } from './system.schemas.ts';

/** The white-label flags an operator may switch (issue 23 item 7), beside the site's name; the rest of
 *  the merchant (code, currency) is set up once. */
export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBREGPASS3',
  'FREEPLAY3',
  'CHNGPASSVERIF3',
  'MOBCODELOGIN3',
  'PWDEXPIRY3',
  'AGENTPOLICY3',
  'vipEnabled',
  'referralEnabled',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

const reason = z.string().trim().min(3).max(500).optional();

export const platformSettingsSchema = z.strictObject({
  whitelabel: whitelabelSchema,
  registerFields: registerSettingsSchema,
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** The site's name as members see it (page titles, the header, SMS and e-mail texts). */
export const siteNameSchema = z.string().trim().min(2).max(40);

/**
 * PUT /ops/system/whitelabel-flags: any subset of the flags (at least one when `flags` is sent) and
 * the site's name: at least one of the two.
 */
export const setWhitelabelFlagsBodySchema = z
  .strictObject({
    flags: z
      .strictObject(
        Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean().optional()])) as {
          [K in WhitelabelFlag]: z.ZodOptional<z.ZodBoolean>;
        },
      )
      .refine((f) => Object.keys(f).length > 0, { message: 'at least one flag' })
      .optional(),
    siteName: siteNameSchema.optional(),
    reason,
  })
  .refine((b) => b.flags !== undefined || b.siteName !== undefined, {
    message: 'a flag or the site name',
    path: ['flags'],
  });
export type SetWhitelabelFlagsBody = z.infer<typeof setWhitelabelFlagsBodySchema>;

/** PUT /ops/system/register-fields: the fields to change (patterns stay as set up). */
export const setRegisterFieldsBodySchema = z.strictObject({
  fields: z
    .array(
      z
        .strictObject({
          name: z.enum(REGISTER_FIELDS),
          enabled: z.boolean(),
          required: z.boolean(),
          minLength: z.number().int().min(0).max(128),
          maxLength: z.number().int().min(1).max(128),
        })
        .refine((f) => f.minLength <= f.maxLength, {
          message: 'minLength above maxLength',
          path: ['minLength'],
        })
        .refine((f) => f.enabled || !f.required, {
          message: 'a hidden field cannot be required',
          path: ['required'],
        }),
    )
    .min(1)
    .max(REGISTER_FIELDS.length)
    .refine((fs) => new Set(fs.map((f) => f.name)).size === fs.length, { message: 'a field named twice' }),
  reason,
});
export type SetRegisterFieldsBody = z.infer<typeof setRegisterFieldsBodySchema>;
