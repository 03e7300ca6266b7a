// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { cycles } from '../support/cycles';

/*
 * Issue 43: the web app's top folders depend one way, top to bottom; a folder imports itself and
 * the folders below it, never one above. Every import counts, type-only and lazy ones included,
 * because a type import is still a reason to open the other file, and a cycle of them is a cycle
 * a reader walks in. Where a lower folder needs something of a higher one, the higher one hands
 * it down (the registry gives the providers the resource table, the layout the routes), or the
 * shared piece moves down.
 */
const LAYERS: readonly (readonly [folder: string, holds: string])[] = [
  ['app', 'App, AdminApp, main, the screen registry and the wiring (src/*.ts[x]): the composition root'],
  ['customRoutes', 'screens that are not a react-admin resource'],
  ['resources', 'react-admin resources and their screens'],
  ['layout', 'the shell: app bar, menus, urgent tasks, notifications'],
  ['components', 'pieces shared by screens'],
  ['routing', 'route shapes, the guard, the menus, record paths, the registry handed down'],
  ['offline', 'the queue of completions, the connection state, the service worker link'],
  ['hooks', 'React hooks over the session and the providers'],
  ['providers', 'the API client and the data, auth, i18n and theme providers'],
  ['i18n', 'messages and the words of each language'],
  ['session', 'the signed-in person: SessionUser, its store, hierarchy, theme and time zone helpers'],
  ['sw', 'the service worker'],
  ['contract', 'types and constants shared with the server (outside src/)'],
];

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const rank = new Map(LAYERS.map(([folder], index) => [folder, index]));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a source names: import, export … from, import() and `typeof import()`. */
function specifiersIn(source: string, lang: 'ts' | 'tsx'): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: string; source?: { value?: unknown } };
    const source = n.source?.value;
    if (
      typeof source === 'string' &&
      /^(Import|Export\w*)Declaration$|^ImportExpression$|^TSImportType$/.test(n.type ?? '')
    )
      found.push(source);
    for (const child of Object.values(node)) visit(child);
  };
  visit(parseAst(source, { lang }));
  return found;
}

/** The file a relative specifier names, as the bundler resolves it; undefined for packages. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  if (!found) throw new Error(`${path.relative(ROOT, from)} imports ${specifier}, which is no file`);
  return found;
}

/** The layer a file belongs to: its top folder under src/, "app" for src/'s own files. */
function layerOf(file: string): string {
  const inSrc = path.relative(SRC, file);
  if (inSrc.startsWith('..')) return path.relative(ROOT, file).split(path.sep)[0] ?? '';
  const parts = inSrc.split(path.sep);
  return parts.length === 1 ? 'app' : (parts[0] ?? '');
}

/** File → the files it imports (relative paths from the repository root). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(SRC)) {
    const lang = file.endsWith('.tsx') ? 'tsx' : 'ts';
    const targets = specifiersIn(readFileSync(file, 'utf8'), lang).flatMap(
      (specifier) => resolve(file, specifier) ?? [],
    );
    graph.set(
      path.relative(ROOT, file),
      targets.map((target) => path.relative(ROOT, target)),
    );
  }
  return graph;
}

/** The imports that point up the table, or into a folder the table does not know. */
function upwardImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(path.join(ROOT, file));
    for (const target of targets) {
      const to = layerOf(path.join(ROOT, target));
      const fromRank = rank.get(from);
      const toRank = rank.get(to);
      if (fromRank === undefined || toRank === undefined || toRank < fromRank)
        found.push(`${file} (${from}) → ${target} (${to})`);
    }
  }
  return found;
}

/** Folder pairs that import each other, each with one import of each way. */
function mutualFolders(graph: Map<string, string[]>): string[] {
  const edges = new Map<string, string>();
  for (const [file, targets] of graph)
    for (const target of targets) {
      const key = `${layerOf(path.join(ROOT, file))} → ${layerOf(path.join(ROOT, target))}`;
      if (!edges.has(key)) edges.set(key, `${file} → ${target}`);
    }
  return [...edges].flatMap(([key, example]) => {
    const [from, to] = key.split(' → ');
    const back = edges.get(`${to} → ${from}`);
    return from !== to && from! < to! && back ? [`${from} ↔ ${to}: ${example}; ${back}`] : [];
  });
}

describe('the layers of the web app', () => {
  const graph = importGraph();

  it('reads every file of src/ and knows every top folder', () => {
    expect(graph.size).toBeGreaterThan(300);
    const folders = readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) expect([...rank.keys()]).toContain(folder.name);
  });

  it('imports only down the table: no file imports a folder above its own', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no two folders importing each other', () => {
    expect(mutualFolders(graph)).toEqual([]);
  });

  it('has no cycle between files, type imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('would notice: an upward import, a lazy one and a type-only cycle are all found', () => {
    expect(layerOf(path.join(SRC, 'providers', 'x.ts'))).toBe('providers');
    expect(layerOf(path.join(SRC, 'AdminApp.tsx'))).toBe('app');
    expect(layerOf(path.join(ROOT, 'contract', 'modules.ts'))).toBe('contract');
    const ring = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(ring)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    // Type-only, re-exported, lazy and `typeof import()` imports all count.
    const source = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "export type { C } from './c';",
      "export * from './d';",
      "const Page = lazy(() => import('./e'));",
      "let f: typeof import('./f').F;",
      'const g = <div />;',
    ].join('\n');
    expect(specifiersIn(source, 'tsx')).toEqual(['./a', './b', './c', './d', './e', './f']);
  });
});
