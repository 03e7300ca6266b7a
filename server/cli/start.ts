import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../server';
import { configOrExit } from './config';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (max, entry) => Math.max(max, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** Builds the web app when there is no build or the sources changed since the last one. */
async function buildWebIfNeeded(webRoot: string) {
  const built = newestMtime(path.join(webRoot, 'index.html'));
  const sources = Math.max(...['src', 'contract', 'index.html', 'vite.config.ts'].map(newestMtime));
  if (built >= sources && built > 0) return;
  if (!existsSync('index.html')) return;
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app (first start)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

const config = configOrExit();
if (config.webRoot && process.env.SKIP_WEB_BUILD !== '1') await buildWebIfNeeded(config.webRoot);
await startServer(config);
