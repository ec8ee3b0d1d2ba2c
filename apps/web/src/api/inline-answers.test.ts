import { FIRST_PAINT_ELEMENT_ID, callRequestKey, gamesCalls } from '@banca/contract/routes';
import { afterEach, describe, expect, it } from 'vitest';
import { resetInlineAnswers, takeInlineAnswer } from './inline-answers';

const request = { body: { platform: 'p', language: 'PT' } };
const page = (text: string) => {
  const doc = document.implementation.createHTMLDocument('t');
  const element = doc.createElement('script');
  element.id = FIRST_PAINT_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = text;
  doc.head.append(element);
  return doc;
};

afterEach(resetInlineAnswers);

describe('answers inlined into index.html', () => {
  it('answers the same call and request once, then leaves the call to the network', () => {
    const doc = page(
      JSON.stringify([{ key: callRequestKey(gamesCalls.hotGames, request), value: { list: [1] } }]),
    );
    expect(
      takeInlineAnswer(gamesCalls.hotGames, { body: { language: 'EN', platform: 'p' } }, doc),
    ).toBeUndefined();
    expect(takeInlineAnswer(gamesCalls.gameMenus, request, doc)).toBeUndefined();
    expect(takeInlineAnswer(gamesCalls.hotGames, { body: { language: 'PT', platform: 'p' } }, doc)).toEqual({
      list: [1],
    });
    expect(takeInlineAnswer(gamesCalls.hotGames, request, doc)).toBeUndefined();
  });

  it('a page without the element, or with text that is not a list of answers, answers nothing', () => {
    expect(takeInlineAnswer(gamesCalls.hotGames, request, document)).toBeUndefined();
    for (const text of ['', 'not json', '{"key":"x"}', '[{"value":1}]']) {
      resetInlineAnswers();
      expect(takeInlineAnswer(gamesCalls.hotGames, request, page(text))).toBeUndefined();
    }
  });
});
