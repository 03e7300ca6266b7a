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

export class SvgError extends Error {}

const SVG_NS = 'http://www.w3.org/2000/svg';
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** Only references inside the document itself: url(#id). */
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;
const UNSAFE_CSS = /@import|image-set|expression\s*\(|-moz-binding|behavior\s*:/i;
const unsafeCss = (css: string) => {
  const squashed = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\\/g, '');
  return UNSAFE_CSS.test(squashed) || EXTERNAL_URL.test(squashed);
};

/**
 * A second DOMPurify for logos: its hooks keep an SVG self-contained — links only to its own
 * elements (or an embedded raster image), no CSS that loads from elsewhere.
 */
const svgPurify = createDOMPurify(new JSDOM('').window);
svgPurify.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue.trim();
  if (name === 'href' || name === 'xlink:href') {
    data.keepAttr =
      value.startsWith('#') || (node.nodeName.toLowerCase() === 'image' && RASTER_DATA.test(value));
  } else if (name === 'style') {
    data.keepAttr = !unsafeCss(value);
  } else if (EXTERNAL_URL.test(value)) {
    data.keepAttr = false;
  }
});
svgPurify.addHook('afterSanitizeElements', (node) => {
  if (node.nodeName.toLowerCase() === 'style' && unsafeCss(node.textContent ?? '')) node.textContent = '';
});

const { window } = new JSDOM('');
const MAX_BYTES_PARSED = 4 * 1024 * 1024;

/**
 * Cleans an uploaded SVG logo down to drawing instructions: DOMPurify's SVG profile (no scripts,
 * event handlers, foreign HTML or animations), links only inside the document, no CSS that
 * fetches. Throws SvgError when the file is not a well-formed SVG document.
 */
export function sanitizeSvg(source: string): string {
  if (source.length > MAX_BYTES_PARSED) throw new SvgError('the file is too large');
  // A document type can declare entities (billion laughs, external files): refused before parsing.
  const text = source.replace(/^\uFEFF/, '').replace(/<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>/i, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new SvgError('unexpected declaration');
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (parsed.getElementsByTagName('parsererror').length > 0 || !root) {
    throw new SvgError('the document is not well-formed');
  }
  if (root.localName !== 'svg') throw new SvgError('the root element is not <svg>');
  const clean = svgPurify.sanitize(root.outerHTML, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    ADD_FORBID_CONTENTS: ['metadata', 'foreignobject'],
    FORBID_TAGS: [
      'a',
      'metadata',
      'animate',
      'animatecolor',
      'animatemotion',
      'animatetransform',
      'set',
      'foreignobject',
    ],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = clean.firstElementChild;
  if (!svg || svg.namespaceURI !== SVG_NS) throw new SvgError('the document has no drawing');
  return new window.XMLSerializer().serializeToString(svg);
}
