import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * The product's one sanitiser: DOMPurify on a server-side DOM. Rich text (task instructions) and
 * uploaded SVG logos both go through it, each with its own allow-list.
 */
const purify = createDOMPurify(new JSDOM('').window);

/** Inline styles (the editor's colours) may not fetch anything: no url(), image-set() or expressions. */
const LOADS_SOMETHING = /url\s*\(|image-set|expression\s*\(|@import/i;
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && LOADS_SOMETHING.test(data.attrValue)) data.keepAttr = false;
});

/** Tags a task's instructions may use: what the rich-text editor produces, nothing that runs or loads. */
const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'mark',
  'span',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'hr',
];

/** Rich text as a person wrote it, minus scripts, event handlers, styles that load things and foreign tags. */
export function sanitizeHtml(html: string): string {
  const clean = purify.sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel', 'class', 'style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
  });
  return String(clean);
}

export { purify };
