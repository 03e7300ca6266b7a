import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles } from '../support/cycles';

/*
 * Issue 24: dependencies between server modules point one way. A module is a folder of
 * server/modules; an import counts when it runs (type-only imports vanish when compiled). Where two
 * modules need each other, the shared part moves down (server/lib, or a module below both).
 */

const ROOT = path.resolve(__dirname, '../../server');
const MODULES = path.join(ROOT, 'modules');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The relative paths a file imports at run time (with `types`, also those it imports types from). */
function runtimeImports(file: string, { types = false } = {}): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'(\.[^']*)';/gm)) {
    const [, typeOnly, names = '', spec = ''] = match;
    if (types) {
      found.push(path.resolve(path.dirname(file), spec));
      continue;
    }
    if (typeOnly) continue;
    // `import { type A, type B }` is erased too.
    const named = names.trim().match(/^\{([\s\S]*)\}$/);
    if (named?.[1]?.split(',').every((name) => !name.trim() || name.trim().startsWith('type '))) continue;
    found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

const moduleOf = (file: string) =>
  file.startsWith(`${MODULES}${path.sep}`) ? file.slice(MODULES.length + 1).split(path.sep)[0] : undefined;

/** Module → the modules it imports at run time, with one importing file each for the message. */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of filesUnder(MODULES)) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const target of runtimeImports(file)) {
      const to = moduleOf(target);
      if (to && to !== from && !edges.has(to)) edges.set(to, path.relative(ROOT, file));
    }
  }
  return graph;
}

describe('server module dependencies', () => {
  it('form no cycle: no two modules import each other at run time, directly or around a ring', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    const targets = new Map([...graph].map(([from, edges]) => [from, [...edges.keys()]]));
    const rings = cycles(targets).map((ring) =>
      ring.map(
        (m) =>
          `${m} → ${[...(graph.get(m)?.entries() ?? [])]
            .filter(([to]) => ring.includes(to))
            .map(([to, file]) => `${to} (${file})`)
            .join(', ')}`,
      ),
    );
    expect(rings).toEqual([]);
  });

  it('keeps server/lib below the modules: nothing in lib imports a module', () => {
    const upward = filesUnder(path.join(ROOT, 'lib')).flatMap((file) =>
      runtimeImports(file)
        .filter((target) => moduleOf(target) !== undefined)
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it("keeps each repository to its module: lib, i18n, plugins and other modules use a module's service", () => {
    const isRepository = (file: string) => path.basename(file) === 'repository.ts';
    const readers = filesUnder(ROOT).flatMap((file) =>
      runtimeImports(file, { types: true })
        .map((target) => (target.endsWith('.ts') ? target : `${target}.ts`))
        .filter((target) => moduleOf(target) !== undefined && isRepository(target))
        .filter((target) => moduleOf(file) !== moduleOf(target))
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(readers).toEqual([]);
  });

  it('starts background jobs in one place: only the job runner calls jobs.work or jobs.every', () => {
    // A job is declared in its module's jobs/ folder (defineJob); server/plugins/jobs.ts starts it.
    const starters = filesUnder(ROOT)
      .filter((file) => /\bjobs\s*\.\s*(work|every)\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(starters).toEqual(['plugins/jobs.ts']);
  });

  it('would notice a cycle: the check finds a ring in a graph that has one', () => {
    const ring = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(ring)).toEqual([['a', 'b', 'c']]);
  });
});
