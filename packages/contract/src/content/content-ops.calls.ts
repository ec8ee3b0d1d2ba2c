import type { RouteEntry } from '../route-entry.ts';

/** Banners and announcements in the back office (operator credential; `content.manage`). Schemas: content-ops.routes.ts. */
export const contentOpsCalls = {
  listContent: {
    id: 'content.ops.listContent',
    method: 'GET',
    path: '/ops/content/site',
    auth: 'operator',
    enc: false,
  },
  createBanner: {
    id: 'content.ops.createBanner',
    method: 'POST',
    path: '/ops/content/banners',
    auth: 'operator',
    enc: false,
  },
  updateBanner: {
    id: 'content.ops.updateBanner',
    method: 'PUT',
    path: '/ops/content/banners/:id',
    auth: 'operator',
    enc: false,
  },
  deleteBanner: {
    id: 'content.ops.deleteBanner',
    method: 'DELETE',
    path: '/ops/content/banners/:id',
    auth: 'operator',
    enc: false,
  },
  reorderBanners: {
    id: 'content.ops.reorderBanners',
    method: 'POST',
    path: '/ops/content/banners/reorder',
    auth: 'operator',
    enc: false,
  },
  createAnnouncement: {
    id: 'content.ops.createAnnouncement',
    method: 'POST',
    path: '/ops/content/announcements',
    auth: 'operator',
    enc: false,
  },
  updateAnnouncement: {
    id: 'content.ops.updateAnnouncement',
    method: 'PUT',
    path: '/ops/content/announcements/:id',
    auth: 'operator',
    enc: false,
  },
  deleteAnnouncement: {
    id: 'content.ops.deleteAnnouncement',
    method: 'DELETE',
    path: '/ops/content/announcements/:id',
    auth: 'operator',
    enc: false,
  },
  reorderAnnouncements: {
    id: 'content.ops.reorderAnnouncements',
    method: 'POST',
    path: '/ops/content/announcements/reorder',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
