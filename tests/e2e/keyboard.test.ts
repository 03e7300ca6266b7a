import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../../contract/api/session';
import { fileBrowser } from './harness';
import { api, archivedAfterAll, findNode, publishTask, signInApi, sydneyDay } from './journey';

/*
 * Keyboard journeys (issue 27): each done with the keyboard alone — no click, no mouse — as a
 * person who cannot use a pointer does it. Tab counts are bounded, so a screen that grows a long
 * detour of tab stops before its main control fails here.
 */

const { open } = fileBrowser();
/** Tasks this file published: archived at the end. */
const published = archivedAfterAll();

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `most` presses.
 * Answers how many it took.
 */
async function tabTo(page: Page, target: Locator, most: number, back = false): Promise<number> {
  await target.waitFor();
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${target} did not take the focus within ${most} presses of Tab`);
}

/** Signs in with the keyboard: the username field, Tab, the password, Enter. */
async function signInByKeyboard(page: Page, username: string) {
  await page.goto('/login');
  const field = page.locator('input[name="username"]');
  if (!(await isFocused(field))) await tabTo(page, field, 5);
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('storeline-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

/** As the owner: a task of type Task for Sydney CBD, due today, with a checklist and a comment to write. */
const publishChecklistTask = (title: string, checklist: string[]) =>
  publishTask(published, {
    type: 'Task',
    title,
    description: '<p>Check the dairy fridge and write down what it reads.</p>',
    start_date: sydneyDay(0),
    due_date: sydneyDay(0),
    due_time: '23:30',
    evidence: { comment: true, photos: 0, files: 0 },
    checklist,
  });

describe('keyboard alone', () => {
  it('a team member skips to the page, opens a task, ticks its checklist, writes a comment and marks it done', async () => {
    const title = `Dairy fridge by keyboard ${Date.now()}`;
    await publishChecklistTask(title, ['Open the dairy fridge', 'Read the thermometer']);
    const page = await open('keyboard-staff-checklist');
    await signInByKeyboard(page, 'staff@acme.test');
    const card = page.getByTestId('task-card').filter({ hasText: title });
    await card.waitFor();

    // The first Tab reaches the skip link; Enter moves the focus to the page itself.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.getByRole('main'))).toBe(true);

    // From there the day's cards are a few stops away (the day and week controls, the filters).
    const presses = await tabTo(page, card, 20);
    expect(presses).toBeLessThanOrEqual(20);
    await page.keyboard.press('Enter');

    // The drawer takes the focus; the checklist is ticked with Space, the comment typed.
    const drawer = page.getByRole('dialog', { name: title });
    await drawer.getByRole('button', { name: 'Mark as done' }).waitFor();
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (const step of ['Open the dairy fridge', 'Read the thermometer']) {
      const box = drawer.getByRole('checkbox', { name: step });
      await tabTo(page, box, 15);
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
    }
    await tabTo(page, drawer.getByRole('textbox', { name: /Comment/ }), 5);
    await page.keyboard.type('Reads 3 °C, door seal fine.');
    await tabTo(page, drawer.getByRole('button', { name: 'Mark as done' }), 10);
    await page.keyboard.press('Enter');

    await drawer.waitFor({ state: 'hidden' });
    await page
      .getByTestId('done-section')
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    // The focus is back on the task's card, now among the done ones, not lost to the document.
    const doneCard = page.getByTestId('done-section').getByTestId('task-card').filter({ hasText: title });
    await expect.poll(() => isFocused(doneCard), { timeout: 5_000 }).toBe(true);
  });

  it('the owner moves a group to another part of the tree: select it with the arrows, Move to…, pick the destination', async () => {
    const name = `Keyboard area ${Date.now()}`;
    const token = await signInApi('owner@acme.test');
    const verify = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', token);
    const victoria = findNode(verify.hierarchy, 'Victoria');
    const nsw = findNode(verify.hierarchy, 'New South Wales');
    if (!victoria || !nsw) throw new Error('the demo tenant has no Victoria or New South Wales');
    const group = await api<{ id: number }>('/api/hierarchy/node/create', token, {
      method: 'POST',
      body: { parent_id: victoria.id, type: 'container', name },
    });

    const page = await open('keyboard-owner-hierarchy-move');
    await signInByKeyboard(page, 'owner@acme.test');
    await page.goto('/admin/hierarchy');
    const tree = page.getByRole('tree');
    await page.getByRole('treeitem', { name: new RegExp(`^${name}`) }).waitFor();
    await tabTo(page, tree, 30);
    // The arrows walk the lines (the tree keeps the focus and points at the line it is on).
    const onGroup = () =>
      tree.evaluate((el, id) => el.getAttribute('aria-activedescendant') === id, `sl-node-${group.id}`);
    for (let presses = 0; !(await onGroup()); presses++) {
      if (presses > 60) throw new Error(`the arrows did not reach ${name}`);
      await page.keyboard.press('ArrowDown');
    }

    // The toolbar that acts on the chosen line sits above the tree.
    await tabTo(page, page.getByRole('button', { name: 'Move to…' }), 15, true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const destination = dialog.getByRole('combobox', { name: 'Destination' });
    // The focus moves into the dialog (to its one field).
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { timeout: 5_000 })
      .toBe(true);
    if (!(await isFocused(destination))) await tabTo(page, destination, 5);
    await page.keyboard.type('New South Wales');
    await dialog
      .page()
      .getByRole('option', { name: /^New South Wales/ })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Move' }), 10);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${name} moved under New South Wales`).first().waitFor({ timeout: 15_000 });

    const after = await api<{ hierarchy: HierarchyNode[] }>('/api/user/verify', token);
    expect(findNode(findNode(after.hierarchy, 'New South Wales')?.children ?? [], name)).toBeDefined();
    // The focus is back where the move started, not lost to the document.
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  it('an area manager sends a completion back with a reason, then approves the next attempt, in the audit dialog', async () => {
    const title = `Keyboard audit ${Date.now()}`;
    const taskId = await publishTask(published, {
      type: 'Task',
      title,
      description: '<p>Say how many cases of water are on the pallet.</p>',
      start_date: sydneyDay(0),
      due_date: sydneyDay(0),
      due_time: '23:59',
      evidence: { comment: true, photos: 0, files: 0 },
      approval: true,
    });
    // The store's answer, sent through the API (this journey is the reviewer's).
    const staff = await signInApi('staff@acme.test');
    const found = JSON.stringify(
      await api('/api/user/task/search', staff, {
        query: { search_key: title, timezone: 'Australia/Sydney' },
      }),
    );
    const assignment = Number(/"assignment_id":(\d+)/.exec(found)?.[1]);
    expect(assignment).toBeGreaterThan(0);
    const answer = (comment: string) =>
      api('/api/user/task/complete', staff, { method: 'POST', body: { assignment_id: assignment, comment } });
    await answer('About twenty cases.');

    const page = await open('keyboard-area-audit');
    await signInByKeyboard(page, 'area@acme.test');
    /** Audit By Task: search the task, open its queue and its waiting submission, all by keyboard. */
    const openSubmission = async () => {
      await page.goto('/audit/task');
      await tabTo(page, page.getByRole('textbox', { name: 'Search tasks' }), 25);
      await page.keyboard.type(title);
      const row = page.getByTestId('audit-queue-row').filter({ hasText: title });
      await tabTo(page, row.getByRole('button', { name: title }), 15);
      await page.keyboard.press('Enter');
      const submission = page
        .getByRole('region', { name: title })
        .getByTestId('audit-submission')
        .filter({ hasText: 'Sydney CBD' });
      await tabTo(page, submission, 25);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByText('cases of water').waitFor();
      await expect
        .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { timeout: 5_000 })
        .toBe(true);
      return dialog;
    };

    const dialog = await openSubmission();
    await tabTo(page, dialog.getByRole('button', { name: 'Send back' }), 25);
    await page.keyboard.press('Enter');
    const reject = page.getByRole('dialog', { name: 'Send back for another try' });
    const reason = reject.getByRole('textbox', { name: /What needs fixing/ });
    await reason.waitFor();
    if (!(await isFocused(reason))) await tabTo(page, reason, 10);
    await page.keyboard.type('Count them by the pallet label, please.');
    await tabTo(page, reject.getByRole('button', { name: 'Send back' }), 10);
    await page.keyboard.press('Enter');
    await reject.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await answer('Twenty-four cases, by the label.');
    const again = await openSubmission();
    await again.getByText('Attempt 2').waitFor();
    await tabTo(page, again.getByRole('button', { name: 'Approve' }), 25);
    await page.keyboard.press('Enter');
    await again
      .getByRole('status')
      .getByText(`Nothing more is waiting for a decision in ${title}.`)
      .waitFor();

    const decided = JSON.stringify(
      await api('/api/audit/submission/list', await signInApi('area@acme.test'), {
        query: { task_id: taskId, status: 'all' },
      }),
    );
    expect(decided).toContain('"state":"approved"');
    expect(decided).toContain('"state":"rejected"');
  });

  it('the owner writes a task for a store and publishes it after the confirmation', async () => {
    const title = `Keyboard task ${Date.now()}`;
    const page = await open('keyboard-owner-create-publish');
    await signInByKeyboard(page, 'owner@acme.test');
    await page.goto('/task/management/create');
    const titleField = page.locator('input[name="title"]');
    await titleField.waitFor();
    if (!(await isFocused(titleField))) await tabTo(page, titleField, 40);
    await page.keyboard.type(title);

    // The type: a select opened with the arrow key, its option chosen by typing and Enter.
    await tabTo(page, page.getByRole('combobox', { name: 'Type' }), 5);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Task', exact: true }).waitFor();
    await page.keyboard.type('Task');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });

    // Who receives it: typed, the match chosen with the arrows.
    await tabTo(page, page.getByRole('combobox', { name: /areas that receive it/ }), 40);
    await page.keyboard.type('Sydney CBD');
    await page
      .getByRole('option', { name: /Sydney CBD/ })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const preview = page.getByTestId('task-preview');
    await expect
      .poll(async () => (await preview.getByTestId('preview-stores').textContent()) ?? '', {
        timeout: 20_000,
      })
      .toMatch(/^1 store/);

    await tabTo(page, page.getByRole('button', { name: 'Publish' }), 80);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/1 store/).waitFor();
    await expect
      .poll(() => confirm.evaluate((el) => el.contains(document.activeElement)), { timeout: 5_000 })
      .toBe(true);
    await tabTo(page, confirm.getByRole('button', { name: 'Publish' }), 10);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/task\/management\/detail\/\d+$/.test(url.pathname), {
      timeout: 20_000,
    });
    published.push(Number(new URL(page.url()).pathname.split('/').pop()));
    await page.getByText('Published', { exact: true }).first().waitFor();
  });
});
