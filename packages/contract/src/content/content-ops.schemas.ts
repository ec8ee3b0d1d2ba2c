import { z } from 'zod';
import { customerServiceLinkKind } from '../customer-service-path.ts';
import { artPathSchema } from '../games/catalogue-ops.schemas.ts';
import { nodeIdSchema } from '../games/games.schemas.ts';
import { BANNER_GROUPS, LINKAGE_TYPES, POPUP_EXECUTIONS, type LinkageType } from './content.schemas.ts';

/**
 * Banners and announcements as operators manage them (issue 23, permission `content.manage`): the
 * rows MCSFE_getListAnnouncements serves. Images are same-origin paths, as the catalogue's artwork
 * (the CSP's "no external hosts" rule); announcement content is rich text, sanitised by the gateway
 * on save like help articles.
 */
export const CONTENT_TITLE_MAX = 120;
export const CONTENT_BODY_MAX = 5000;
/** At most this many banners, and this many announcements. */
export const CONTENT_MAX_ENTRIES = 100;
export const ANNOUNCEMENT_KINDS = ['PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

const PROMO_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether `linkage` fits a banner's `linkageType` (one rule for the form and the gateway): NONE
 * nothing; ROUTE a path of this site; URL an https address; GAME a game nodeId; PROMO a promotion id.
 */
export function bannerLinkageFits(type: LinkageType, linkage: string): boolean {
  switch (type) {
    case 'NONE':
      return linkage === '';
    case 'ROUTE':
      return customerServiceLinkKind(linkage) === 'site';
    case 'URL':
      return linkage.startsWith('https://') && customerServiceLinkKind(linkage) === 'web';
    case 'GAME':
      return nodeIdSchema.safeParse(linkage).success;
    case 'PROMO':
      return PROMO_ID.test(linkage);
  }
}

const title = z.string().trim().min(1).max(CONTENT_TITLE_MAX);
const body = z.string().trim().min(1).max(CONTENT_BODY_MAX);
const linkage = z.string().trim().max(500);
const reason = z.string().trim().min(3).max(500).optional();

const linkageFitsType = (b: { linkageType?: LinkageType; linkage?: string }) =>
  b.linkageType === undefined || b.linkage === undefined || bannerLinkageFits(b.linkageType, b.linkage);
const linkageFitsTypeIssue = {
  message: 'NONE takes no link, ROUTE a path (/promotions), URL an https address, GAME a nodeId, PROMO an id',
  path: ['linkage'],
};

export const opsBannerSchema = z.strictObject({
  id: z.string(),
  groupName: z.enum(BANNER_GROUPS),
  titlePT: z.string(),
  titleEN: z.string(),
  imageUrl: z.string(),
  /** The English site's image; null: imageUrl serves both languages. */
  imageUrlEN: z.string().nullable(),
  linkageType: z.enum(LINKAGE_TYPES),
  linkage: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type OpsBanner = z.infer<typeof opsBannerSchema>;

export const opsAnnouncementSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  titlePT: z.string(),
  titleEN: z.string(),
  /** Sanitised rich text (p, h2, h3, ul, ol, li, strong, em, a, br) or plain text. */
  contentPT: z.string(),
  contentEN: z.string(),
  /** Popups only: A members, B everyone, F a member's first login. */
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** ISO-8601 UTC. */
  publishedAt: z.string(),
});
export type OpsAnnouncement = z.infer<typeof opsAnnouncementSchema>;

export const opsContentListSchema = z.strictObject({
  banners: z.array(opsBannerSchema),
  announcements: z.array(opsAnnouncementSchema),
});
export type OpsContentList = z.infer<typeof opsContentListSchema>;

export const createBannerBodySchema = z
  .strictObject({
    groupName: z.enum(BANNER_GROUPS),
    titlePT: title,
    titleEN: title,
    imageUrl: artPathSchema,
    imageUrlEN: artPathSchema.nullable().default(null),
    linkageType: z.enum(LINKAGE_TYPES).default('NONE'),
    linkage: linkage.default(''),
    enabled: z.boolean().default(true),
    reason,
  })
  .refine(linkageFitsType, linkageFitsTypeIssue);
export type CreateBannerBody = z.infer<typeof createBannerBodySchema>;

/** Any subset (an empty change is refused); enabling and disabling are `enabled`. */
export const updateBannerBodySchema = z
  .strictObject({
    groupName: z.enum(BANNER_GROUPS).optional(),
    titlePT: title.optional(),
    titleEN: title.optional(),
    imageUrl: artPathSchema.optional(),
    /** null: imageUrl serves both languages. */
    imageUrlEN: artPathSchema.nullable().optional(),
    linkageType: z.enum(LINKAGE_TYPES).optional(),
    linkage: linkage.optional(),
    enabled: z.boolean().optional(),
    reason,
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), { message: 'nothing to change' })
  .refine(linkageFitsType, linkageFitsTypeIssue);
export type UpdateBannerBody = z.infer<typeof updateBannerBodySchema>;

/** A popup's execution, and only a popup's. */
const executionFitsKind = (b: { kind?: AnnouncementKind; execution?: string | null }) =>
  b.kind === undefined || b.execution === undefined || (b.kind === 'PU') === (b.execution !== null);
const executionFitsKindIssue = {
  message: 'a popup (PU) takes an execution, the others none',
  path: ['execution'],
};

export const createAnnouncementBodySchema = z
  .strictObject({
    kind: z.enum(ANNOUNCEMENT_KINDS),
    /** The marquee (H) shows the content only; its titles may be left empty. */
    titlePT: z.string().trim().max(CONTENT_TITLE_MAX).default(''),
    titleEN: z.string().trim().max(CONTENT_TITLE_MAX).default(''),
    contentPT: body,
    contentEN: body,
    execution: z.enum(POPUP_EXECUTIONS).nullable().default(null),
    enabled: z.boolean().default(true),
    /** ISO-8601; now when left out. */
    publishedAt: z.string().datetime({ offset: true }).optional(),
    reason,
  })
  .refine((b) => b.kind === 'H' || (b.titlePT !== '' && b.titleEN !== ''), {
    message: 'a title in both languages (only the marquee, H, goes without)',
    path: ['titlePT'],
  })
  .refine(executionFitsKind, executionFitsKindIssue);
export type CreateAnnouncementBody = z.infer<typeof createAnnouncementBodySchema>;

export const updateAnnouncementBodySchema = z
  .strictObject({
    kind: z.enum(ANNOUNCEMENT_KINDS).optional(),
    titlePT: z.string().trim().max(CONTENT_TITLE_MAX).optional(),
    titleEN: z.string().trim().max(CONTENT_TITLE_MAX).optional(),
    contentPT: body.optional(),
    contentEN: body.optional(),
    execution: z.enum(POPUP_EXECUTIONS).nullable().optional(),
    enabled: z.boolean().optional(),
    publishedAt: z.string().datetime({ offset: true }).optional(),
    reason,
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), { message: 'nothing to change' })
  .refine(executionFitsKind, executionFitsKindIssue);
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBodySchema>;

const contentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The new order: every banner's (or announcement's) id once, first shown first. */
export const reorderContentBodySchema = z.strictObject({
  ids: z
    .array(contentId)
    .min(1)
    .max(CONTENT_MAX_ENTRIES)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'an entry named twice' }),
  reason,
});
export type ReorderContentBody = z.infer<typeof reorderContentBodySchema>;

export const contentIdParamsSchema = z.strictObject({ id: contentId });
export const deleteContentQuerySchema = z.strictObject({ reason });
