import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../lazy-require.ts';

const loadSanitizeHtml = lazyRequire<typeof sanitizeHtml>('sanitize-html');

/**
 * Operator-written rich text (help-centre articles) made safe to put in a page: only p, h2, h3, ul,
 * ol, li, strong, em, br and a survive; a link keeps only an http, https or mailto href and gets
 * rel="noopener noreferrer" (target is dropped); every other tag is removed, and script, style and
 * similar elements with their content. No attribute but href survives (no on*, style, class, id).
 * Used on save and again on every read, so a row written another way (a migration, SQL by hand)
 * is never served as it was stored.
 */
/** http(s) with a host, or mailto; checked on the decoded value (entities already resolved). */
const SAFE_HREF = /^(?:https?:\/\/[^\s/]|mailto:\S)[^\s\p{Cc}]*$/iu;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object'],
  transformTags: {
    // A link without a safe absolute href keeps no attribute at all: inert text.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      SAFE_HREF.test(attribs.href ?? '')
        ? { tagName, attribs: { href: attribs.href!, rel: 'noopener noreferrer' } }
        : { tagName, attribs: {} },
  },
};

export const sanitizeRichText = (html: string): string => loadSanitizeHtml()(html, OPTIONS).trim();

const MESSAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'],
};

/** Platform messages: the same rules without headings (a heading's text stays, as a paragraph's). */
export const sanitizeMessageText = (html: string): string => loadSanitizeHtml()(html, MESSAGE_OPTIONS).trim();
