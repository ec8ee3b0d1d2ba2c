import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  LANGUAGE_HEADER,
  catalogueMessage,
  catalogueStatus,
  type CatalogueErrorCode,
} from '@banca/contract';
import { DomainError } from './app-error.ts';
import { installErrorHandling } from './error-handler.ts';

describe('the edge knows every catalogue code without registration', () => {
  it('answers each code of each module with its status and PT/EN message, no route module loaded', async () => {
    const app = Fastify();
    installErrorHandling(app);
    // A domain error of any module: only its code travels; the status comes from the catalogue.
    app.get<{ Params: { code: string } }>('/wps/fail/:code', async (request) => {
      throw new DomainError(request.params.code, 0);
    });
    try {
      const codes = Object.keys(ERROR_CATALOGUE.status) as CatalogueErrorCode[];
      expect(codes).toEqual(
        expect.arrayContaining(['invalid_credentials', 'insufficient_funds', 'not_found']),
      );
      for (const code of codes) {
        for (const lang of ['PT', 'EN'] as const) {
          const res = await app.inject({ url: `/wps/fail/${code}`, headers: { [LANGUAGE_HEADER]: lang } });
          expect(res.statusCode, code).toBe(catalogueStatus(code));
          expect(res.json()).toEqual({
            success: false,
            code,
            message: catalogueMessage(code, lang),
            value: null,
          });
        }
      }
    } finally {
      await app.close();
    }
  });
});
