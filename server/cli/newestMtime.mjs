// Plain JavaScript, so that launch.mjs (run by node with no TypeScript loader) and webBuild.ts
// decide "sources changed since the last build" by the same rule.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The latest modification time of a file or of anything below a folder; 0 when it does not exist. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (max, entry) => Math.max(max, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}
