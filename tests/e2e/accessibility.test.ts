import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, type Finding } from './axe';
import { fileBrowser } from './harness';
import { archivedAfterAll, publishTask, signIn } from './journey';
import { OWNER_SCREENS, openScreen, STAFF_SCREENS, settle } from './screens';

/*
 * WCAG 2.2 AA as axe-core measures it (issue 27): every real screen — the same list the console
 * sweep visits — as the owner and as a store's team member, on a desktop and a phone, with the
 * sign-in pages, the urgent modal, an open task drawer, the user menu and the phone's menu drawer;
 * and as an area manager (desktop) and a store manager (phone), the screens their roles open.
 * Any critical, serious or moderate violation (heading order, landmarks) fails, so the count
 * stays at zero. One page per role and
 * width moves from screen to screen as the app's links do (no second sign-in, no reload: the
 * console sweep loads each screen directly), and each screen is scanned once its requests have
 * settled.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const { open } = fileBrowser();
/** The urgent task this file publishes for Sydney CBD: archived at the end, so no modal is left behind. */
const published = archivedAfterAll();
const URGENT_TITLE = `Accessibility sweep recall ${Date.now()}`;

// As the owner: an urgent task for Sydney CBD with a photo to take, open from yesterday to tomorrow.
beforeAll(() =>
  publishTask(published, {
    type: 'Urgent',
    title: URGENT_TITLE,
    description: '<p>Take the recalled stock off the shelf and photograph the empty shelf.</p>',
    evidence: { comment: true, photos: 1, files: 0 },
  }),
);

/** A page of its own for one role and width; its test closes it (the screens are the subject). */
const openPage = (name: string, viewport: { width: number; height: number }): Promise<Page> =>
  open(`axe-${name}`, { viewport, keep: true });

/** Readable in a failure: one line per element, grouped by rule. */
function report(findings: readonly Finding[]): string[] {
  return findings.map((f) => `${f.impact} ${f.rule} @ ${f.target}: ${f.summary}`);
}

/** Every screen of the owner's list the person's role opens (the others forward to /forbidden). */
async function sweep(page: Page, name: string, screens: readonly string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of screens) {
    await openScreen(page, path);
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
          await openScreen(page, path);
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
          await openScreen(page, path);
          findings.push(...(await axeFindings(page, `${name} ${path}`)));
        }
        expect(report(findings)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 180_000);
  }
});
