import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditSubmissionPage } from '../../contract/api/audit';
import { fileBrowser } from './harness';
import { api, archivedAfterAll, publishTask, signIn, signInApi, sydneyDay } from './journey';

/**
 * The audit journey (issue 12): head office asks Sydney CBD for a photo of the end-cap display,
 * to be approved. The store's team member sends one; the area manager looks at it in Audit By
 * Task and sends it back with a reason pinned to the photo; the team member sees the reason on
 * the card in My Tasks and sends a new photo; the area manager approves the second attempt. The
 * e2e server has no demo tasks: the task has a unique title and is archived afterwards. The task
 * is a compliance check, so the compliance grid shows each step in Sydney CBD's cell.
 */

const { open } = fileBrowser();
const TITLE = `End-cap display check ${Date.now() % 100_000}`;
const REASON = 'The top shelf is empty: fill it and take the photo again';
/** The task this file publishes: archived at the end. */
const published = archivedAfterAll();

// Real PNGs (1×1, two colours): the server tells photos from documents by their content, and the
// two attempts need different files.
const RED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GREEN = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQWGADAAH4AQV029onAAAAAElFTkSuQmCC',
  'base64',
);

/** As owner@acme.test: a Task for Sydney CBD, due today, that needs a photo and approval. */
const publishTaskNeedingApproval = () =>
  publishTask(published, {
    type: 'Task',
    title: TITLE,
    description: '<p>Build the <strong>spring end-cap</strong>: three full shelves, price on every item.</p>',
    start_date: sydneyDay(),
    due_date: sydneyDay(),
    due_time: '23:59',
    evidence: { comment: false, photos: 1, files: 0 },
    approval: true,
    compliance: true,
  });

/** The store's team member opens the card in My Tasks and sends a photo. */
async function sendPhoto(page: Page, photo: { name: string; buffer: Buffer }) {
  await page.goto('/task');
  await page.getByRole('button', { name: TITLE }).first().click();
  const drawer = page.getByTestId('task-drawer');
  await drawer.getByTestId('task-instructions').getByText('spring end-cap', { exact: true }).waitFor();
  await drawer.getByLabel('Take photo').setInputFiles({ ...photo, mimeType: 'image/png' });
  await drawer.getByTestId('upload-row').getByText(photo.name).waitFor();
  await drawer.getByRole('progressbar').waitFor({ state: 'detached' });
  await drawer.getByRole('button', { name: 'Submit for approval' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

/** Sydney CBD's cell of this check in the compliance grid of today, as the page names it. */
async function complianceCell(page: Page, state: string) {
  const today = sydneyDay();
  await page.goto(`/task/compliance?from=${today}&to=${today}`);
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await row.getByRole('gridcell', { name: `Sydney CBD · ${state}` }).waitFor();
}

/** The area manager opens the task's waiting submission in Audit By Task. */
async function openWaitingSubmission(page: Page) {
  await page.goto('/audit/task');
  await page.getByRole('textbox', { name: 'Search tasks' }).fill(TITLE);
  const row = page.getByTestId('audit-queue-row').filter({ hasText: TITLE });
  await row.waitFor();
  await row.getByRole('button', { name: TITLE }).click();
  const list = page.getByRole('region', { name: TITLE });
  await list.getByTestId('audit-submission').filter({ hasText: 'Sydney CBD' }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await dialog.getByText('spring end-cap', { exact: true }).waitFor();
  return dialog;
}

describe('Audit: send back, redo, approve', () => {
  it('the area manager rejects the photo with a reason, the store redoes it, the area manager approves', async () => {
    const id = await publishTaskNeedingApproval();

    const staff = await open('audit-staff-first');
    await signIn(staff, 'staff@acme.test');
    await sendPhoto(staff, { name: 'end-cap.png', buffer: RED });

    // The area manager sees the store's photo beside the instructions and sends it back.
    const area = await open('audit-area-reject');
    await signIn(area, 'area@acme.test');
    const dialog = await openWaitingSubmission(area);
    await dialog.getByText('Attempt 1').waitFor();
    const thumb = dialog.getByRole('button', { name: /end-cap\.png/ }).getByRole('img');
    await thumb.waitFor();
    // The photo really loaded (the evidence download route lets a reviewer in scope see it).
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    const reject = area.getByRole('dialog', { name: 'Send back for another try' });
    await reject.getByRole('button', { name: 'end-cap.png' }).click();
    await reject.getByRole('textbox', { name: /What needs fixing/ }).fill(REASON);
    await reject.getByRole('button', { name: 'Send back' }).click();
    await reject.waitFor({ state: 'hidden' });
    await complianceCell(area, 'Sent back');

    // The store sees the reason on the card at once and sends a new photo.
    await staff.goto('/task');
    const card = staff.getByRole('button', { name: TITLE }).first();
    await card.getByText(`Sent back: ${REASON}`).waitFor();
    await sendPhoto(staff, { name: 'end-cap-full.png', buffer: GREEN });

    // The area manager sees the second attempt with the first one's reason, and approves it.
    const again = await openWaitingSubmission(area);
    await again.getByText('Attempt 2').waitFor();
    await again.getByText(new RegExp(REASON)).first().waitFor();
    await again.getByRole('button', { name: 'Approve' }).click();
    // Nothing else waits in this task: the dialog says so instead of opening another task's work.
    const end = again.getByRole('status');
    await end.getByText(`Nothing more is waiting for a decision in ${TITLE}.`).waitFor();
    await end.getByRole('button', { name: 'Close' }).click();
    await again.waitFor({ state: 'hidden' });
    await complianceCell(area, 'Done on time');

    const token = await signInApi('area@acme.test');
    const approved = await api<AuditSubmissionPage>('/api/audit/submission/list', token, {
      query: { task_id: id, status: 'all' },
    });
    expect(approved.data.map((s) => [s.attempt, s.state])).toEqual([
      [2, 'approved'],
      [1, 'rejected'],
    ]);
  });
});
