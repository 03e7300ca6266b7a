import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          // Every file builds its own app on its own database copy, so the files of one worker can
          // share the loaded modules: importing the server once per worker instead of once per
          // file takes a third off the suite's time (each run of it: PGlite, PostgreSQL, Citus).
          isolate: false,
          // The PostgreSQL run goes beside the journeys: a test of several sign-ins and two apps
          // took past 30 s there on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Ten seconds per wait (setup.ts) and a few waits per test, on a busy two-core machine:
          // the task form's date tests take 20 s alone and timed out at 30 s beside the journeys.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          fileParallelism: false,
          // A journey takes 10–40 s alone and up to twice that on a busy two-core machine (CI runs
          // two halves of the journeys beside a server suite); a slow machine is not a failure.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
