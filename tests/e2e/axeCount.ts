/**
 * Counts axe's findings of every impact per rule on a running Storeline with the demo data
 * (`npm start`, demo tasks on): the sign-in pages, every screen of the sweep's list as the owner,
 * an area manager, a store manager (the screens their roles open) and a store's team member (with
 * the urgent modal the demo opens for them), at 1280 and 390 px. The e2e suite's
 * accessibility.test.ts fails on critical, serious and moderate ones; this says how many there are.
 *
 *   BASE=http://localhost:3000 node --import tsx tests/e2e/axeCount.ts [--verbose]
 */
import { chromium } from 'playwright-core';
import { axeFindings, type Finding } from './axe';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { OWNER_SCREENS, STAFF_SCREENS, settle } from './screens';

const BASE = process.env.BASE ?? 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const findings: Finding[] = [];
let scans = 0;
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
const scan = async (page: import('playwright-core').Page, where: string) => {
  findings.push(...(await axeFindings(page, where, IMPACTS)));
  scans++;
};

for (const width of [1280, 390]) {
  const options = {
    baseURL: BASE,
    viewport: { width, height: 800 },
    timezoneId: 'Australia/Sydney',
    locale: 'en-AU',
  };
  const signedOut = await browser.newPage(options);
  for (const path of ['/login', '/password/forgot']) {
    await signedOut.goto(path);
    await settle(signedOut);
    await scan(signedOut, `${width} ${path}`);
  }
  await signedOut.context().close();
  for (const [user, screens] of [
    ['owner@acme.test', OWNER_SCREENS],
    ['area@acme.test', OWNER_SCREENS],
    ['store@acme.test', OWNER_SCREENS],
    ['staff@acme.test', STAFF_SCREENS],
  ] as const) {
    const page = await browser.newPage(options);
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(user);
    await page.locator('input[name="password"]').fill('storeline-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await settle(page);
    const later = page.getByRole('dialog', { name: 'Urgent tasks' }).getByRole('button', { name: 'Later' });
    if (await later.count()) {
      await scan(page, `${width} ${user} urgent modal`);
      await later.click();
    }
    for (const path of screens) {
      await page.goto(path);
      await settle(page);
      // A manager's role opens fewer screens than the owner's: the others forward to /forbidden.
      if (new URL(page.url()).pathname === '/forbidden') continue;
      await scan(page, `${width} ${user} ${path}`);
    }
    await page.context().close();
  }
}
await browser.close();

const byRule = new Map<string, number>();
for (const f of findings) byRule.set(`${f.impact} ${f.rule}`, (byRule.get(`${f.impact} ${f.rule}`) ?? 0) + 1);
const count = (impact: string) => findings.filter((f) => f.impact === impact).length;
console.log(`${scans} scans: ${IMPACTS.map((impact) => `${count(impact)} ${impact}`).join(', ')}`);
for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1]))
  console.log(`${String(n).padStart(5)}  ${rule}`);
if (process.argv.includes('--verbose'))
  for (const f of findings) console.log(`${f.rule}\t${f.target}\t${f.summary}`);
