import type { Page } from 'playwright-core';

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
  '/report',
  '/report/overall',
  '/report/completion-first-time',
  '/report/completion-first-time-trend',
  '/report/state-area-performance',
  '/report/store-area-performance',
  '/report/team-member-performance',
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
 * Until the screen has asked for everything it shows (no request for half a second) and no
 * loading spinner is left (a progress bar with a value, such as a task's progress, is content).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
  await page
    .locator('[role="progressbar"]:not([aria-valuenow])')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}
