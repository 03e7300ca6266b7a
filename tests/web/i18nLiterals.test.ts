// @vitest-environment node
// Issue 31: every text a person reads comes from the message files, so it can be translated. This
// parses each component (Vite's parser, ESTree) and lists JSX text and the string literals of labelling
// props that are neither an i18n key nor on the allow-list below.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../src');

/** Props whose string a person reads (or hears). */
const LABELS = new Set(['label', 'title', 'placeholder', 'aria-label', 'helperText', 'emptyText', 'alt']);

/** Not language: the brand, file formats, symbols. */
const ALLOWED = new Set(['Storeline', '© Storeline', 'CSV', 'XLSX', '&nbsp;', '—', '·', '/', '–', '%', '…']);

/** An i18n key: dotted lower-case words ("profile.language.title"). */
const KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

type Node = { type: string; start: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function literalsIn(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  const where = (node: Node) =>
    `${path.relative(ROOT, file)}:${code.slice(0, node.start).split('\n').length}`;
  const visit = (node: Node) => {
    if (node.type === 'JSXText') {
      const text = String(node.value).trim();
      if (/[A-Za-z]/.test(text) && !ALLOWED.has(text)) found.push(`${where(node)} text "${text}"`);
    } else if (node.type === 'JSXAttribute' && isNode(node.value) && node.value.type === 'Literal') {
      const name = isNode(node.name) ? String(node.name.name) : '';
      const value = String(node.value.value);
      if (LABELS.has(name) && /[A-Za-z]/.test(value) && !KEY.test(value) && !ALLOWED.has(value))
        found.push(`${where(node)} ${name}="${value}"`);
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(parseAst(code, { lang: 'tsx' }) as unknown as Node);
  return found;
}

describe('user-visible text in components', () => {
  it('comes from the message files, not English literals', () => {
    const literals = files(ROOT).flatMap(literalsIn);
    expect(
      literals,
      `English literals to move into src/i18n/en.ts (and es, fr):\n${literals.join('\n')}`,
    ).toEqual([]);
  });
});
