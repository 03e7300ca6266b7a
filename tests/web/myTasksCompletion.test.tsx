import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyTaskCard, MyTaskDetail } from '../../contract/api/mytasks';
import { FakeXhr } from './fakeXhr';
import { resetBrowserState, verifyData } from './fixtures';
import { server } from './msw';
import { card, departmentList, detail, group, TYPES } from './myTasksFixtures';
import { renderRoute, setViewportWidth } from './renderApp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const DAY = '2030-03-04';

const photo = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'shelf.png', { type: 'image/png' });

interface Store {
  card: MyTaskCard;
  completions: Record<string, unknown>[];
}

/**
 * A store's day with one task, its detail, and the completion and upload calls. The day answers
 * the card as it stands, so a refetch after completing shows it done as the server would.
 */
function storeWith(
  start: MyTaskCard,
  task: Partial<MyTaskDetail['task']> = {},
  options: {
    holdUploads?: boolean;
    upload?: () => Response;
    complete?: (body: Record<string, unknown>) => Response;
  } = {},
): Store {
  const store: Store = { card: start, completions: [] };
  server.use(
    departmentList,
    http.get('*/api/user/task/urgent', () => HttpResponse.json({ status: 200, data: { data: [] } })),
    http.get('*/api/user/task/date', () =>
      HttpResponse.json({
        status: 200,
        data: {
          data: [
            group(Object.values(TYPES).find((t) => t.id === store.card.type_id) ?? TYPES.task, [store.card]),
          ],
        },
      }),
    ),
    http.get('*/api/user/task/get', () => HttpResponse.json({ status: 200, data: detail(store.card, task) })),
    // Answered without reading the body: on Node 24, request.formData() throws here, as undici's
    // multipart parser refuses the File class the jsdom environment installs. Every upload of
    // this file is photo().
    http.post('*/api/user/task/upload', () =>
      options.upload
        ? options.upload()
        : HttpResponse.json({
            status: 200,
            data: { hash: 'hash-shelf.png', name: 'shelf.png', size: 8, mime: 'image/png' },
          }),
    ),
    http.post('*/api/user/task/complete', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      store.completions.push(body);
      if (options.complete) return options.complete(body);
      const status = body.outcome === 'cannot_do' ? 'cannot_do' : store.card.approval ? 'submitted' : 'done';
      store.card = {
        ...store.card,
        status: store.card.acknowledgement ? store.card.status : status,
        done: true,
        acknowledgement: store.card.acknowledgement && { ...store.card.acknowledgement, acknowledged: true },
      };
      return HttpResponse.json({ status: 200, data: store.card });
    }),
  );
  return store;
}

async function openTask(title: string) {
  renderRoute(`/task?date=${DAY}`, verifyData());
  // A card is named by everything it shows, its title first.
  await userEvent.click(await screen.findByRole('button', { name: (name) => name.startsWith(title) }));
  const drawer = await screen.findByTestId('task-drawer');
  await within(drawer).findByTestId('task-instructions');
  return drawer;
}

const evidenceTask = () =>
  card({
    title: 'Photograph the recall shelf',
    evidence: { comment: true, photos: 1, files: 0, checklist: 2 },
    checklist: { total: 2, done: 0 },
  });
const STEPS = ['Remove every jar', 'Put them in the recall cage'];

describe('My Tasks: completing a task', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('states what the task needs before anything is sent, and ticks each as it is met', async () => {
    storeWith(evidenceTask(), { checklist: STEPS });
    const drawer = await openTask('Photograph the recall shelf');
    const needs = within(drawer).getByRole('region', { name: 'This task needs' });
    const items = () =>
      within(needs)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual([
      'Still needed1 photo (0 added)',
      'Still neededA comment',
      'Still neededEvery checklist step ticked (0 of 2)',
    ]);
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Comment (required)' }), 'Done');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: STEPS[0] }));
    expect(items()).toEqual([
      'Still needed1 photo (0 added)',
      'DoneA comment',
      'Still neededEvery checklist step ticked (1 of 2)',
    ]);
    await userEvent.click(within(drawer).getByRole('checkbox', { name: STEPS[1] }));
    expect(items().at(-1)).toBe('DoneEvery checklist step ticked (2 of 2)');
  });

  it('checks the evidence rules before sending and marks each missing field', async () => {
    const store = storeWith(evidenceTask(), { checklist: STEPS });
    const drawer = await openTask('Photograph the recall shelf');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Mark as done' }));
    expect(await within(drawer).findByTestId('completion-error')).toHaveTextContent(
      'Some things are missing',
    );
    expect(within(drawer).getByRole('textbox', { name: 'Comment (required)' })).toHaveAccessibleDescription(
      'Add a comment',
    );
    expect(within(drawer).getByText('Add 1 photo')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Tick this step')).toHaveLength(2);
    expect(store.completions).toEqual([]);
    // Fixing a field takes its error away; the others stay until the next try.
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Comment (required)' }), 'Done');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: STEPS[0] }));
    expect(within(drawer).queryByText('Add a comment')).toBeNull();
    expect(within(drawer).getAllByText('Tick this step')).toHaveLength(1);
    expect(within(drawer).getByText('Add 1 photo')).toBeInTheDocument();
  });

  it('shows each upload with its progress, waits for it, then sends the evidence and moves the card to done', async () => {
    const store = storeWith(evidenceTask(), { checklist: STEPS });
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const drawer = await openTask('Photograph the recall shelf');
    const camera = within(drawer).getByLabelText('Take photo');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');

    const shown: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          shown.push(blob);
          return 'blob:shelf';
        },
        revokeObjectURL: () => {},
      }),
    );
    await userEvent.upload(camera, photo());
    const progress = await within(drawer).findByRole('progressbar', { name: 'Uploading shelf.png' });
    // The photo is shown from the phone at once, while it is still uploading.
    expect(within(drawer).getByTestId('upload-thumbnail')).toHaveAttribute('src', 'blob:shelf');
    expect((shown[0] as File).name).toBe('shelf.png');
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/user/task/upload');
    expect(xhr.headers.authorization).toBe('Bearer test-token');
    expect(xhr.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    act(() => xhr.progress(30, 100));
    expect(progress).toHaveAttribute('aria-valuenow', '30');
    expect(within(drawer).getByRole('button', { name: 'Mark as done' })).toBeDisabled();
    expect(within(drawer).getByText('Wait for the uploads to finish')).toBeInTheDocument();

    await userEvent.type(
      within(drawer).getByRole('textbox', { name: 'Comment (required)' }),
      'Shelf cleared',
    );
    await userEvent.click(within(drawer).getByRole('checkbox', { name: STEPS[0] }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: STEPS[1] }));
    act(() => {
      xhr.progress(100, 100);
      xhr.respond(200, {
        status: 200,
        data: { hash: 'hash-shelf', name: 'shelf.png', size: 8, mime: 'image/png' },
      });
    });
    await waitFor(() => expect(within(drawer).queryByRole('progressbar')).toBeNull());
    expect(within(drawer).getByTestId('upload-row')).toHaveTextContent('shelf.png');
    vi.unstubAllGlobals();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(screen.queryByTestId('task-drawer')).toBeNull());
    expect(store.completions).toEqual([
      {
        assignment_id: 101,
        outcome: 'done',
        comment: 'Shelf cleared',
        attachments: ['hash-shelf'],
        checklist: [true, true],
        // Every completion carries the id the server dedupes by (issue 30).
        client_id: expect.stringMatching(UUID),
      },
    ]);
    const done = await screen.findByTestId('done-section');
    expect(within(done).getByRole('button', { name: /^Photograph the recall shelf/ })).toHaveTextContent(
      'Done',
    );
    expect(await screen.findByText('Task done')).toBeInTheDocument();
  });

  it('says why an upload failed, keeps what was entered, and can try again', async () => {
    let fail = true;
    storeWith(
      evidenceTask(),
      { checklist: STEPS },
      {
        upload: () =>
          fail
            ? HttpResponse.json(
                { status: 413, message: 'Too large', output: 'Photos can be up to 10 MB' },
                { status: 413 },
              )
            : HttpResponse.json({
                status: 200,
                data: { hash: 'hash-retried', name: 'shelf.png', size: 8, mime: 'image/png' },
              }),
      },
    );
    const drawer = await openTask('Photograph the recall shelf');
    await userEvent.type(
      within(drawer).getByRole('textbox', { name: 'Comment (required)' }),
      'Shelf cleared',
    );
    await userEvent.upload(within(drawer).getByLabelText('Take photo'), photo());
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Photos can be up to 10 MB');
    expect(within(drawer).getByRole('textbox', { name: 'Comment (required)' })).toHaveValue('Shelf cleared');

    fail = false;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Try shelf.png again' }));
    await waitFor(() => expect(within(drawer).queryByRole('alert')).toBeNull());
    expect(within(drawer).getByTestId('upload-row')).toHaveTextContent('shelf.png');
  });

  it('falls back to "Error uploading file" when the answer has no output', async () => {
    storeWith(
      evidenceTask(),
      { checklist: STEPS },
      { upload: () => new HttpResponse(null, { status: 502 }) },
    );
    const drawer = await openTask('Photograph the recall shelf');
    await userEvent.upload(within(drawer).getByLabelText('Attach file'), photo());
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Error uploading file');
  });

  it("shows the server's field errors at their fields", async () => {
    storeWith(
      card({ title: 'Count the till' }),
      {},
      {
        complete: () =>
          HttpResponse.json(
            {
              status: 400,
              message: 'Add a comment, and 1 more to fix',
              errors: { comment: 'Say how much was counted', attachments: 'Upload the photo again' },
            },
            { status: 400 },
          ),
      },
    );
    const drawer = await openTask('Count the till');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Mark as done' }));
    expect(await within(drawer).findByTestId('completion-error')).toHaveTextContent(
      'Add a comment, and 1 more to fix',
    );
    expect(within(drawer).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription(
      'Say how much was counted',
    );
    expect(within(drawer).getByText('Upload the photo again')).toBeInTheDocument();
    // Still open, nothing lost: the person fixes and sends again.
    expect(screen.getByTestId('task-drawer')).toBeInTheDocument();
  });

  it('shows a 409 and the task as it now stands when someone else completed it first', async () => {
    const store = storeWith(
      card({ title: 'Count the till' }),
      {},
      {
        complete: () => {
          store.card = { ...store.card, status: 'done', done: true };
          return HttpResponse.json(
            { status: 409, message: 'This task has already been completed.' },
            { status: 409 },
          );
        },
      },
    );
    const drawer = await openTask('Count the till');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Mark as done' }));
    // The refetched task has no form any more, and its state says why.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Mark as done' })).toBeNull());
    expect(drawer).toHaveTextContent('Done');
    const done = await screen.findByTestId('done-section');
    // Behind the open drawer the list is hidden from the accessibility tree, so find it by text.
    expect(within(done).getByText('Count the till')).toBeInTheDocument();
  });

  it("reports can't do with a reason, which it requires", async () => {
    const store = storeWith(evidenceTask(), { checklist: STEPS });
    const drawer = await openTask('Photograph the recall shelf');
    await userEvent.click(within(drawer).getByRole('button', { name: "Can't do" }));
    await userEvent.click(within(drawer).getByRole('button', { name: "Send can't do" }));
    expect(
      within(drawer).getByRole('textbox', { name: /Why it cannot be done/ }),
    ).toHaveAccessibleDescription('Say why this cannot be done');
    expect(store.completions).toEqual([]);
    await userEvent.type(
      within(drawer).getByRole('textbox', { name: /Why it cannot be done/ }),
      'No stock left',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: "Send can't do" }));
    await waitFor(() => expect(screen.queryByTestId('task-drawer')).toBeNull());
    expect(store.completions).toEqual([
      {
        assignment_id: 101,
        outcome: 'cannot_do',
        reason: 'No stock left',
        client_id: expect.stringMatching(UUID),
      },
    ]);
    expect(await screen.findByText("Can't do")).toBeInTheDocument();
  });

  it('acknowledges a communication with "I have read this"', async () => {
    const store = storeWith(
      card({
        title: 'Spring range arrives',
        type_id: TYPES.communication.id,
        acknowledgement: { acknowledged: false, stale: false, acknowledged_count: 2, people: 6 },
      }),
    );
    const drawer = await openTask('Spring range arrives');
    expect(drawer).toHaveTextContent('2 of 6 read');
    expect(within(drawer).queryByRole('button', { name: 'Mark as done' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'I have read this' }));
    await waitFor(() => expect(screen.queryByTestId('task-drawer')).toBeNull());
    expect(store.completions).toEqual([
      { assignment_id: 101, acknowledged: true, client_id: expect.stringMatching(UUID) },
    ]);
    const done = await screen.findByTestId('done-section');
    expect(within(done).getByRole('button', { name: /^Spring range arrives/ })).toHaveTextContent('Read');
  });

  it('shows no form for a task that is already done or expired', async () => {
    storeWith(card({ title: 'Expired check', expired: true, status: 'expired' }));
    const drawer = await openTask('Expired check');
    expect(drawer).toHaveTextContent('Expired');
    expect(within(drawer).queryByRole('button', { name: 'Mark as done' })).toBeNull();
  });
});
