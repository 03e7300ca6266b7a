import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../../contract/api/session';
import { axeFindings, type Finding } from './axe';
import { baseUrl, openBrowser, screenshotOnFailure } from './harness';
import { api, findNode, signIn, signInApi, sydneyDay } from './journey';
import { OWNER_SCREENS, STAFF_SCREENS, settle } from './screens';

/*
 * WCAG 2.2 AA as axe-core measures it (issue 27): every real screen — the same list the console
 * sweep visits — as the owner and as a store's team member, on a desktop and a phone, with the
 * sign-in pages, the urgent modal, an open task drawer, the user menu and the phone's menu drawer;
 * and as an area manager (desktop) and a store manager (phone), the screens their roles open.
 * Any critical, serious or moderate violation (heading order, landmarks) fails, so the count
 * stays at zero. One page per role and
 * width moves from screen to screen (no second sign-in), and each screen is scanned once its
 * requests have settled.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

let browser: Browser;
/** The urgent task this file publishes for Sydney CBD: archived at the end, so no modal is left behind. */
let urgentTask: number | undefined;
const URGENT_TITLE = `Accessibility sweep recall ${Date.now()}`;

beforeAll(async () => {
  browser = await openBrowser();
  urgentTask = await publishUrgentTask(URGENT_TITLE);
});
afterAll(async () => {
  await browser?.close();
  if (urgentTask === undefined) return;
  const token = await signInApi('owner@acme.test');
  await api('/api/admin/task/archive', token, { method: 'POST', body: { id: urgentTask } });
});

/** As the owner: an urgent task for Sydney CBD with a photo to take, open from yesterday to tomorrow. */
async function publishUrgentTask(title: string): Promise<number> {
  const token = await signInApi('owner@acme.test');
  const verify = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', token);
  const store = findNode(verify.hierarchy, 'Sydney CBD');
  const types = await api<{ data: { id: number; name: string }[] }>('/api/task/types/list', token);
  const urgent = types.data.find((t) => t.name === 'Urgent');
  if (!store || !urgent) throw new Error('the demo tenant has no Sydney CBD or no Urgent task type');
  const created = await api<{ id: number }>('/api/admin/task/create', token, {
    method: 'POST',
    body: {
      title,
      description: '<p>Take the recalled stock off the shelf and photograph the empty shelf.</p>',
      type_id: urgent.id,
      start_date: sydneyDay(-1),
      start_time: '00:00',
      due_date: sydneyDay(1),
      due_time: '23:00',
      targets: { include: [store.id] },
      evidence: { comment: true, photos: 1, files: 0 },
    },
  });
  await api('/api/admin/task/publish', token, { method: 'POST', body: { id: created.id } });
  return created.id;
}

async function openPage(name: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    timezoneId: 'Australia/Sydney',
    locale: 'en-AU',
  });
  const page = await context.newPage();
  screenshotOnFailure(page, `axe-${name}`);
  return page;
}

/** Readable in a failure: one line per element, grouped by rule. */
function report(findings: readonly Finding[]): string[] {
  return findings.map((f) => `${f.impact} ${f.rule} @ ${f.target}: ${f.summary}`);
}

/** Every screen of the owner's list the person's role opens (the others forward to /forbidden). */
async function sweep(page: Page, name: string, screens: readonly string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of screens) {
    await page.goto(path);
    await settle(page);
    if (new URL(page.url()).pathname === '/forbidden') continue;
    findings.push(...(await axeFindings(page, `${name} ${path}`)));
  }
  return findings;
}

describe('no critical, serious or moderate axe violation', () => {
  // The managers as they work: the area manager at a desk, the store manager on the shop floor.
  for (const [user, { name, viewport }] of [
    ['area@acme.test', WIDTHS[0]],
    ['store@acme.test', WIDTHS[1]],
  ] as const) {
    it(`as ${user} on every screen their role opens, on a ${name}`, async () => {
      const page = await openPage(`${user}-${name}`, viewport);
      try {
        await signIn(page, user);
        await settle(page);
        // Their store's urgent work may open the modal: it is swept with the staff below.
        const later = page
          .getByRole('dialog', { name: 'Urgent tasks' })
          .getByRole('button', { name: 'Later' });
        if (await later.isVisible()) await later.click();
        expect(report(await sweep(page, `${user} ${name}`, OWNER_SCREENS))).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 300_000);
  }

  for (const { name, viewport } of WIDTHS) {
    it(`signed out, on a ${name}`, async () => {
      const page = await openPage(`signed-out-${name}`, viewport);
      const findings: Finding[] = [];
      try {
        for (const path of ['/login', '/password/forgot']) {
          await page.goto(path);
          await page.locator('input').first().waitFor();
          findings.push(...(await axeFindings(page, `${name} ${path}`)));
        }
        expect(report(findings)).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it(`as the owner on every screen, on a ${name}`, async () => {
      const page = await openPage(`owner-${name}`, viewport);
      const findings: Finding[] = [];
      try {
        await signIn(page, 'owner@acme.test');
        for (const path of OWNER_SCREENS) {
          await page.goto(path);
          await settle(page);
          findings.push(...(await axeFindings(page, `${name} ${path}`)));
        }
        // The menus: the account menu, and on a phone the navigation drawer.
        await page.getByRole('button', { name: /account/i }).click();
        await page.getByRole('menu').waitFor();
        // An open menu is a popup in a portal at the end of the page, outside the landmarks by
        // design (MUI hides the rest of the page from screen readers while it is open, and kept
        // inside the banner it would hide itself): the landmark rule does not apply to it.
        findings.push(...(await axeFindings(page, `${name} account menu`, undefined, ['region'])));
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'hidden' });
        if (name === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('navigation').getByRole('link').first().waitFor();
          findings.push(...(await axeFindings(page, `${name} menu drawer`)));
        }
        expect(report(findings)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 300_000);

    it(`as a store's team member, with the urgent modal and a task open, on a ${name}`, async () => {
      const page = await openPage(`staff-${name}`, viewport);
      const findings: Finding[] = [];
      try {
        await signIn(page, 'staff@acme.test');
        const modal = page.getByRole('dialog', { name: 'Urgent tasks' });
        await modal.getByRole('button', { name: new RegExp(URGENT_TITLE) }).waitFor({ timeout: 15_000 });
        findings.push(...(await axeFindings(page, `${name} urgent modal`)));
        await modal.getByRole('button', { name: new RegExp(URGENT_TITLE) }).click();
        const drawer = page.getByTestId('task-drawer');
        await drawer.getByRole('button', { name: 'Mark as done' }).waitFor();
        findings.push(...(await axeFindings(page, `${name} task drawer`)));
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        for (const path of STAFF_SCREENS) {
          await page.goto(path);
          await settle(page);
          findings.push(...(await axeFindings(page, `${name} ${path}`)));
        }
        expect(report(findings)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 180_000);
  }
});
