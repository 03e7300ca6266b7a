import { spawn } from 'node:child_process';

/** API with reload on :3001 (tsx watch) and Vite on :3000 proxying /api to it. */
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/cli/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '3001', SKIP_WEB_BUILD: '1' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => code && stop());
