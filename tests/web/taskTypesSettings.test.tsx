import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SettingData } from '../../contract/api/settings';
import type { TaskType } from '../../contract/api/tasks';
import { THEME_KEYS } from '../../contract/constants';
import { adminVerify, resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderRoute, setViewportWidth } from './renderApp';

const SETTINGS: SettingData = {
  terms: {},
  modules: [
    { id: 'setting', label: 'Setting', enabled: true, editable: false },
    { id: 'taskmanagement', label: 'Task Management', enabled: true, editable: true },
  ],
  week_starting_day: 1,
  max_active_workspace: 50,
  active_workspaces: 12,
};

const type = (id: number, name: string, icon: string, sort_order: number): TaskType => ({
  id,
  name,
  names: {},
  description: '',
  colour: '#d32f2f',
  secondary_colour: '#ffebee',
  icon,
  sort_order,
});

const owner = () =>
  adminVerify({
    theme: THEME_KEYS.map((k) => ({ id: k.id, key: k.key, value: k.default, default: k.default })),
  });

let types: TaskType[];

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
  types = [
    type(1, 'Urgent', 'PriorityHigh', 1),
    type(2, 'Task', 'Assignment', 2),
    type(3, 'Communication', 'Campaign', 3),
  ];
  server.use(
    http.get('*/api/setting/get', () => HttpResponse.json({ status: 200, data: SETTINGS })),
    http.get('*/api/theme/list', () => HttpResponse.json({ status: 200, data: { data: [] } })),
    http.get('*/api/task/types/list', () => HttpResponse.json({ status: 200, data: { data: types } })),
  );
});

const section = async () => within(await screen.findByTestId('task-types-settings'));
const names = async () => (await section()).getAllByRole('listitem').map((li) => li.textContent);

describe('task types in settings', () => {
  it('lists the types in order and moves one up with the whole new order', async () => {
    let sent: unknown;
    server.use(
      http.put('*/api/task/types/reorder', async ({ request }) => {
        sent = await request.json();
        const ids = (sent as { ids: number[] }).ids;
        types = ids.map((id, i) => ({ ...types.find((t) => t.id === id)!, sort_order: i + 1 }));
        return HttpResponse.json({ status: 200, data: { data: types } });
      }),
    );
    renderRoute('/settings', owner());
    await waitFor(async () => expect(await names()).toEqual(['Urgent', 'Task', 'Communication']));
    const s = await section();
    expect(s.getByRole('button', { name: 'Move Urgent up' })).toBeDisabled();
    await userEvent.click(s.getByRole('button', { name: 'Move Communication up' }));
    await waitFor(async () => expect(await names()).toEqual(['Urgent', 'Communication', 'Task']));
    expect(sent).toEqual({ ids: [1, 3, 2] });
  });

  it('adds a type, showing the server’s refusal under the field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/task/types/create', async ({ request }) => {
        const body = (await request.json()) as TaskType;
        bodies.push(body);
        if (body.name === 'Task') {
          return HttpResponse.json(
            {
              status: 409,
              message: 'A task type is already called Task',
              errors: { name: 'A task type is already called Task' },
            },
            { status: 409 },
          );
        }
        types = [...types, { ...type(4, body.name, body.icon, 4), colour: body.colour }];
        return HttpResponse.json({ status: 200, data: types.at(-1) });
      }),
    );
    renderRoute('/settings', owner());
    await userEvent.click((await section()).getByRole('button', { name: 'Add type' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Give the type a name')).toBeVisible();
    expect(bodies).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: 'Name (English)' }), 'Task');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A task type is already called Task')).toBeVisible();

    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name (English)' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name (English)' }), 'Cleaning');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await names()).toContain('Cleaning'));
    expect(bodies.at(-1)).toMatchObject({ name: 'Cleaning', icon: 'Assignment', colour: '#1976d2' });
  });

  // Issue 44 item 3: a name per language, as the terms have; the default language's is required.
  it('words a type in each other language, an empty one reading the default name', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.put('*/api/task/types/update', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 200, data: { ...types[2]!, ...sent } });
      }),
    );
    renderRoute('/settings', owner());
    await userEvent.click(await (await section()).findByRole('button', { name: 'Edit Communication' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('textbox', { name: 'Name (English)' })).toHaveValue('Communication');
    const spanish = dialog.getByRole('textbox', { name: 'Name (Español)' });
    expect(dialog.getAllByText('Left empty, readers of this language see “Communication”')).toHaveLength(2);
    await userEvent.type(spanish, 'Comunicado');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ id: 3, names: { es: 'Comunicado', fr: '' } }));
  });

  it('says why a type in use cannot be deleted', async () => {
    server.use(
      http.delete('*/api/task/types/delete', () =>
        HttpResponse.json(
          { status: 409, message: 'Task is used by 12 tasks: archive or change them first' },
          { status: 409 },
        ),
      ),
    );
    renderRoute('/settings', owner());
    await userEvent.click(await (await section()).findByRole('button', { name: 'Delete Task' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Task is used by 12 tasks: archive or change them first')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await names()).toContain('Task');
  });
});
