/**
 * Wire shapes of the content calls: banners, announcements, popups and the notice marquee (spec
 * sections 2, 3 and 7, MCSFE_getListAnnouncements).
 */
import { z } from 'zod';

/** Where a banner shows (spec section 3, "Banner"). */
export const BANNER_GROUPS = ['w_login', 'w_register', 'w_leftmenu', 'w_home', 'w_forget'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/**
 * What a click on a banner opens: NONE nothing; ROUTE a path of the site (`linkage` is '/promotions');
 * URL an external https page in a new tab; GAME launches the game `linkage` (a nodeId); PROMO the
 * promotion `linkage` (/promotions#id).
 */
export const LINKAGE_TYPES = ['NONE', 'ROUTE', 'URL', 'GAME', 'PROMO'] as const;
export type LinkageType = (typeof LINKAGE_TYPES)[number];

/** Announcement kinds the original client asks for in `types` ('B,PL,PU,PR', also 'H'). */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
/** Popup execution: A members, B everyone (visitors too), F a member's first login. */
export const POPUP_EXECUTIONS = ['A', 'B', 'F'] as const;

/** POST /wps/relay/MCSFE_getListAnnouncements */
export const announcementsBodySchema = z.strictObject({
  /** Comma-separated kinds: B banners, PL player announcements, PU popups, PR promotions, H notices. */
  types: z
    .string()
    .max(32)
    .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/)
    .default('B,PL,PU,PR,H'),
  platform: z.literal('W').optional(),
  /** The visitor's kind for popups: B anonymous (default), A member. */
  execution: z.enum(POPUP_EXECUTIONS).optional(),
  language: z.enum(['PT', 'EN']).optional(),
});

export const bannerSchema = z.strictObject({
  id: z.string(),
  groupName: z.enum(BANNER_GROUPS),
  /** The banner image (same origin, content-hashed, cached for a year). */
  url: z.string(),
  /** Alternative text of the image, in the language asked. */
  title: z.string(),
  linkageType: z.enum(LINKAGE_TYPES),
  /** What the linkage opens (a path, an https URL, a nodeId or a promotion id); '' for NONE. */
  linkage: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const announcementItemSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  /** Rich text (sanitised HTML subset: p, b, i, a, br, ul, li). */
  content: z.string(),
  /** Set for promotion announcements: shows a Go button opening the reward centre. */
  promotionType: z.string().nullable(),
  /** ISO-8601 UTC. */
  publishedAt: z.string(),
});
export type AnnouncementItem = z.infer<typeof announcementItemSchema>;

export const popupItemSchema = announcementItemSchema.extend({ execution: z.enum(POPUP_EXECUTIONS) });
export type PopupItem = z.infer<typeof popupItemSchema>;

export const noticeItemSchema = z.strictObject({ id: z.string(), content: z.string() });
export type NoticeItem = z.infer<typeof noticeItemSchema>;

/** Each list is empty unless its kind was asked in `types`. */
export const announcementsValueSchema = z.strictObject({
  banners: z.array(bannerSchema),
  player: z.array(announcementItemSchema),
  popup: z.array(popupItemSchema),
  promotion: z.array(announcementItemSchema),
  /** The notice marquee's lines (type H). */
  notice: z.array(noticeItemSchema),
});
export type AnnouncementsValue = z.infer<typeof announcementsValueSchema>;
