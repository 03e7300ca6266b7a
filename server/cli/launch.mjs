// `npm start`: runs the server compiled to plain JavaScript (dist-server/start.mjs), so production
// needs neither tsx nor a TypeScript loader. The bundle is (re)built by esbuild — a runtime
// dependency for this reason — when it is missing or older than the server's sources; the web app
// is built by start.ts on the same rule. Dependencies stay in node_modules (not bundled).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './newestMtime.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const outDir = path.join(root, 'dist-server');
const bundle = path.join(outDir, 'start.mjs');

const sources = Math.max(
  ...['server', 'contract', 'package-lock.json'].map((p) => newestMtime(path.join(root, p))),
);
if (newestMtime(bundle) < sources) {
  const started = Date.now();
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server/cli/start.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node.js package.json's engines admits.
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The migrator reads its SQL files beside the code that runs it.
  cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  console.log(`compiled the server in ${Date.now() - started} ms`);
}
// npm test compiles once before starting two journey servers, which would otherwise both empty
// and rebuild this folder at once, one of them while the other loads it.
if (process.env.STORELINE_COMPILE_ONLY !== '1') await import(pathToFileURL(bundle).href);
