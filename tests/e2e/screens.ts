import type { Page, Request } from 'playwright-core';

/*
 * Every real screen a demo role can open: the console sweep and the accessibility sweep both visit
 * these, so a new screen is added once and checked by both.
 */

export const OWNER_SCREENS = [
  '/dashboard',
  '/task',
  '/task/management',
  '/task/management/create',
  '/task/compliance',
  '/audit/task',
  '/audit/store',
  '/audit/inspection',
  '/audit/form-template',
  '/audit/form-template/create',
  '/report',
  '/report/overall',
  '/report/completion-first-time',
  '/report/completion-first-time-trend',
  '/report/state-area-performance',
  '/report/store-area-performance',
  '/report/team-member-performance',
  '/report/inspections',
  '/workspace',
  '/admin/user',
  '/admin/user/create',
  '/admin/user/import',
  '/admin/role',
  '/admin/role/create',
  '/admin/department',
  '/admin/department/create',
  '/admin/workspace',
  '/admin/workspace/create',
  '/admin/workspace/import',
  '/admin/hierarchy',
  '/admin/profile-management',
  '/settings',
  '/admin/activity',
  '/profile',
];
export const STAFF_SCREENS = ['/task', '/task/compliance', '/workspace', '/profile'];

/**
 * Moves a signed-in page to another screen the way the app's own links do (the router, without
 * loading the app again) and waits until it has settled. A sweep of thirty screens then loads the
 * app once instead of thirty times; the console sweep loads each screen directly, so both ways
 * in are covered.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  const open = requestsOf(page);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path || url.pathname === '/forbidden');
  await quiet(open);
  // Drawn, not a loading fallback: on a busy machine a lazy screen may not have asked for its
  // code within half a second of the move (a sweep once scanned /report with no main and no h1).
  // A screen that has neither for ten seconds is axe's to report.
  const drawn = () => Boolean(document.querySelector('main') && document.querySelector('h1'));
  if (!(await page.evaluate(drawn))) {
    await page.waitForFunction(drawn, null, { timeout: 10_000 }).catch(() => {});
    await quiet(open);
  }
  await spinnersGone(page);
}

const openRequests = new WeakMap<Page, Set<Request>>();

/** The page's requests still open, counted from the first time a sweep asks. */
function requestsOf(page: Page): Set<Request> {
  let open = openRequests.get(page);
  if (!open) {
    const requests = new Set<Request>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    openRequests.set(page, requests);
    open = requests;
  }
  return open;
}

/**
 * Until no request has been open for half a second: what networkidle says of a page load, for a
 * move inside the app, which the browser does not count as a load.
 */
async function quiet(open: Set<Request>, idleMs = 500, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let idleSince = 0;
  while (Date.now() < deadline) {
    if (open.size > 0) idleSince = 0;
    else if (idleSince === 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= idleMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function spinnersGone(page: Page): Promise<void> {
  await page
    .locator('[role="progressbar"]:not([aria-valuenow])')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

/**
 * Until the screen has asked for everything it shows (no request for half a second) and no
 * loading spinner is left (a progress bar with a value, such as a task's progress, is content).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
  await spinnersGone(page);
}
