import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER, type Language } from '@banca/contract';
import {
  HOME_BANNER_GROUP,
  callRequestKey,
  homeFirstCalls,
  type FirstCall,
  type InlineAnswer,
} from '@banca/contract/routes';

/** What index.html for `/` carries so the home lobby paints without an API round trip. */
export interface FirstPaint {
  /** The home's first calls' answers (FIRST_PAINT_ELEMENT_ID). */
  answers: InlineAnswer[];
  /** Images the first paint shows largest (the first home banner): preloaded from the head. */
  preloadImages: string[];
}

interface Envelope {
  success?: boolean;
  value?: unknown;
}

/**
 * The home lobby's first calls (homeFirstCalls), made in-process through the gateway's own routes
 * (`inject`: the same validation, rules and serialisation the browser's call would get), in the
 * default language, the one a first visit renders in. A call that does not succeed is left out: the
 * browser then makes it itself, as it would without any of this.
 */
export function createFirstPaint(app: FastifyInstance, language: Language = DEFAULT_LANGUAGE) {
  const answer = async ({ call, request }: FirstCall): Promise<InlineAnswer | null> => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) params.set(name, String(value));
    const query = params.size > 0 ? `?${params.toString()}` : '';
    const response = await app.inject({
      method: call.method,
      url: `${call.path}${query}`,
      headers: { accept: 'application/json', [LANGUAGE_HEADER]: language },
      ...(request.body ? { payload: request.body } : {}),
    });
    if (response.statusCode !== 200) return null;
    const envelope = response.json<Envelope>();
    return envelope.success && envelope.value !== undefined
      ? { key: callRequestKey(call, request), value: envelope.value }
      : null;
  };

  return async (): Promise<FirstPaint> => {
    const calls = homeFirstCalls(language);
    const [menus, hot, content, rank] = await Promise.all([
      answer(calls.menus),
      answer(calls.hot),
      answer(calls.content),
      answer(calls.rank),
    ]);
    const banners = (content?.value as { banners?: { groupName?: string; url?: string }[] } | undefined)
      ?.banners;
    const firstBanner = banners?.find((banner) => banner.groupName === HOME_BANNER_GROUP)?.url;
    return {
      answers: [menus, hot, content, rank].filter((a): a is InlineAnswer => a !== null),
      preloadImages: firstBanner ? [firstBanner] : [],
    };
  };
}
