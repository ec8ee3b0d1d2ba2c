import { describe, expect, it } from 'vitest';
import { sanitizeMessageText, sanitizeRichText } from './rich-text.ts';

/** What a browser would run: any script element, event handler, script URL or style left in. */
const runnable = (html: string) =>
  /<script|<style|<iframe|<object|<embed|<svg|<img|\son\w+\s*=|javascript:|vbscript:|data:|style\s*=/i.test(
    html,
  );

describe('sanitizeRichText (help-centre articles)', () => {
  it('keeps the allowed tags and a safe link, with rel noopener', () => {
    const html =
      '<h2>Depósito</h2><p>Use <strong>PIX</strong> or <em>card</em>.<br>Line</p><ul><li>a</li></ul><ol><li>b</li></ol><h3>x</h3>' +
      '<p><a href="https://example.com/x" target="_blank">site</a> <a href="mailto:help@example.com">mail</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Depósito</h2><p>Use <strong>PIX</strong> or <em>card</em>.<br />Line</p><ul><li>a</li></ul><ol><li>b</li></ol><h3>x</h3>' +
        '<p><a href="https://example.com/x" rel="noopener noreferrer">site</a> <a href="mailto:help@example.com" rel="noopener noreferrer">mail</a></p>',
    );
  });

  const payloads: [string, string][] = [
    ['script element', '<p>hi</p><script>alert(1)</script>'],
    ['script split across case', '<ScRiPt src="//evil.example/x.js"></ScRiPt><p>ok</p>'],
    ['img onerror', '<img src=x onerror="alert(1)"><p>ok</p>'],
    ['handler on an allowed tag', '<p onclick="alert(1)" onmouseover=alert(1)>ok</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: link with entities', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['upper-case JAVASCRIPT: link', '<a href="JAVASCRIPT:alert(1)">x</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['style element', '<style>body{display:none}</style><p>ok</p>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">ok</p>'],
    ['svg onload', '<svg onload=alert(1)><p>ok</p></svg>'],
    ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    [
      'broken markup',
      '<p><a href="https://ok.example" onclick="alert(1)"">x</a><scr<script>ipt>alert(1)</script>',
    ],
    ['comment trick', '<!--<script>alert(1)</script>--><p>ok</p>'],
  ];
  it.each(payloads)('drops %s', (_name, payload) => {
    const clean = sanitizeRichText(payload);
    expect(runnable(clean), clean).toBe(false);
    // Sanitising twice changes nothing: what is stored is what is served.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps only the text of a link to a protocol-relative or script address', () => {
    expect(sanitizeRichText('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">pay</a></p>')).toBe('<p><a>pay</a></p>');
  });
});

describe('sanitizeMessageText', () => {
  it('keeps the same rules without headings: their text stays', () => {
    expect(sanitizeMessageText('<h2>Bónus</h2><p>x <strong>y</strong></p><script>z</script>')).toBe(
      'Bónus<p>x <strong>y</strong></p>',
    );
    expect(sanitizeMessageText('<p><a href="https://ok.example/a" onclick="x()">ok</a></p>')).toBe(
      '<p><a href="https://ok.example/a" rel="noopener noreferrer">ok</a></p>',
    );
  });
});
