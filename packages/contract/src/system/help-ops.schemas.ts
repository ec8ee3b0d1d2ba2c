import { z } from 'zod';
import { queryId } from '../query-number.ts';
import { languageQuerySchema } from './system.schemas.ts';

/**
 * Help-centre articles as operators manage them (issue 23 item 7). The body is rich text: the server
 * keeps only p, h2, h3, ul, ol, li, strong, em, br and a (http, https, mailto) and sanitises it again
 * when the member site reads it.
 */
export const HELP_ARTICLE_DEVICES = ['WEB', 'H5', 'ALL'] as const;
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = z.string().trim().min(1).max(60).regex(HELP_SLUG_PATTERN);
const title = z.string().trim().min(1).max(120);
const body = z.string().max(20_000);
const sort = z.number().int().min(0).max(10_000);
const reason = z.string().trim().min(3).max(500).optional();

export const opsHelpArticleSchema = z.strictObject({
  id: z.number().int().positive(),
  lang: languageQuerySchema,
  /** ALL: written in the back office, shown on every device; WEB / H5: seeded per device. */
  device: z.enum(HELP_ARTICLE_DEVICES),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  updatedAt: z.string().datetime(),
});
export type OpsHelpArticle = z.infer<typeof opsHelpArticleSchema>;

export const opsHelpArticleListQuerySchema = z.strictObject({ lang: languageQuerySchema.optional() });
export const opsHelpArticleListSchema = z.strictObject({ articles: z.array(opsHelpArticleSchema) });

export const createHelpArticleBodySchema = z.strictObject({
  lang: languageQuerySchema,
  slug,
  title,
  content: body,
  sort: sort.default(0),
  published: z.boolean().default(false),
  reason,
});
export type CreateHelpArticleBody = z.infer<typeof createHelpArticleBodySchema>;

/** Any subset; publishing and unpublishing are `published`. */
export const updateHelpArticleBodySchema = z.strictObject({
  slug: slug.optional(),
  title: title.optional(),
  content: body.optional(),
  sort: sort.optional(),
  published: z.boolean().optional(),
  reason,
});
export type UpdateHelpArticleBody = z.infer<typeof updateHelpArticleBodySchema>;

export const helpArticleIdParamsSchema = z.strictObject({ id: queryId() });
