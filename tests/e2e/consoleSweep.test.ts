import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openBrowser, screenshotOnFailure } from './harness';
import { signIn } from './journey';
import { OWNER_SCREENS, openScreen, STAFF_SCREENS, settle } from './screens';

/*
 * Every real screen, as the owner and as a store's team member, in two browser zones: no console
 * error and no failed request on any of them. A screen that logs an error or asks for something
 * that is not there works in a demo and breaks trust (and monitoring) in a chain. In the first
 * zone each screen is loaded from its address (a bookmark, a link in an e-mail); in the second
 * the sweep moves through the app's router, as a person clicking through does, which costs a
 * busy machine a fraction of loading the app sixty-eight times.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in page in `zone` that records every console error and failed request with the screen. */
async function watched(username: string, zone: string, direct: boolean) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    timezoneId: zone,
    locale: 'en-AU',
  });
  const page = await context.newPage();
  screenshotOnFailure(page, `sweep-${username}-${zone}`);
  const problems: string[] = [];
  let screen = '/login';
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${screen}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${screen}: uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${screen}: ${response.request().method()} ${response.url()} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // Requests of the page being left, cancelled by the next navigation: not the product's.
    if (reason !== 'net::ERR_ABORTED')
      problems.push(`${screen}: ${request.method()} ${request.url()} failed: ${reason}`);
  });
  await signIn(page, username);
  return {
    page,
    problems,
    visit: async (path: string) => {
      screen = path;
      if (direct) {
        await page.goto(path);
        await settle(page);
      } else await openScreen(page, path);
    },
    close: () => context.close(),
  };
}

describe('no console error or failed request on any screen', () => {
  for (const [username, screens] of [
    ['owner@acme.test', OWNER_SCREENS],
    ['staff@acme.test', STAFF_SCREENS],
  ] as const)
    for (const [zone, direct] of [
      ['Australia/Sydney', true],
      ['America/New_York', false],
    ] as const)
      it(`as ${username} in a ${zone} browser, ${direct ? 'loading each screen' : 'through the app'}`, async () => {
        const sweep = await watched(username, zone, direct);
        try {
          for (const path of screens) await sweep.visit(path);
          expect(sweep.problems).toEqual([]);
        } finally {
          await sweep.close();
        }
      }, 180_000);
});
