import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ANNOUNCEMENT_KINDS,
  BANNER_GROUPS,
  bannerLinkageFits,
  CONTENT_MAX_ENTRIES,
  contentRoutes,
  LINKAGE_TYPES,
  POPUP_EXECUTIONS,
  type CreateAnnouncementBody,
  type CreateBannerBody,
  type OpsAnnouncement,
  type OpsBanner,
  type OpsContentList,
  type ReorderContentBody,
  type UpdateAnnouncementBody,
  type UpdateBannerBody,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../database.ts';
import { OpsError, type OperatorActor, type OpsAccess, operatorOf } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { sanitizeRichText } from '../../platform/html/rich-text.ts';
import * as repo from './content-ops.repository.ts';

/**
 * Banners and announcements in the back office (issue 23, permission `content.manage`): list, add,
 * edit, enable or disable, reorder and delete the banners, player notices (PL), popups (PU),
 * promotions (PR) and marquee lines (H) the member site shows. Announcement content is sanitised on
 * save as help articles are. Each change is audited with the row (or the order) before and after, in
 * its transaction. The member call (MCSFE_getListAnnouncements) reads the tables on every request,
 * uncached, so a change shows on every node at the member's next page load.
 */
export interface ContentOpsDeps {
  db: Db;
  ops: OpsAccess;
}

/** Sort values are spaced so the order survives rows written by other means (the demo seed). */
const SORT_STEP = 10;

const toBanner = (row: repo.BannerRow): OpsBanner => ({
  id: row.id,
  groupName: BANNER_GROUPS.find((g) => g === row.group_name) ?? 'w_home',
  titlePT: row.title_pt,
  titleEN: row.title_en,
  imageUrl: row.image_url,
  imageUrlEN: row.image_url_en,
  linkageType: LINKAGE_TYPES.find((t) => t === row.linkage_type) ?? 'NONE',
  linkage: row.linkage,
  enabled: row.enabled,
  sort: row.sort,
});

const toAnnouncement = (row: repo.AnnouncementRow): OpsAnnouncement => ({
  id: row.id,
  kind: ANNOUNCEMENT_KINDS.find((k) => k === row.kind) ?? 'PL',
  titlePT: row.title_pt,
  titleEN: row.title_en,
  contentPT: row.content_pt,
  contentEN: row.content_en,
  execution: POPUP_EXECUTIONS.find((e) => e === row.execution) ?? (row.kind === 'PU' ? 'B' : null),
  enabled: row.enabled,
  sort: row.sort,
  publishedAt: new Date(row.published_at).toISOString(),
});

const listOf = async (db: DbOrTrx): Promise<OpsContentList> => ({
  banners: (await repo.listAllBanners(db)).map(toBanner),
  announcements: (await repo.listAllAnnouncements(db)).map(toAnnouncement),
});

export const listContentForOps = (deps: ContentOpsDeps) => listOf(deps.db);

/** One audit entry of a content change (`content.<subject>.<verb>`), in the change's transaction. */
const auditContent = (
  deps: ContentOpsDeps,
  trx: DbOrTrx,
  by: { actor: OperatorActor; requestId: string; reason: string | null },
  subject: 'banner' | 'announcement',
  verb: string,
  subjectId: string,
  before: unknown,
  after: unknown,
) =>
  deps.ops.audit(trx, {
    actor: by.actor,
    action: `content.${subject}.${verb}`,
    subjectType: subject,
    subjectId,
    before,
    after,
    reason: by.reason,
    requestId: by.requestId,
  });

/** Which audit verb a change is: an enable or disable alone, or an edit. */
const verbOf = (body: object, enabledBefore: boolean) => {
  const onlyToggle = Object.keys(body).every((k) => k === 'enabled' || k === 'reason');
  const enabled = (body as { enabled?: boolean }).enabled;
  if (onlyToggle && enabled !== undefined && enabled !== enabledBefore) return enabled ? 'enable' : 'disable';
  return 'update';
};

const nextSort = (rows: readonly { sort: number }[]) => Math.max(0, ...rows.map((r) => r.sort)) + SORT_STEP;

export async function createBanner(
  deps: ContentOpsDeps,
  actor: OperatorActor,
  body: CreateBannerBody,
  requestId: string,
): Promise<OpsBanner> {
  return inTransaction(deps.db, async (trx) => {
    const all = await repo.listAllBanners(trx, true);
    if (all.length >= CONTENT_MAX_ENTRIES) throw new OpsError('content_list_conflict');
    const row = await repo.insertBanner(trx, {
      id: `b-${randomUUID()}`,
      group_name: body.groupName,
      image_url: body.imageUrl,
      image_url_en: body.imageUrlEN,
      title_pt: body.titlePT,
      title_en: body.titleEN,
      linkage_type: body.linkageType,
      linkage: body.linkage,
      sort: nextSort(all),
      enabled: body.enabled,
    });
    const after = toBanner(row);
    await auditContent(
      deps,
      trx,
      { actor, requestId, reason: body.reason ?? null },
      'banner',
      'create',
      row.id,
      null,
      after,
    );
    return after;
  });
}

export async function updateBanner(
  deps: ContentOpsDeps,
  actor: OperatorActor,
  id: string,
  body: UpdateBannerBody,
  requestId: string,
): Promise<OpsBanner> {
  return inTransaction(deps.db, async (trx) => {
    const current = await repo.findBanner(trx, id);
    if (!current) throw new OpsError('banner_not_found');
    const before = toBanner(current);
    // The type and link must fit together after the change too (the contract checks them only when
    // both are sent).
    if (!bannerLinkageFits(body.linkageType ?? before.linkageType, body.linkage ?? before.linkage))
      throw new AppError('invalid_input', { fields: { linkage: 'link_does_not_fit_type' } });
    const row = await repo.updateBannerRow(trx, id, {
      ...(body.groupName !== undefined ? { group_name: body.groupName } : {}),
      ...(body.titlePT !== undefined ? { title_pt: body.titlePT } : {}),
      ...(body.titleEN !== undefined ? { title_en: body.titleEN } : {}),
      ...(body.imageUrl !== undefined ? { image_url: body.imageUrl } : {}),
      ...(body.imageUrlEN !== undefined ? { image_url_en: body.imageUrlEN } : {}),
      ...(body.linkageType !== undefined ? { linkage_type: body.linkageType } : {}),
      ...(body.linkage !== undefined ? { linkage: body.linkage } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    const after = toBanner(row);
    await auditContent(
      deps,
      trx,
      { actor, requestId, reason: body.reason ?? null },
      'banner',
      verbOf(body, before.enabled),
      id,
      before,
      after,
    );
    return after;
  });
}

/** Every row exactly once: an order made from a stale list (a row added or deleted meanwhile) is refused. */
const sameRows = (ids: readonly string[], rows: readonly { id: string }[]) => {
  const known = new Set(rows.map((r) => r.id));
  return ids.length === rows.length && ids.every((id) => known.has(id));
};

export async function createAnnouncement(
  deps: ContentOpsDeps,
  actor: OperatorActor,
  body: CreateAnnouncementBody,
  requestId: string,
): Promise<OpsAnnouncement> {
  const contentPT = sanitizeRichText(body.contentPT);
  const contentEN = sanitizeRichText(body.contentEN);
  if (contentPT === '' || contentEN === '')
    throw new AppError('invalid_input', { fields: { content: 'empty_after_sanitising' } });
  return inTransaction(deps.db, async (trx) => {
    const all = await repo.listAllAnnouncements(trx, true);
    if (all.length >= CONTENT_MAX_ENTRIES) throw new OpsError('content_list_conflict');
    const row = await repo.insertAnnouncement(trx, {
      id: `a-${randomUUID()}`,
      kind: body.kind,
      title_pt: body.titlePT,
      title_en: body.titleEN,
      content_pt: contentPT,
      content_en: contentEN,
      promotion_type: null,
      execution: body.execution,
      sort: nextSort(all),
      enabled: body.enabled,
      published_at: body.publishedAt ?? new Date(),
    });
    const after = toAnnouncement(row);
    await auditContent(
      deps,
      trx,
      { actor, requestId, reason: body.reason ?? null },
      'announcement',
      'create',
      row.id,
      null,
      after,
    );
    return after;
  });
}

export async function updateAnnouncement(
  deps: ContentOpsDeps,
  actor: OperatorActor,
  id: string,
  body: UpdateAnnouncementBody,
  requestId: string,
): Promise<OpsAnnouncement> {
  const contentPT = body.contentPT !== undefined ? sanitizeRichText(body.contentPT) : undefined;
  const contentEN = body.contentEN !== undefined ? sanitizeRichText(body.contentEN) : undefined;
  if (contentPT === '' || contentEN === '')
    throw new AppError('invalid_input', { fields: { content: 'empty_after_sanitising' } });
  return inTransaction(deps.db, async (trx) => {
    const current = await repo.findAnnouncement(trx, id);
    if (!current) throw new OpsError('announcement_not_found');
    const before = toAnnouncement(current);
    const kind = body.kind ?? before.kind;
    // A popup keeps an execution, the others none (the contract checks them only when both are sent).
    const execution =
      body.execution !== undefined ? body.execution : kind === 'PU' ? (before.execution ?? 'B') : null;
    if ((kind === 'PU') !== (execution !== null))
      throw new AppError('invalid_input', { fields: { execution: 'execution_does_not_fit_kind' } });
    const titlePT = body.titlePT ?? before.titlePT;
    const titleEN = body.titleEN ?? before.titleEN;
    if (kind !== 'H' && (titlePT === '' || titleEN === ''))
      throw new AppError('invalid_input', { fields: { titlePT: 'title_required' } });
    const row = await repo.updateAnnouncementRow(trx, id, {
      kind,
      execution,
      ...(body.titlePT !== undefined ? { title_pt: body.titlePT } : {}),
      ...(body.titleEN !== undefined ? { title_en: body.titleEN } : {}),
      ...(contentPT !== undefined ? { content_pt: contentPT } : {}),
      ...(contentEN !== undefined ? { content_en: contentEN } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.publishedAt !== undefined ? { published_at: body.publishedAt } : {}),
    });
    const after = toAnnouncement(row);
    await auditContent(
      deps,
      trx,
      { actor, requestId, reason: body.reason ?? null },
      'announcement',
      verbOf(body, before.enabled),
      id,
      before,
      after,
    );
    return after;
  });
}

/** A list the operator orders (banners, announcements): what delete and reorder need of it. */
interface OrderedContent {
  subject: 'banner' | 'announcement';
  notFound: 'banner_not_found' | 'announcement_not_found';
  listAll: (trx: DbOrTrx, forUpdate: boolean) => Promise<{ id: string }[]>;
  /** The row as the audit records it, or none. */
  find: (trx: DbOrTrx, id: string) => Promise<OpsBanner | OpsAnnouncement | undefined>;
  deleteRow: (trx: DbOrTrx, id: string) => Promise<unknown>;
  setSort: (trx: DbOrTrx, id: string, sort: number) => Promise<unknown>;
}

const BANNERS: OrderedContent = {
  subject: 'banner',
  notFound: 'banner_not_found',
  listAll: repo.listAllBanners,
  find: async (trx, id) => {
    const row = await repo.findBanner(trx, id);
    return row && toBanner(row);
  },
  deleteRow: repo.deleteBannerRow,
  setSort: (trx, id, sort) => repo.updateBannerRow(trx, id, { sort }),
};

const ANNOUNCEMENTS: OrderedContent = {
  subject: 'announcement',
  notFound: 'announcement_not_found',
  listAll: repo.listAllAnnouncements,
  find: async (trx, id) => {
    const row = await repo.findAnnouncement(trx, id);
    return row && toAnnouncement(row);
  },
  deleteRow: repo.deleteAnnouncementRow,
  setSort: (trx, id, sort) => repo.updateAnnouncementRow(trx, id, { sort }),
};

async function deleteContent(
  list: OrderedContent,
  deps: ContentOpsDeps,
  actor: OperatorActor,
  id: string,
  reason: string | undefined,
  requestId: string,
) {
  return inTransaction(deps.db, async (trx) => {
    const before = await list.find(trx, id);
    if (!before) throw new OpsError(list.notFound);
    await list.deleteRow(trx, id);
    await auditContent(
      deps,
      trx,
      { actor, requestId, reason: reason ?? null },
      list.subject,
      'delete',
      id,
      before,
      null,
    );
    return listOf(trx);
  });
}

async function reorderContent(
  list: OrderedContent,
  deps: ContentOpsDeps,
  actor: OperatorActor,
  body: ReorderContentBody,
  requestId: string,
) {
  return inTransaction(deps.db, async (trx) => {
    const all = await list.listAll(trx, true);
    if (!sameRows(body.ids, all)) throw new OpsError('content_list_conflict');
    for (const [i, id] of body.ids.entries()) await list.setSort(trx, id, (i + 1) * SORT_STEP);
    await auditContent(
      deps,
      trx,
      { actor, requestId, reason: body.reason ?? null },
      list.subject,
      'reorder',
      'all',
      all.map((r) => r.id),
      body.ids,
    );
    return listOf(trx);
  });
}

export const deleteBanner = deleteContent.bind(null, BANNERS);
export const reorderBanners = reorderContent.bind(null, BANNERS);
export const deleteAnnouncement = deleteContent.bind(null, ANNOUNCEMENTS);
export const reorderAnnouncements = reorderContent.bind(null, ANNOUNCEMENTS);

export function registerContentOpsRoutes(app: FastifyInstance, deps: ContentOpsDeps): void {
  const guard = { onRequest: deps.ops.allow('content.manage') };
  registerRoute(app, contentRoutes.listContent, () => listContentForOps(deps), guard);
  registerRoute(
    app,
    contentRoutes.createBanner,
    ({ body, request }) => createBanner(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.updateBanner,
    ({ params, body, request }) => updateBanner(deps, operatorOf(request), params.id, body, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.deleteBanner,
    ({ params, query, request }) =>
      deleteBanner(deps, operatorOf(request), params.id, query.reason, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.reorderBanners,
    ({ body, request }) => reorderBanners(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.createAnnouncement,
    ({ body, request }) => createAnnouncement(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.updateAnnouncement,
    ({ params, body, request }) => updateAnnouncement(deps, operatorOf(request), params.id, body, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.deleteAnnouncement,
    ({ params, query, request }) =>
      deleteAnnouncement(deps, operatorOf(request), params.id, query.reason, request.id),
    guard,
  );
  registerRoute(
    app,
    contentRoutes.reorderAnnouncements,
    ({ body, request }) => reorderAnnouncements(deps, operatorOf(request), body, request.id),
    guard,
  );
}
