import type { FastifyInstance } from 'fastify';
import {
  systemRoutes,
  type CreateHelpArticleBody,
  type OpsHelpArticle,
  type UpdateHelpArticleBody,
} from '@banca/contract';
import type { Db } from '../../database.ts';
import { OpsError, type OperatorActor, type OpsAccess, operatorOf } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { sanitizeRichText } from '../../platform/html/rich-text.ts';
import * as repo from './help-article.repository.ts';

/**
 * Help-centre articles in the back office (issue 23 item 7, permission `content.manage`): list every
 * article, write one, edit, order, publish or unpublish it. The body is sanitised here on save and
 * again by SystemService.helpCenter when the member site reads it. Each change is audited with the
 * article before and after, in its transaction.
 */
export interface HelpOpsDeps {
  db: Db;
  merchantCode: string;
  ops: OpsAccess;
}

const DEVICES = ['WEB', 'H5', 'ALL'] as const;

const toOps = (row: repo.HelpArticleRow): OpsHelpArticle => ({
  id: row.id,
  lang: row.lang === 'EN' ? 'EN' : 'PT',
  device: DEVICES.find((d) => d === row.device) ?? 'ALL',
  slug: row.slug,
  title: row.title,
  content: sanitizeRichText(row.content),
  sort: row.sort,
  published: row.published,
  updatedAt: row.updated_at.toISOString(),
});

export async function listHelpArticlesForOps(deps: HelpOpsDeps, lang?: 'PT' | 'EN') {
  return { articles: (await repo.listAllHelpArticles(deps.db, deps.merchantCode, lang)).map(toOps) };
}

export async function createHelpArticle(
  deps: HelpOpsDeps,
  actor: OperatorActor,
  body: CreateHelpArticleBody,
  requestId: string,
): Promise<OpsHelpArticle> {
  return inTransaction(deps.db, async (trx) => {
    if (await repo.helpSlugTaken(trx, deps.merchantCode, body.lang, body.slug))
      throw new OpsError('help_article_slug_taken');
    const row = await repo.insertHelpArticle(trx, {
      merchant_code: deps.merchantCode,
      lang: body.lang,
      device: 'ALL',
      slug: body.slug,
      title: body.title,
      content: sanitizeRichText(body.content),
      sort: body.sort,
      published: body.published,
      updated_at: new Date(),
    });
    const after = toOps(row);
    await deps.ops.audit(trx, {
      actor,
      action: 'content.help_article.create',
      subjectType: 'help_article',
      subjectId: String(row.id),
      before: null,
      after,
      reason: body.reason ?? null,
      requestId,
    });
    return after;
  });
}

export async function updateHelpArticle(
  deps: HelpOpsDeps,
  actor: OperatorActor,
  id: number,
  body: UpdateHelpArticleBody,
  requestId: string,
): Promise<OpsHelpArticle> {
  return inTransaction(deps.db, async (trx) => {
    const current = await repo.findHelpArticle(trx, deps.merchantCode, id, true);
    if (!current) throw new OpsError('help_article_not_found');
    if (
      body.slug !== undefined &&
      (await repo.helpSlugTaken(trx, deps.merchantCode, current.lang, body.slug, id))
    )
      throw new OpsError('help_article_slug_taken');
    const before = toOps(current);
    const row = await repo.updateHelpArticleRow(trx, deps.merchantCode, id, {
      ...(body.slug !== undefined ? { slug: body.slug } : {}),
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: sanitizeRichText(body.content) } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      ...(body.published !== undefined ? { published: body.published } : {}),
      updated_at: new Date(),
    });
    const after = toOps(row);
    const action =
      body.published !== undefined && body.published !== before.published
        ? body.published
          ? 'content.help_article.publish'
          : 'content.help_article.unpublish'
        : 'content.help_article.update';
    await deps.ops.audit(trx, {
      actor,
      action,
      subjectType: 'help_article',
      subjectId: String(id),
      before,
      after,
      reason: body.reason ?? null,
      requestId,
    });
    return after;
  });
}

export function registerHelpOpsRoutes(app: FastifyInstance, deps: HelpOpsDeps): void {
  const guard = { onRequest: deps.ops.allow('content.manage') };
  registerRoute(
    app,
    systemRoutes.listHelpArticles,
    ({ query }) => listHelpArticlesForOps(deps, query.lang),
    guard,
  );
  registerRoute(
    app,
    systemRoutes.createHelpArticle,
    ({ body, request }) => createHelpArticle(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    systemRoutes.updateHelpArticle,
    ({ params, body, request }) => updateHelpArticle(deps, operatorOf(request), params.id, body, request.id),
    guard,
  );
}
