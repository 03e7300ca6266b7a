import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { buildWebIfNeeded } from '../../server/cli/webBuild';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { DEMO_PASSWORD } from '../e2e/harness';
import { startBuiltServer } from './builtServer';
import { ms, report } from './measure';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LOADING = 'Loading your workspace…';
/** A store's phone on a fair 4G signal: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** What one sign-in took, in ms from the click on "Sign in" (the page's own clock). */
interface SignInTiming {
  /** Until the app's main region shows and the loading screen is gone. */
  shown: number;
  /** How long "Loading your workspace…" was on screen. */
  loading: number;
  /** When each request the first screen waits for started and ended. */
  requests: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Signs staff in from /login on a page of `context`; the person takes a second to type. */
async function signInOnce(context: BrowserContext): Promise<SignInTiming> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  // Signing in loads the app's page anew: each document notes when the loading screen came and went.
  await page.addInitScript((label) => {
    // Every request the page makes, not only its first 250 (the app loads many small chunks).
    performance.setResourceTimingBufferSize(5000);
    const w = window as unknown as { loadingShown?: number; loadingGone?: number };
    new MutationObserver(() => {
      const there = document.querySelector(`[aria-label="${label}"]`) !== null;
      if (there && w.loadingShown === undefined) w.loadingShown = performance.now();
      if (!there && w.loadingShown !== undefined && w.loadingGone === undefined)
        w.loadingGone = performance.now();
    }).observe(document, { childList: true, subtree: true });
  }, LOADING);
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('staff@acme.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.waitForTimeout(1000);
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The sign-in page has a main region of its own: first leave it.
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  await page.waitForFunction(
    (label) =>
      document.querySelector('main') !== null && document.querySelector(`[aria-label="${label}"]`) === null,
    LOADING,
    { timeout: 60_000 },
  );
  const shown = Date.now() - clicked;
  const timing = await page.evaluate(
    ({ clicked }) => {
      const w = window as unknown as { loadingShown?: number; loadingGone?: number };
      // This document's clock, from the click.
      const origin = performance.timeOrigin - clicked;
      const requests = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map((e) => ({ e, name: new URL(e.name).pathname }))
        .filter(({ name }) => /\/api\/user\/verify|\/assets\/AdminApp/.test(name))
        .map(
          ({ e, name }) =>
            `${name.replace(/^\/assets\/|^\/api\//, '').replace(/-[\w-]+\.js$/, '.js')} ${Math.round(origin + e.startTime)}–${Math.round(origin + e.responseEnd)}`,
        )
        .join(', ');
      const loading =
        w.loadingShown === undefined ? 0 : (w.loadingGone ?? performance.now()) - w.loadingShown;
      return { loading, requests };
    },
    { clicked },
  );
  await page.close();
  return { shown, ...timing };
}

function reportRuns(label: string, runs: SignInTiming[]) {
  for (const [i, run] of runs.entries())
    report(
      `  ${label} ${i + 1}`,
      `${ms(run.shown)} shown, loading screen ${ms(run.loading)}  (${run.requests} ms)`,
    );
  report(
    `${label}: median of ${runs.length}`,
    `${ms(median(runs.map((r) => r.shown)))} click → first screen, loading screen ${ms(median(runs.map((r) => r.loading)))}`,
  );
}

/**
 * Issue 44 item 4: the seconds between "Sign in" and the first screen, in the built product with
 * the demo tenant, in Chromium. A first visit (a new browser profile each time: nothing cached, no
 * service worker yet) and a returning one (signed out and in again on the same profile).
 */
export async function signInPageBench() {
  console.log(
    '\nSign-in → first screen — demo tenant, built app, Chromium on a phone’s 4G (150 ms, 1.6 Mbit/s)',
  );
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  await buildWebIfNeeded(path.resolve('dist'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-bench-'));
  const { base, stop } = await startBuiltServer(PORT, dataDir, {
    DEMO: 'true',
    DEMO_TASKS: 'false',
    LOGIN_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_USERNAME: '1000',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const viewport = { width: 390, height: 844 };
  try {
    // The server's first answers (its kept answers, the demo's first verify) are not the figure.
    const warm = await browser.newContext({ baseURL: base, viewport });
    await signInOnce(warm);
    await warm.close();

    const first: SignInTiming[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ baseURL: base, viewport });
      first.push(await signInOnce(context));
      await context.close();
    }
    reportRuns('first visit', first);

    const context = await browser.newContext({ baseURL: base, viewport });
    await signInOnce(context);
    const again: SignInTiming[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Signed out: the token cookie and the session's storage gone, the browser's caches kept.
      await context.clearCookies();
      const page = await context.newPage();
      await page.goto('/login');
      await page.evaluate(() => sessionStorage.clear());
      await page.close();
      again.push(await signInOnce(context));
    }
    reportRuns('returning', again);
    await context.close();
  } finally {
    await browser.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
