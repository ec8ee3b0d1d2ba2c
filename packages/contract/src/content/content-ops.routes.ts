import { defineRoute } from '../route.ts';
import { contentOpsCalls } from './content-ops.calls.ts';
import {
  contentIdParamsSchema,
  createAnnouncementBodySchema,
  createBannerBodySchema,
  deleteContentQuerySchema,
  opsAnnouncementSchema,
  opsBannerSchema,
  opsContentListSchema,
  reorderContentBodySchema,
  updateAnnouncementBodySchema,
  updateBannerBodySchema,
} from './content-ops.schemas.ts';

const tags = ['operator', 'content'];

export const contentOpsRoutes = {
  listContent: defineRoute(contentOpsCalls.listContent, {
    summary:
      'Every banner and announcement, enabled or not, in the order the site shows them (content.manage)',
    tags,
    response: opsContentListSchema,
  }),
  createBanner: defineRoute(contentOpsCalls.createBanner, {
    summary: 'Add a banner, last in the order (content.manage; audited)',
    tags,
    body: createBannerBodySchema,
    response: opsBannerSchema,
  }),
  updateBanner: defineRoute(contentOpsCalls.updateBanner, {
    summary: 'Edit, enable or disable a banner (content.manage; audited)',
    tags,
    params: contentIdParamsSchema,
    body: updateBannerBodySchema,
    response: opsBannerSchema,
  }),
  deleteBanner: defineRoute(contentOpsCalls.deleteBanner, {
    summary: 'Delete a banner (content.manage; audited)',
    tags,
    params: contentIdParamsSchema,
    query: deleteContentQuerySchema,
    response: opsContentListSchema,
  }),
  reorderBanners: defineRoute(contentOpsCalls.reorderBanners, {
    summary: 'Put the banners in a new order: every id once (content.manage; audited)',
    tags,
    body: reorderContentBodySchema,
    response: opsContentListSchema,
  }),
  createAnnouncement: defineRoute(contentOpsCalls.createAnnouncement, {
    summary:
      'Add an announcement (PL player notice, PU popup, PR promotion, H marquee line), last in the order (content.manage; audited)',
    tags,
    body: createAnnouncementBodySchema,
    response: opsAnnouncementSchema,
  }),
  updateAnnouncement: defineRoute(contentOpsCalls.updateAnnouncement, {
    summary: 'Edit, enable or disable an announcement (content.manage; audited)',
    tags,
    params: contentIdParamsSchema,
    body: updateAnnouncementBodySchema,
    response: opsAnnouncementSchema,
  }),
  deleteAnnouncement: defineRoute(contentOpsCalls.deleteAnnouncement, {
    summary: 'Delete an announcement (content.manage; audited)',
    tags,
    params: contentIdParamsSchema,
    query: deleteContentQuerySchema,
    response: opsContentListSchema,
  }),
  reorderAnnouncements: defineRoute(contentOpsCalls.reorderAnnouncements, {
    summary: 'Put the announcements in a new order: every id once (content.manage; audited)',
    tags,
    body: reorderContentBodySchema,
    response: opsContentListSchema,
  }),
} as const;
