import { z } from 'zod';
import { CS_TYPES } from '../enums.ts';
import { customerServiceLinkKind } from '../customer-service-path.ts';
import { queryId } from '../query-number.ts';

/**
 * Customer-service entries as operators manage them (issue 23 item 7, permission `content.manage`):
 * the channels the member site's customer-service buttons open. The link is stored encrypted like the
 * seeded ones (spec section 3) and shown to operators in clear.
 */
export const CUSTOMER_SERVICE_LABEL_MAX = 40;
/** At most this many entries per merchant (the site shows one button per channel kind). */
export const CUSTOMER_SERVICE_MAX_ENTRIES = 20;

const label = z.string().trim().min(1).max(CUSTOMER_SERVICE_LABEL_MAX);
const link = z
  .string()
  .trim()
  .refine((s) => customerServiceLinkKind(s) !== null, {
    message: 'a path on this site (/support), an http(s) address or a mailto: address',
  });
const reason = z.string().trim().min(3).max(500).optional();

/** An e-mail entry holds a mailto: address and nothing else does. */
const linkFitsType = (b: { csType?: string; path?: string }) =>
  b.csType === undefined ||
  b.path === undefined ||
  (customerServiceLinkKind(b.path) === 'mailto') === (b.csType === 'EMAIL');
const linkFitsTypeIssue = {
  message: 'an EMAIL entry takes a mailto: address, the others a page or web address',
  path: ['path'],
};

export const opsCustomerServiceSchema = z.strictObject({
  id: z.number().int().positive(),
  csType: z.enum(CS_TYPES),
  label: z.string(),
  /** The link in clear (the member site gets it encrypted). */
  path: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type OpsCustomerService = z.infer<typeof opsCustomerServiceSchema>;

export const opsCustomerServiceListSchema = z.strictObject({ entries: z.array(opsCustomerServiceSchema) });

export const createCustomerServiceBodySchema = z
  .strictObject({
    csType: z.enum(CS_TYPES),
    label,
    path: link,
    enabled: z.boolean().default(true),
    reason,
  })
  .refine(linkFitsType, linkFitsTypeIssue);
export type CreateCustomerServiceBody = z.infer<typeof createCustomerServiceBodySchema>;

/** Any subset (an empty change is refused); enabling and disabling are `enabled`. */
export const updateCustomerServiceBodySchema = z
  .strictObject({
    csType: z.enum(CS_TYPES).optional(),
    label: label.optional(),
    path: link.optional(),
    enabled: z.boolean().optional(),
    reason,
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), { message: 'nothing to change' })
  .refine(linkFitsType, linkFitsTypeIssue);
export type UpdateCustomerServiceBody = z.infer<typeof updateCustomerServiceBodySchema>;

/** The new order: every entry's id once, first shown first. */
export const reorderCustomerServiceBodySchema = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(CUSTOMER_SERVICE_MAX_ENTRIES)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'an entry named twice' }),
  reason,
});
export type ReorderCustomerServiceBody = z.infer<typeof reorderCustomerServiceBodySchema>;

export const customerServiceIdParamsSchema = z.strictObject({ id: queryId() });
export const deleteCustomerServiceQuerySchema = z.strictObject({ reason });
