import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormTemplate } from '../../contract/api/forms';
import type { Inspection, InspectionPage } from '../../contract/api/inspections';
import type { FormDefinition } from '../../contract/forms';
import { baseUrl, fileBrowser } from './harness';
import { api, archivedAfterAll, publishTask, signIn, signInApi } from './journey';

/**
 * The inspection journey (issue 48), on a phone: the area manager of Sydney Metro starts an
 * inspection of Sydney CBD with a weighted form, fails the entrance with a real photo, marks the
 * shelves N/A, enters the fridge's temperature, signs with a finger on the box and finishes it.
 * The score leaves the N/A out (3 of 4 points, 75 %), and the store's manager reads it, its photo
 * and its PDF report. Then the same form goes to the store as a task, and the store's team member
 * completes the task by filling it in from My Tasks.
 */

const { open } = fileBrowser();
/** The form task this file publishes: archived at the end. */
const published = archivedAfterAll();
const NAME = `Opening walk ${Date.now() % 100_000}`;
const FORM: FormDefinition = {
  pass_mark: 80,
  sections: [
    {
      id: 'front',
      title: 'Front of store',
      questions: [
        {
          id: 'entrance',
          kind: 'yes_no',
          prompt: 'Is the entrance clear?',
          required: true,
          weight: 1,
          allow_na: false,
          failing: ['no'],
          photo_on_fail: true,
        },
        {
          id: 'shelves',
          kind: 'yes_no',
          prompt: 'Are the shelves full?',
          required: true,
          weight: 2,
          allow_na: true,
        },
        {
          id: 'fridge',
          kind: 'number',
          prompt: 'Fridge temperature',
          required: true,
          weight: 3,
          allow_na: false,
          min: 0,
          max: 5,
          unit: '°C',
        },
      ],
    },
  ],
};

/** The template both journeys use, made by the owner before them. */
let template: FormTemplate;
beforeAll(async () => {
  const owner = await signInApi('owner@acme.test');
  template = await api<FormTemplate>('/api/form-template/create', owner, {
    method: 'POST',
    body: { name: NAME, definition: FORM },
  });
});

describe('Inspections: a store visit on a phone', () => {
  it('scores a visit with a photo and a drawn signature, and the store reads its report', async () => {
    const page = await open('inspection-phone', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'area@acme.test');
    await page.goto('/audit/inspection');
    await page.getByRole('button', { name: 'Start inspection' }).click();
    const start = page.getByRole('dialog', { name: 'Start an inspection' });
    await start.getByRole('combobox', { name: 'Store' }).fill('Sydney CBD');
    await page
      .getByRole('option', { name: /Sydney CBD/ })
      .first()
      .click();
    await start.getByRole('combobox', { name: 'Form template' }).click();
    await page.getByRole('option', { name: `${NAME} (v1)` }).click();
    await start.getByRole('button', { name: 'Start' }).click();

    const entrance = page.getByRole('radiogroup', { name: /Is the entrance clear\?/ });
    await entrance.getByRole('radio', { name: 'No' }).check();
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 60, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .locator('#question-entrance')
      .getByLabel('Take photo')
      .setInputFiles({ name: 'entrance.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Photo 1 for "Is the entrance clear?"' }).waitFor();
    const shelves = page.getByRole('radiogroup', { name: /Are the shelves full\?/ });
    await shelves.getByRole('radio', { name: 'N/A' }).check();
    await page.getByRole('spinbutton', { name: /Fridge temperature/ }).fill('3');
    await page.getByTestId('live-score').getByText('3 / 4 points · 75%').waitFor();

    await page.getByRole('button', { name: 'Finish inspection' }).click();
    const sign = page.getByRole('dialog', { name: 'Sign and finish' });
    const box = sign.getByRole('img', { name: 'Signature box, empty' });
    const area = (await box.boundingBox())!;
    await page.mouse.move(area.x + 20, area.y + area.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(area.x + 20 + i * 20, area.y + area.height / 2 + (i % 2 ? -15 : 15));
    await page.mouse.up();
    await sign.getByRole('img', { name: 'Signature box, signed' }).waitFor();
    await sign.getByRole('textbox', { name: 'Name of the person signing' }).fill('Aaron Area');
    await sign.getByRole('button', { name: 'Finish' }).click();
    await sign.waitFor({ state: 'hidden' });
    await page.getByText('Failed items (1)').waitFor();

    // The store's manager: the inspection in their list, at the score the phone showed.
    const store = await signInApi('store@acme.test');
    const list = await api<InspectionPage>('/api/inspection/list', store, {
      query: { template_id: template.id },
    });
    // The store visit only: the task journey below fills the same form in as a task.
    const visits = list.data.filter((row) => row.assignment_id === null);
    expect(
      visits.map((row) => [row.store.name, row.status, row.points, row.max_score, row.percentage]),
    ).toEqual([['Sydney CBD', 'completed', 3, 4, 75]]);
    const done = await api<Inspection>('/api/inspection/get', store, { query: { id: visits[0]!.id } });
    expect(done.failed.map((f) => f.question_id)).toEqual(['entrance']);
    expect(done.signature?.name).toBe('Aaron Area');
    const headers = { authorization: `Bearer ${store}`, 'x-requested-with': 'XMLHttpRequest' };
    const [stored] = done.answers.entrance?.photos ?? [];
    const file = await fetch(`${baseUrl()}/api/task/attachments/download?hash=${stored}`, { headers });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const signature = await fetch(`${baseUrl()}/api/task/attachments/download?hash=${done.signature?.hash}`, {
      headers,
    });
    expect(signature.headers.get('content-type')).toBe('image/png');
    // The drawn signature is a real picture, not an empty box.
    const { width } = await sharp(Buffer.from(await signature.arrayBuffer())).metadata();
    expect(width).toBeGreaterThan(100);
    const report = await fetch(`${baseUrl()}/api/inspection/report?id=${done.id}`, { headers });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('Inspections: a task that carries the form', () => {
  it('is completed by the store filling the form in from My Tasks', async () => {
    const title = `Opening walk task ${Date.now() % 100_000}`;
    const taskId = await publishTask(published, {
      type: 'Task',
      title,
      description: '<p>Walk the store with the form before opening.</p>',
      form_template_id: template.id,
    });

    const page = await open('task-form-phone', { viewport: { width: 390, height: 844 } });
    await signIn(page, 'staff@acme.test');
    await page.goto('/task');
    await page.getByRole('button', { name: title }).first().click();
    const drawer = page.getByTestId('task-drawer');
    await drawer.getByRole('button', { name: 'Fill in the form' }).click();
    await page.waitForURL(/\/task\/form\/\d+$/);
    await page
      .getByRole('radiogroup', { name: /Is the entrance clear\?/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page
      .getByRole('radiogroup', { name: /Are the shelves full\?/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByRole('spinbutton', { name: /Fridge temperature/ }).fill('4');
    await page.getByTestId('live-score').getByText('6 / 6 points · 100%').waitFor();
    await page.getByRole('button', { name: 'Finish inspection' }).click();
    const sign = page.getByRole('dialog', { name: 'Sign and finish' });
    await sign.getByRole('textbox', { name: 'Or type your name to sign' }).fill('Sam Staff');
    await sign.getByRole('textbox', { name: 'Name of the person signing' }).fill('Sam Staff');
    await sign.getByRole('button', { name: 'Finish' }).click();
    await sign.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'My Tasks' }).click();
    await page.getByRole('button', { name: title }).first().waitFor();

    // The store's work is done, by the form: its inspection names the assignment.
    const staff = await signInApi('staff@acme.test');
    const store = await signInApi('store@acme.test');
    const list = await api<InspectionPage>('/api/inspection/list', store, {
      query: { template_id: template.id },
    });
    // Only the task's inspection: the store visit of the journey above (if it ran) has none.
    const filled = list.data.find((row) => row.assignment_id !== null);
    expect(filled).toMatchObject({
      status: 'completed',
      percentage: 100,
      inspector: { name: expect.any(String) },
    });
    const detail = await api<{ assignment: { status: string; form: { percentage: number } | null } }>(
      '/api/user/task/get',
      staff,
      { query: { assignment_id: filled!.assignment_id! } },
    );
    expect(detail.assignment).toMatchObject({ status: 'done', form: { percentage: 100 } });
    expect(taskId).toBeGreaterThan(0);
  });
});
