import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MyTaskDetail, UrgentTasks } from '../../contract/api/mytasks';
import { baseUrl, fileBrowser } from './harness';
import { api, archivedAfterAll, publishTask, signIn, signInApi } from './journey';

/**
 * The store's urgent-task journey (issue 11): head office publishes an urgent recall for Sydney
 * CBD; the store's team member signs in, the urgent modal shows it, they complete it with a photo
 * and the modal stops opening. The e2e server has no demo tasks, so the test publishes its own,
 * with a unique title, and assumes nothing about other files' tasks.
 */

const { open } = fileBrowser();
/** Tasks this file published: archived at the end, so a failed run leaves no urgent modal for other files. */
const published = archivedAfterAll();

interface Photo {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// A real 1×1 PNG: the server tells photos from documents by their content.
const PNG: Photo = {
  name: 'shelf.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/**
 * A photo as a phone's camera writes it: 4000×3000 sensor pixels with EXIF orientation 6 (the
 * phone was held upright, so viewers turn it a quarter) and the shop's GPS position.
 */
const cameraPhoto = async (): Promise<Photo> => ({
  name: 'IMG_2291.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#8d6e63' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 6/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer(),
});

/** As owner@acme.test: an Urgent task for the stores (Sydney CBD) that needs a photo, open from yesterday to tomorrow. */
const publishUrgentRecall = (title: string, stores = ['Sydney CBD']) =>
  publishTask(published, {
    type: 'Urgent',
    stores,
    title,
    description:
      '<p>Take every jar of <strong>batch 2291</strong> off the shelf and photograph the empty shelf.</p>',
    evidence: { comment: false, photos: 1, files: 0 },
  });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Completes the recall from the urgent modal with one photo; answers the assignment's id. */
async function completeRecallFromTheModal(page: Page, title: string, photo: Photo, phone = false) {
  await signIn(page, 'staff@acme.test');
  const modal = page.getByRole('dialog', { name: 'Urgent tasks' });
  await modal.waitFor({ timeout: 15_000 });
  // On a phone the modal and the drawer fill the screen.
  if (phone) expect((await modal.boundingBox())?.width).toBeCloseTo(390, 0);
  await modal.getByRole('button', { name: new RegExp(escapeRegExp(title)) }).click();
  await modal.waitFor({ state: 'hidden' });

  const drawer = page.getByTestId('task-drawer');
  await drawer.getByTestId('task-instructions').getByText('batch 2291', { exact: true }).waitFor();
  const assignment = Number(new URL(page.url()).searchParams.get('assignment'));
  expect(assignment).toBeGreaterThan(0);
  if (phone) expect((await drawer.boundingBox())?.width).toBeCloseTo(390, 0);

  // The rule asks for a photo: sending without one is refused at the field.
  await drawer.getByRole('button', { name: 'Mark as done' }).click();
  await drawer.getByText('Add 1 photo').waitFor();

  await drawer.getByLabel('Take photo').setInputFiles(photo);
  await drawer.getByTestId('upload-row').getByText(photo.name).waitFor();
  await drawer.getByRole('progressbar').waitFor({ state: 'detached' });
  await drawer.getByRole('button', { name: 'Mark as done' }).click();
  await drawer.waitFor({ state: 'hidden' });
  await page.getByTestId('done-section').getByRole('button', { name: title }).waitFor();

  // Signed in again later: the server says it is done, and the modal does not come back for it.
  const urgentAnswer = page.waitForResponse((res) => res.url().includes('/api/user/task/urgent'));
  await page.goto('/task');
  const urgent = (await (await urgentAnswer).json()) as { data: UrgentTasks };
  const mine = urgent.data.data.filter((t) => t.title === title);
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.every((t) => t.status === true)).toBe(true);
  await page.getByTestId('done-section').getByRole('button', { name: title }).waitFor();
  const stillOpen = urgent.data.data.filter((t) => t.status === false);
  if (stillOpen.length === 0) expect(await modal.isVisible()).toBe(false);
  else expect(await modal.getByText(title).count()).toBe(0);
  return assignment;
}

/** The bytes the server keeps of the photo a completion sent, as the staff member who sent it. */
async function sentPhoto(assignment: number): Promise<Buffer> {
  const token = await signInApi('staff@acme.test');
  const detail = await api<MyTaskDetail>('/api/user/task/get', token, {
    query: { assignment_id: assignment },
  });
  const file = detail.submissions.at(-1)?.attachments[0];
  if (!file) throw new Error('the completion holds no photo');
  const res = await fetch(`${baseUrl()}/api/task/attachments/download?hash=${file.hash}`, {
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('My Tasks: an urgent recall', () => {
  it('is shown by the urgent modal, completed with a photo, and then leaves the modal', async () => {
    const title = `Recall: peanut butter batch 2291 (${Date.now()})`;
    await publishUrgentRecall(title);
    const page = await open('my-tasks-urgent-desktop');
    await completeRecallFromTheModal(page, title, PNG);
  });

  it('works the same on a 390 px phone, where the modal and the drawer fill the screen', async () => {
    const title = `Recall on a phone: batch 2291 (${Date.now()})`;
    await publishUrgentRecall(title);
    const page = await open('my-tasks-urgent-phone', { viewport: { width: 390, height: 844 } });
    const assignment = await completeRecallFromTheModal(page, title, await cameraPhoto(), true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The camera's photo left the phone scaled to 2560 px, upright, and without its GPS position.
    const sent = await sharp(await sentPhoto(assignment)).metadata();
    expect([sent.width, sent.height]).toEqual([1920, 2560]);
    expect(sent.format).toBe('jpeg');
    expect(sent.orientation).toBeUndefined();
    expect(sent.exif).toBeUndefined();
  });

  it('shows head office in New York other stores’ times by their own clock, and no urgent modal', async () => {
    const title = `Recall across zones (${Date.now()})`;
    await publishUrgentRecall(title, ['Sydney CBD', 'Broken Hill']);
    const page = await open('my-tasks-urgent-new-york', { timezoneId: 'America/New_York' });
    await signIn(page, 'owner@acme.test');
    await page.goto('/task');
    const cards = page.getByTestId('task-card').filter({ hasText: title });
    await cards.first().waitFor({ timeout: 15_000 });
    // Due at 23:00 in each store's own zone; the viewer's clock (New York, US pattern) reads otherwise.
    const texts = await cards.allTextContents();
    expect(texts.map((text) => text.match(/(Sydney CBD|Broken Hill)/)?.[1]).sort()).toEqual([
      'Broken Hill',
      'Sydney CBD',
    ]);
    for (const text of texts) expect(text).toMatch(/11:00 PM store time/);
    // Head office sees urgent work on the dashboard and in My Tasks, not in a modal on every page.
    expect(await page.getByRole('dialog', { name: 'Urgent tasks' }).count()).toBe(0);
  });
});
