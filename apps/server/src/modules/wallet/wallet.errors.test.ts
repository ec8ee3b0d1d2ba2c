import Fastify from 'fastify';
import {
  LANGUAGE_HEADER,
  WALLET_ERROR_CODES,
  WALLET_ERROR_MESSAGES,
  WALLET_ERROR_STATUS,
} from '@banca/contract';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../platform/http/error-handler.ts';
import { WalletError } from './wallet.errors.ts';

describe('wallet errors at the edge', () => {
  it('answer the envelope with their status and the PT or EN message', async () => {
    const app = Fastify();
    // No catalogue to register: the edge knows every contract code from the start.
    installErrorHandling(app);
    app.get<{ Params: { code: string } }>('/wps/fail/:code', async (request) => {
      throw new WalletError(request.params.code as (typeof WALLET_ERROR_CODES)[number]);
    });
    try {
      for (const code of WALLET_ERROR_CODES) {
        for (const lang of ['PT', 'EN'] as const) {
          const res = await app.inject({ url: `/wps/fail/${code}`, headers: { [LANGUAGE_HEADER]: lang } });
          expect(res.statusCode).toBe(WALLET_ERROR_STATUS[code]);
          expect(res.json()).toEqual({
            success: false,
            code,
            message: WALLET_ERROR_MESSAGES[code][lang],
            value: null,
          });
        }
      }
    } finally {
      await app.close();
    }
  });
});
