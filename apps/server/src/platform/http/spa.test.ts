import { describe, expect, it } from 'vitest';
import { STARTUP_ELEMENT_ID } from '@banca/contract';
import { jsonForScript, withStartupData, withTitle } from './spa.ts';

const HTML = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
const hostile = {
  siteName: '</script><script>alert(1)</script><!-- & -->',
  url: 'https://example.com/?a=1&b=<2>',
  separators: 'line\u2028para\u2029end',
};

describe('start-up data inlined into index.html', () => {
  it('escapes what could close the element or open a comment, and parses back to the same value', () => {
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('puts one JSON data element at the end of the head and leaves the rest as it was', () => {
    const page = withStartupData(HTML, hostile);
    const element = `<script id="${STARTUP_ELEMENT_ID}" type="application/json">`;
    expect(page.split('<script').length - 1).toBe(1);
    expect(page).toContain(`${element}${jsonForScript(hostile)}</script></head>`);
    expect(page.replace(/<script[^>]*>[^<]*<\/script>/, '')).toBe(HTML);
  });
});

describe("the site's name as the page title", () => {
  it('replaces the title, its markup characters escaped, and nothing else', () => {
    const page = withTitle(HTML, hostile.siteName);
    expect(page).toBe(
      HTML.replace(
        '<title>t</title>',
        '<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!-- &#38; --&#62;</title>',
      ),
    );
    expect(withTitle(HTML, 'Sorte $& Grande')).toContain('<title>Sorte $&#38; Grande</title>');
  });
});
