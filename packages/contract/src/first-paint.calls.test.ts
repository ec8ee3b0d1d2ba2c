import { describe, expect, it } from 'vitest';
import { gamesCalls } from './games/games.calls.ts';
import { callRequestKey, homeFirstCalls, type FirstCall } from './first-paint.calls.ts';

describe('first-paint call keys', () => {
  it('are the same for the same request however its objects were built, and differ otherwise', () => {
    const call = gamesCalls.hotGames;
    const a = callRequestKey(call, { body: { platform: 'p', language: 'PT' } });
    expect(callRequestKey(call, { body: { language: 'PT', platform: 'p' } })).toBe(a);
    expect(callRequestKey(call, { body: { language: 'EN', platform: 'p' } })).not.toBe(a);
    expect(callRequestKey(call, { query: { language: 'PT', platform: 'p' } })).not.toBe(a);
    expect(callRequestKey(gamesCalls.gameMenus, { body: { platform: 'p', language: 'PT' } })).not.toBe(a);
  });

  it('name every home call in the language asked for', () => {
    for (const language of ['PT', 'EN'] as const) {
      for (const { request } of Object.values(homeFirstCalls(language)) as FirstCall[]) {
        expect({ ...request.query, ...request.body }).toMatchObject({ language });
      }
    }
  });
});
