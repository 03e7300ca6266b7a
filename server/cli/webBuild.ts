import path from 'node:path';
import { newestMtime } from './newestMtime.mjs';

/** Builds the web app when there is no build or its sources changed since the last one. */
export async function buildWebIfNeeded(webRoot: string): Promise<'fresh' | 'built'> {
  const built = newestMtime(path.join(webRoot, 'index.html'));
  const sources = Math.max(...['src', 'contract', 'index.html', 'vite.config.ts'].map(newestMtime));
  if (built > 0 && built >= sources) return 'fresh';
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app (first start)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: webRoot, emptyOutDir: true } });
  return 'built';
}
