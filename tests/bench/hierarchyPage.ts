import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildWebIfNeeded } from '../../server/cli/webBuild';
import { openDatabase } from '../../server/db/client';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { startBuiltServer } from './builtServer';
import { BENCH_OWNER, BENCH_PASSWORD, FIVE_THOUSAND_STORES, generateLargeTenant } from './largeTenant';
import { ms, report } from './measure';

const PORT = Number(process.env.BENCH_PORT ?? 3390);

/**
 * Browser figures for /admin/hierarchy on a 5,000-store tenant: the built product on its embedded
 * database, driven by Chromium. First render is from navigation start to the tree's first line
 * (the page's own performance mark is reported too); scrolling is measured in animation frames.
 */
export async function hierarchyPageBench() {
  console.log('\nHierarchy page — 5,000-store tenant, built app, Chromium');
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  await buildWebIfNeeded(path.resolve('dist'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await generateLargeTenant(database.db, FIVE_THOUSAND_STORES);
  await database.close();

  const { base, stop } = await startBuiltServer(PORT, dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(BENCH_OWNER(FIVE_THOUSAND_STORES.identifier));
    await page.locator('input[name="password"]').fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    for (let run = 1; run <= 3; run++) {
      const started = Date.now();
      await page.goto('/admin/hierarchy');
      await page.getByRole('treeitem', { name: 'State 1', exact: true }).waitFor({ timeout: 60_000 });
      const visible = Date.now() - started;
      const mark = await page.evaluate(
        () => performance.getEntriesByName('storeline:hierarchy-tree-rendered')[0]?.startTime ?? -1,
      );
      // When the two calls the page waits for started and how long each took.
      const calls = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/api\/(user\/verify|hierarchy\/tree\/fetch)/.test(e.name))
          .map(
            (e) =>
              `${e.name.includes('verify') ? 'verify' : 'tree'} at ${Math.round(e.startTime)} for ${Math.round(e.duration)}`,
          )
          .join(', '),
      );
      report(
        `first render, load ${run} (navigation → first tree line)`,
        `${ms(visible)}  (page mark ${ms(mark)}; ${calls} ms)`,
      );
    }

    let started = Date.now();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('treeitem', { name: 'Store 1-1', exact: true }).waitFor();
    const rows = await page.getByRole('treeitem').count();
    report('expand all 5,208 nodes', `${ms(Date.now() - started)}  (${rows} lines in the DOM)`);

    const idle = await page.evaluate(async () => {
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 60; i++) {
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)]!;
    });
    report('idle frame time (baseline of this browser)', `median ${ms(idle)}`);
    // Two ways through the tree: a fast wheel (about 3 lines a frame) and long jumps that replace
    // every line each frame (dragging the scrollbar thumb).
    for (const [label, step] of [
      ['scroll by 120 px a frame, 240 frames (frame time)', 120],
      ['scroll top → bottom in 120 jumps (frame time)', 0],
    ] as const) {
      const frames = await page.evaluate(async (pixels) => {
        const tree = document.querySelector<HTMLElement>('[data-testid="hierarchy-tree"]')!;
        tree.scrollTop = 0;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const times: number[] = [];
        let last = performance.now();
        const steps = pixels ? 240 : 120;
        for (let i = 1; i <= steps; i++) {
          tree.scrollTop = pixels ? i * pixels : (tree.scrollHeight - tree.clientHeight) * (i / steps);
          await new Promise((r) => requestAnimationFrame(() => r(null)));
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        times.sort((a, b) => a - b);
        return {
          median: times[Math.floor(times.length / 2)]!,
          p95: times[Math.floor(times.length * 0.95)]!,
          max: times.at(-1)!,
        };
      }, step);
      report(label, `median ${ms(frames.median)}  p95 ${ms(frames.p95)}  max ${ms(frames.max)}`);
    }

    started = Date.now();
    await page.getByRole('textbox', { name: 'Search by name or code' }).fill('Store 200-25');
    await page.getByRole('treeitem', { name: 'Store 200-25', exact: true }).waitFor();
    report('search "Store 200-25" → match shown (incl. 200 ms debounce)', ms(Date.now() - started));
    await context.close();
  } finally {
    await browser.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
