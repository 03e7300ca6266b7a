/**
 * Cleans an uploaded SVG logo down to drawing instructions. An SVG is a document that can carry
 * scripts, event handlers, links and references to other servers; a logo needs none of them. This
 * is an allow-list rewrite, not a filter: the output is rebuilt from the elements and attributes
 * known to be inert, so anything unknown is left out rather than let through.
 */

export class SvgError extends Error {}

const ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'linearGradient',
    'radialGradient',
    'stop',
    'clipPath',
    'mask',
    'pattern',
    'marker',
    'style',
    'image',
    'filter',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
  ].map((e) => e.toLowerCase()),
);
/** Dropped as a tag but its drawing kept: a link around shapes. */
const UNWRAPPED = new Set(['a']);
const NAMESPACED_ATTRIBUTES = new Set(['xlink:href', 'xml:space', 'xmlns:xlink']);
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    const r = ref.toLowerCase();
    if (r.startsWith('#x')) return safeChar(Number.parseInt(r.slice(2), 16), whole);
    if (r.startsWith('#')) return safeChar(Number.parseInt(r.slice(1), 10), whole);
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[r] ?? whole;
  });
}

function safeChar(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** Script schemes hide behind entities, whitespace and control characters ("java&#9;script:"). */
function hasScript(value: string): boolean {
  let squashed = '';
  for (const ch of value) if (ch.charCodeAt(0) > 0x20) squashed += ch.toLowerCase();
  return /(?:javascript|vbscript|livescript):/.test(squashed) || squashed.includes('data:text/html');
}

/** Only references inside the document itself: url(#id). */
function hasExternalUrl(value: string): boolean {
  return /url\(\s*['"]?\s*(?!#)/i.test(value);
}

function unsafeCss(css: string): boolean {
  const squashed = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\\/g, '');
  return (
    /@import|expression\s*\(|-moz-binding|behavior\s*:/i.test(squashed) ||
    hasExternalUrl(squashed) ||
    hasScript(squashed)
  );
}

function keepAttribute(element: string, name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return false;
  if (lower === 'href' || lower === 'xlink:href') {
    const target = value.trim();
    return target.startsWith('#') || (element === 'image' && RASTER_DATA.test(target));
  }
  if (lower.includes(':') && !NAMESPACED_ATTRIBUTES.has(lower)) return false;
  if (lower === 'xmlns') return value.trim() === SVG_NS;
  if (lower === 'xmlns:xlink') return value.trim() === XLINK_NS;
  if (lower === 'style') return !unsafeCss(value);
  return !hasScript(value) && !hasExternalUrl(value);
}

const TOKEN = {
  comment: /<!--[\s\S]*?-->/y,
  cdata: /<!\[CDATA\[([\s\S]*?)\]\]>/y,
  doctype: /<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>/iy,
  instruction: /<\?[\s\S]*?\?>/y,
  end: /<\/([A-Za-z_][\w.:-]*)\s*>/y,
  start: /<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y,
  attribute: /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
};

function match(re: RegExp, source: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(source);
}

interface Open {
  name: string;
  /** Written to the output (false for dropped and unwrapped elements). */
  kept: boolean;
  /** Inside an element whose whole content is dropped. */
  dropping: boolean;
  style: boolean;
}

const MAX_DEPTH = 200;

/** Returns a clean SVG document or throws SvgError when the file is not well-formed SVG. */
export function sanitizeSvg(source: string): string {
  const text = source.replace(/^\uFEFF/, '');
  const out: string[] = [];
  const stack: Open[] = [];
  let sawRoot = false;
  let closedRoot = false;
  let usesXlink = false;
  let styleText = '';
  let i = 0;

  const emitText = (raw: string) => {
    const top = stack.at(-1);
    if (!top || top.dropping) return;
    if (top.style) styleText += raw;
    else out.push(escapeText(raw));
  };

  while (i < text.length) {
    if (text.startsWith('<!--', i)) {
      const m = match(TOKEN.comment, text, i);
      if (!m) throw new SvgError('unterminated comment');
      i += m[0].length;
    } else if (text.startsWith('<![CDATA[', i)) {
      const m = match(TOKEN.cdata, text, i);
      if (!m) throw new SvgError('unterminated CDATA');
      emitText(m[1] ?? '');
      i += m[0].length;
    } else if (text.startsWith('<!', i)) {
      // A document type can declare entities (billion laughs, external files): never kept.
      const m = match(TOKEN.doctype, text, i);
      if (!m || sawRoot) throw new SvgError('unexpected declaration');
      i += m[0].length;
    } else if (text.startsWith('<?', i)) {
      const m = match(TOKEN.instruction, text, i);
      if (!m) throw new SvgError('unterminated processing instruction');
      i += m[0].length;
    } else if (text.startsWith('</', i)) {
      const m = match(TOKEN.end, text, i);
      const top = stack.pop();
      if (!m || !top || top.name !== m[1]) throw new SvgError('mismatched end tag');
      if (top.style) {
        if (!unsafeCss(styleText)) out.push(escapeText(styleText), '</style>');
        else out.push('</style>');
        styleText = '';
      } else if (top.kept) out.push(`</${top.name}>`);
      if (stack.length === 0) {
        closedRoot = true;
        break;
      }
      i += m[0].length;
    } else if (text[i] === '<') {
      const m = match(TOKEN.start, text, i);
      if (!m) throw new SvgError('malformed tag');
      const [whole, name = '', rawAttributes = '', selfClosing] = m;
      i += whole.length;
      if (!sawRoot && name !== 'svg') throw new SvgError('the root element is not <svg>');
      sawRoot = true;
      if (stack.length >= MAX_DEPTH) throw new SvgError('nested too deeply');
      const parent = stack.at(-1);
      const lower = name.toLowerCase();
      const dropping =
        Boolean(parent?.dropping || parent?.style) || (!ELEMENTS.has(lower) && !UNWRAPPED.has(lower));
      const kept = !dropping && ELEMENTS.has(lower);
      if (kept) {
        const attributes: string[] = [];
        let hasNs = false;
        for (const a of rawAttributes.matchAll(TOKEN.attribute)) {
          const attrName = a[1] ?? '';
          const value = decode(a[2] ?? a[3] ?? '');
          if (!keepAttribute(lower, attrName, value)) continue;
          if (attrName.toLowerCase() === 'xmlns') hasNs = true;
          if (attrName.toLowerCase().startsWith('xlink:')) usesXlink = true;
          attributes.push(` ${attrName}="${escapeAttribute(value)}"`);
        }
        // Browsers draw an SVG image only when the root carries the SVG namespace.
        if (stack.length === 0 && !hasNs) attributes.unshift(` xmlns="${SVG_NS}"`);
        out.push(`<${name}${attributes.join('')}${selfClosing && lower !== 'style' ? '/>' : '>'}`);
        if (selfClosing && lower === 'style') out.push('</style>');
      }
      if (!selfClosing) stack.push({ name, kept, dropping, style: kept && lower === 'style' });
      else if (stack.length === 0) {
        closedRoot = true;
        break;
      }
    } else {
      const next = text.indexOf('<', i);
      const end = next === -1 ? text.length : next;
      emitText(decode(text.slice(i, end)));
      i = end;
    }
  }
  if (!sawRoot || !closedRoot) throw new SvgError('the document is incomplete');

  let svg = out.join('');
  if (usesXlink && !/^<svg[^>]*\sxmlns:xlink=/.test(svg)) {
    svg = svg.replace(/^<svg/, `<svg xmlns:xlink="${XLINK_NS}"`);
  }
  return svg;
}
