import DOMPurify from 'dompurify';

/**
 * The editor's live preview, sanitised in the browser with the gateway's allow-list
 * (apps/server/src/platform/html/rich-text.ts): what the preview shows is what members will see.
 * The gateway sanitises again on save and on render; this is never the only guard.
 */
const ALLOWED_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'];
/** Platform messages: the same, without headings (the gateway's message allow-list). */
export const MESSAGE_TAGS = ALLOWED_TAGS.filter((tag) => tag !== 'h2' && tag !== 'h3');
const SAFE_HREF = /^(?:https?:\/\/[^\s/]|mailto:[^\s])\S*$/i;

export function sanitizePreview(html: string, allowedTags: readonly string[] = ALLOWED_TAGS): string {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (SAFE_HREF.test(href)) node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('href');
  });
  return purify.sanitize(html, { ALLOWED_TAGS: [...allowedTags], ALLOWED_ATTR: ['href', 'rel'] });
}

/** The toolbar's edits: wrap the selection in a tag (or insert one). */
export type Wrap = { before: string; after: string };
export const TOOLBAR: { id: string; label: string; wrap: Wrap }[] = [
  { id: 'bold', label: 'B', wrap: { before: '<strong>', after: '</strong>' } },
  { id: 'italic', label: 'I', wrap: { before: '<em>', after: '</em>' } },
  { id: 'h2', label: 'H2', wrap: { before: '<h2>', after: '</h2>\n' } },
  { id: 'h3', label: 'H3', wrap: { before: '<h3>', after: '</h3>\n' } },
  { id: 'p', label: '¶', wrap: { before: '<p>', after: '</p>\n' } },
  { id: 'ul', label: '•', wrap: { before: '<ul>\n  <li>', after: '</li>\n</ul>\n' } },
  { id: 'ol', label: '1.', wrap: { before: '<ol>\n  <li>', after: '</li>\n</ol>\n' } },
  { id: 'link', label: '🔗', wrap: { before: '<a href="https://">', after: '</a>' } },
];

/** `placeholder`: what goes inside when nothing is selected (in the operator's language). */
export function applyWrap(text: string, start: number, end: number, wrap: Wrap, placeholder: string) {
  const selected = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + wrap.before + selected + wrap.after + text.slice(end);
  const from = start + wrap.before.length;
  return { text: next, selection: [from, from + selected.length] as const };
}
