import { defineRoute } from '../route.ts';
import { helpOpsCalls } from './help-ops.calls.ts';
import {
  createHelpArticleBodySchema,
  helpArticleIdParamsSchema,
  opsHelpArticleListQuerySchema,
  opsHelpArticleListSchema,
  opsHelpArticleSchema,
  updateHelpArticleBodySchema,
} from './help-ops.schemas.ts';

const tags = ['operator', 'content'];

export const helpOpsRoutes = {
  listHelpArticles: defineRoute(helpOpsCalls.listHelpArticles, {
    summary: 'Every help-centre article, published or not, by language then order (content.manage)',
    tags,
    query: opsHelpArticleListQuerySchema,
    response: opsHelpArticleListSchema,
  }),
  createHelpArticle: defineRoute(helpOpsCalls.createHelpArticle, {
    summary: 'Write a help-centre article; its body is sanitised on save (content.manage; audited)',
    tags,
    body: createHelpArticleBodySchema,
    response: opsHelpArticleSchema,
  }),
  updateHelpArticle: defineRoute(helpOpsCalls.updateHelpArticle, {
    summary: 'Edit, order, publish or unpublish a help-centre article (content.manage; audited)',
    tags,
    params: helpArticleIdParamsSchema,
    body: updateHelpArticleBodySchema,
    response: opsHelpArticleSchema,
  }),
} as const;
