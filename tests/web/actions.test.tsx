import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_EXISTS_CODE } from '../../contract/api/actions';
import { actionOf, serveAction, serveList, storeManager } from './actionFixtures';
import { adminVerify, resetBrowserState, verifyData } from './fixtures';
import { ANSWERED, hashOf, inspectionOf } from './inspectionFixtures';
import { server } from './msw';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

/** axe's findings, colour contrast aside (jsdom lays nothing out). */
async function violations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const photo = () => new File([new Uint8Array([137, 80, 78])], 'fixed.png', { type: 'image/png' });

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});

describe('the action list', () => {
  it('shows title, store, priority, status, an overdue due date, the store team and the escalation', async () => {
    serveList([
      actionOf(),
      actionOf({
        id: 13,
        title: 'Door sticks',
        overdue: false,
        escalated_at: null,
        assignee: { id: 9, name: 'Sam Store' },
        priority: 'low',
        status: 'open',
      }),
    ]);
    renderRoute('/task/action', storeManager());
    const row = (await screen.findByText('Price labels missing in aisle 4')).closest('tr')!;
    expect(row).toHaveTextContent('Sydney CBD');
    expect(row).toHaveTextContent('High priority');
    expect(row).toHaveTextContent('In progress');
    expect(within(row).getByTestId('action-overdue')).toHaveTextContent('Overdue: due');
    expect(row).toHaveTextContent('Store team');
    expect(within(row).getByRole('img', { name: /^Escalated on/ })).toBeInTheDocument();
    const other = screen.getByText('Door sticks').closest('tr')!;
    expect(other).toHaveTextContent('Sam Store');
    expect(within(other).queryByTestId('action-overdue')).toBeNull();
  });

  it('asks for the unresolved first, then what each quick filter means', async () => {
    const queries = serveList([actionOf()]);
    renderRoute('/task/action', storeManager());
    await screen.findByText('Price labels missing in aisle 4');
    expect(queries.at(-1)!.get('state')).toBe('unresolved');
    expect(queries.at(-1)!.get('sort')).toBe('due_date');
    expect(screen.getByRole('tab', { name: 'Unresolved' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() => expect(queries.at(-1)!.get('state')).toBe('overdue'));

    await userEvent.click(screen.getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(queries.at(-1)!.get('mine')).toBe('true'));
    expect(queries.at(-1)!.get('state')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'To close' }));
    await waitFor(() => expect(queries.at(-1)!.get('state')).toBe('to_close'));
    expect(queries.at(-1)!.get('mine')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(queries.at(-1)!.has('state')).toBe(false));
  });

  it('opens an action from its row, and offers New action only to those who may create', async () => {
    serveList([actionOf()]);
    serveAction(actionOf());
    renderRoute('/task/action', storeManager());
    expect(await screen.findByRole('link', { name: 'New action' })).toHaveAttribute(
      'href',
      '/task/action/create',
    );
    await userEvent.click(await screen.findByText('Price labels missing in aisle 4'));
    await expectPath('/task/action/detail/12');
  });

  it('offers a team member no New action', async () => {
    serveList([actionOf()]);
    renderRoute('/task/action', verifyData());
    await screen.findByText('Price labels missing in aisle 4');
    expect(screen.queryByRole('link', { name: 'New action' })).toBeNull();
  });

  it('is a list of cards on a phone, without accessibility violations', async () => {
    setViewportWidth(390);
    serveList([actionOf()]);
    const { container } = renderRoute('/task/action', storeManager());
    await screen.findByText('Price labels missing in aisle 4');
    expect(screen.queryByRole('table')).toBeNull();
    expect(await violations(container)).toEqual([]);
  });
});

describe('an action’s page', () => {
  it('shows the action, where it came from and its history', async () => {
    serveAction(actionOf());
    renderRoute('/task/action/detail/12', storeManager());
    expect(
      await screen.findByRole('heading', { name: 'Price labels missing in aisle 4' }),
    ).toBeInTheDocument();
    const origin = screen.getByTestId('action-origin');
    expect(origin).toHaveTextContent('A failed item of the inspection “Store visit”');
    expect(origin).toHaveTextContent('Are prices shown on every shelf?');
    expect(origin).toHaveTextContent('No');
    expect(origin).toHaveTextContent('Comment: Aisle 4 has no labels');
    expect(within(origin).getByRole('link', { name: 'Open the inspection' })).toHaveAttribute(
      'href',
      '/audit/inspection/77',
    );
    // The steps, not the photos listed inside them.
    const history = [...screen.getByTestId('action-history').children] as HTMLElement[];
    expect(history).toHaveLength(4);
    expect(history[0]).toHaveTextContent('Alex Area · Raised the action');
    expect(history[1]).toHaveTextContent('Sam Store · Open → In progress');
    expect(history[2]).toHaveTextContent('Labels ordered');
    expect(await within(history[2]!).findByRole('img', { name: /Price labels missing/ })).toBeInTheDocument();
    expect(history[3]).toHaveTextContent('Storeline · Escalated it one level up for being overdue');
  });

  it('offers the work its `can` allows: the store works it, only updaters close, edit or reopen', async () => {
    serveAction(actionOf({ status: 'open' }));
    renderRoute('/task/action/detail/12', storeManager());
    const work = await screen.findByTestId('action-work');
    expect(
      within(work)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start', 'Mark done', 'Cannot fix']);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('offers Close and Reopen of a done action, with Edit and Delete, to those who may', async () => {
    serveAction(
      actionOf({ status: 'done', overdue: false, can: { work: true, update: true, delete: true } }),
    );
    renderRoute('/task/action/detail/12', adminVerify());
    const work = await screen.findByTestId('action-work');
    expect(
      within(work)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close', 'Reopen']);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/task/action/edit/12');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('starts it at once', async () => {
    const calls = serveAction(actionOf({ status: 'open' }));
    renderRoute('/task/action/detail/12', storeManager());
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(calls.steps).toEqual([{ path: 'status', body: { id: 12, status: 'in_progress' } }]),
    );
    expect(await screen.findByText('Action started')).toBeInTheDocument();
  });

  it('marks it done with what was done and a photo of it', async () => {
    const calls = serveAction(actionOf());
    renderRoute('/task/action/detail/12', storeManager());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark “Price labels missing in aisle 4” done' });
    // Neither words nor a photo: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say or show what was done');
    expect(calls.steps).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What was done' }),
      'New labels on every shelf',
    );
    await userEvent.upload(within(dialog).getByLabelText('Take photo'), photo());
    await waitFor(() => expect(calls.uploads).toBe(1));
    expect(await within(dialog).findByRole('img', { name: /Price labels missing/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(calls.steps).toEqual([
        {
          path: 'status',
          body: { id: 12, status: 'done', comment: 'New labels on every shelf', photos: [hashOf('e')] },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Action marked done')).toBeInTheDocument();
  });

  it('says why it cannot be fixed, or sends nothing', async () => {
    const calls = serveAction(actionOf());
    renderRoute('/task/action/detail/12', storeManager());
    await userEvent.click(await screen.findByRole('button', { name: 'Cannot fix' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: /Why it cannot be fixed/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cannot fix' }));
    expect(dialog).toHaveTextContent('Say why.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.steps).toEqual([]);

    await userEvent.type(reason, 'The shelving is being replaced');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cannot fix' }));
    await waitFor(() =>
      expect(calls.steps).toEqual([
        { path: 'status', body: { id: 12, status: 'cannot_fix', comment: 'The shelving is being replaced' } },
      ]),
    );
  });

  it('reopens a closed action with what still needs doing', async () => {
    const calls = serveAction(
      actionOf({
        status: 'done',
        closed_at: '2030-03-08T00:00:00.000Z',
        closed_by: { id: 7, name: 'Alex Area' },
        overdue: false,
        can: { work: true, update: true, delete: false },
      }),
    );
    renderRoute('/task/action/detail/12', adminVerify());
    expect(await screen.findByText(/^Closed by Alex Area/)).toBeInTheDocument();
    const work = await screen.findByTestId('action-work');
    expect(
      within(work)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reopen']);
    await userEvent.click(within(work).getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /What still needs doing/ }),
      'Aisle 5 too',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(calls.steps).toEqual([{ path: 'reopen', body: { id: 12, comment: 'Aisle 5 too' } }]),
    );
  });

  it('takes a comment into the history', async () => {
    const calls = serveAction(actionOf());
    renderRoute('/task/action/detail/12', storeManager());
    const box = await screen.findByRole('region', { name: 'Add a comment' });
    expect(within(box).getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(within(box).getByRole('textbox', { name: 'Comment' }), 'Labels arrive Friday');
    await userEvent.click(within(box).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.steps).toEqual([{ path: 'comment', body: { id: 12, comment: 'Labels arrive Friday' } }]),
    );
    await waitFor(() => expect(within(box).getByRole('textbox', { name: 'Comment' })).toHaveValue(''));
  });

  it('has no accessibility violations at 390 px', async () => {
    setViewportWidth(390);
    serveAction(actionOf({ status: 'open' }));
    const { container } = renderRoute('/task/action/detail/12', storeManager());
    await screen.findByTestId('action-history');
    expect(await violations(container)).toEqual([]);
  });
});

describe('a new action', () => {
  const served = (answer: (body: Record<string, unknown>) => Response) => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/inspection/get', () =>
        HttpResponse.json({
          status: 200,
          data: inspectionOf(ANSWERED, { status: 'completed', completed_at: '2030-03-04T02:00:00.000Z' }),
        }),
      ),
      http.post('*/api/action/create', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return answer(body);
      }),
    );
    return sent;
  };

  it('is prefilled from a failed inspection item and sends the item, not a store', async () => {
    serveAction(actionOf({ id: 40 }));
    const sent = served(() => HttpResponse.json({ status: 200, data: actionOf({ id: 40 }) }));
    renderRoute('/task/action/create?inspection_id=77&question_id=q3', storeManager());
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Are prices shown on every shelf?');
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue('Aisle 4 has no labels');
    expect(
      screen.getByText(/Raised from the failed item “Are prices shown on every shelf\?”/),
    ).toHaveTextContent('Store of the inspection: Sydney CBD.');
    expect(screen.queryByRole('combobox', { name: /^Store/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      title: 'Are prices shown on every shelf?',
      priority: 'medium',
      inspection_id: 77,
      question_id: 'q3',
      assignee_id: null,
    });
    expect(sent[0]).not.toHaveProperty('store_id');
    expect(sent[0]!.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectPath('/task/action/detail/40');
  });

  it('goes to the action an inspection item already has', async () => {
    serveAction(actionOf());
    served(() =>
      HttpResponse.json(
        {
          status: 409,
          message: 'This item already has an action.',
          code: ACTION_EXISTS_CODE,
          errors: { id: 12 },
        },
        { status: 409 },
      ),
    );
    renderRoute('/task/action/create?inspection_id=77&question_id=q3', storeManager());
    await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectPath('/task/action/detail/12');
    expect(
      await screen.findByText('This inspection item already has an action: here it is.'),
    ).toBeInTheDocument();
  });

  it('is raised by hand for a store, assigned to someone the server offers', async () => {
    serveAction(actionOf({ id: 41 }));
    const sent = served(() => HttpResponse.json({ status: 200, data: actionOf({ id: 41 }) }));
    renderRoute('/task/action/create?store_id=5', storeManager());
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Door sticks');
    await userEvent.click(screen.getByRole('combobox', { name: /^Assigned to/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Store' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: 'Door sticks', store_id: 5, assignee_id: 9 });
    expect(sent[0]).not.toHaveProperty('inspection_id');
  });
});
