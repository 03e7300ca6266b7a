import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceRecord } from '../../contract/api/workspaces';
import { inputToOpenAt, msToOpenAt, openAtToInput, openAtToMs } from '../../src/providers/openAt';
import { acmeRoot, adminVerify, resetBrowserState, verifyData, workspaceRecord } from './fixtures';
import { server } from './msw';
import { parts, pickerField, profileZone, shown, typeInto } from './pickers';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

const admin = () =>
  adminVerify({
    hierarchy: [
      acmeRoot([
        {
          id: 3,
          object_id: null,
          name: 'Sydney Metro',
          type: 'container',
          level: 1,
          status: 'active',
          parent_id: 1,
          children: [],
        },
      ]),
    ],
  });

const page = (rows: WorkspaceRecord[]) =>
  HttpResponse.json({ status: 200, data: { data: rows, total: rows.length, page: 1, per_page: 25 } });

describe('open_at units', () => {
  it('travels in seconds and is held in milliseconds', () => {
    expect(openAtToMs(1_551_398_400)).toBe(1_551_398_400_000);
    expect(msToOpenAt(1_551_398_400_999)).toBe(1_551_398_400);
    expect(openAtToMs(null)).toBeNull();
    // A date field's value round-trips through seconds at midnight UTC.
    expect(openAtToInput(1_551_398_400)).toBe('2019-03-01');
    expect(inputToOpenAt('2019-03-01')).toBe(1_551_398_400);
    expect(inputToOpenAt('')).toBeNull();
  });
});

describe('the opening day west of UTC', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    // A New York browser: midnight UTC on 1 March is still 28 February there.
    process.env.TZ = 'America/New_York';
    server.use(
      http.get('*/api/workspace/get', () => HttpResponse.json({ status: 200, data: workspaceRecord() })),
      http.get('*/api/workspace/summary', () =>
        HttpResponse.json({ status: 200, data: { active: 12, inactive: 1, limit: 50 } }),
      ),
      http.get('*/api/hierarchy/tree/fetch', () =>
        HttpResponse.json({ status: 200, data: admin().hierarchy }),
      ),
    );
    return () => {
      process.env.TZ = zone;
    };
  });

  it('shows the day the store opened on its details, not the day before', async () => {
    renderRoute('/admin/workspace/detail/42', admin());
    expect(await screen.findByRole('heading', { name: 'Sydney CBD' })).toBeInTheDocument();
    expect(screen.getByText(/^(03\/01\/2019|01\/03\/2019|2019-03-01)$/)).toBeInTheDocument();
  });

  it('fills the Opened field when editing and sends the same day back', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.put('*/api/workspace/update', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 200, data: workspaceRecord() });
      }),
    );
    renderRoute('/admin/workspace/edit/42', admin());
    // A New York session reads it in the US pattern, and the field holds the same day.
    const opened = await screen.findByRole('group', { name: 'Opened' });
    await waitFor(() => expect(shown(opened)).toBe('03/01/2019'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Contact' }), ' (front desk)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectPath('/admin/workspace/detail/42');
    expect(sent?.open_at).toBe(1_551_398_400);
  });
});

describe('workspace screens', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    server.use(
      http.get('*/api/workspace/summary', () =>
        HttpResponse.json({ status: 200, data: { active: 12, inactive: 1, limit: 50 } }),
      ),
      // The parent picker reads the tree of an administrator from the hierarchy API.
      http.get('*/api/hierarchy/tree/fetch', () =>
        HttpResponse.json({ status: 200, data: admin().hierarchy }),
      ),
    );
  });

  it('lists the workspaces with the tenant term and the active count against the limit', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/workspace/list', ({ request }) => {
        query = new URL(request.url).searchParams;
        return page([
          workspaceRecord(),
          workspaceRecord({ id: 43, name: 'Parramatta', identifier: 'NSW-002', status: 'inactive' }),
        ]);
      }),
    );
    renderRoute('/admin/workspace', admin());
    expect(await screen.findByText('Parramatta')).toBeInTheDocument();
    expect(screen.getByTestId('workspace-summary')).toHaveTextContent('12 of 50 active');
    expect(screen.getByRole('link', { name: 'New store' })).toHaveAttribute(
      'href',
      '/admin/workspace/create',
    );
    expect(query?.get('sort')).toBe('name');
    const inactive = screen.getByText('Parramatta').closest('tr')!;
    expect(await within(inactive).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('shows the server’s message when activating past the limit', async () => {
    server.use(
      http.get('*/api/workspace/list', () => page([workspaceRecord({ status: 'inactive' })])),
      http.put('*/api/workspace/activate', () =>
        HttpResponse.json(
          { status: 409, message: 'The limit of 50 active stores is reached (50 are active).' },
          { status: 409 },
        ),
      ),
    );
    renderRoute('/admin/workspace', admin());
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText('The limit of 50 active stores is reached (50 are active).'),
    ).toBeInTheDocument();
  });

  it('creates a workspace with its parent and sends the opening day in seconds', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/workspace/create', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 200, data: workspaceRecord({ id: 77, name: 'Chatswood' }) });
      }),
      http.get('*/api/workspace/get', () =>
        HttpResponse.json({ status: 200, data: workspaceRecord({ id: 77, name: 'Chatswood' }) }),
      ),
    );
    renderRoute('/admin/workspace/create', { ...admin(), ...profileZone('Europe/London') });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Chatswood');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'NSW-004');
    await userEvent.click(screen.getByRole('combobox', { name: 'Belongs to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sydney Metro' }));
    // A London session types the day first.
    const opened = pickerField('Opened');
    expect(parts(opened)).toEqual(['Day', 'Month', 'Year']);
    await typeInto(opened, '01052024');
    expect(shown(opened)).toBe('01/05/2024');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectPath('/admin/workspace/detail/77');
    expect(sent).toMatchObject({ name: 'Chatswood', identifier: 'NSW-004', parent_id: 3 });
    expect(sent?.open_at).toBe(Date.UTC(2024, 4, 1) / 1000);
  });

  it('edits a workspace, keeping the opening day in seconds, and returns to its details', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('*/api/workspace/get', () => HttpResponse.json({ status: 200, data: workspaceRecord() })),
      http.put('*/api/workspace/update', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 200, data: workspaceRecord({ contact: '02 9000 0000' }) });
      }),
    );
    renderRoute('/admin/workspace/edit/42', admin());
    const contact = await screen.findByRole('textbox', { name: 'Contact' });
    await waitFor(() => expect(contact).toHaveValue('sydney.cbd@stores.example'));
    await userEvent.clear(contact);
    await userEvent.type(contact, '02 9000 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectPath('/admin/workspace/detail/42');
    expect(sent).toMatchObject({ id: 42, contact: '02 9000 0000', open_at: 1_551_398_400, parent_id: 3 });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the server’s sentence for a refused field under that field', async () => {
    const sentence = 'Code can be at most 64 characters long';
    server.use(
      http.get('*/api/workspace/get', () => HttpResponse.json({ status: 200, data: workspaceRecord() })),
      http.put('*/api/workspace/update', () =>
        HttpResponse.json(
          { status: 400, message: sentence, errors: { identifier: sentence } },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/admin/workspace/edit/42', admin());
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveValue('NSW-001'));
    await userEvent.type(code, '-X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(sentence));
  });

  it('opens Store Info on a store user’s own store, read-only', async () => {
    server.use(
      http.get('*/api/storeinfo/get', ({ request }) => {
        expect(new URL(request.url).searchParams.get('id')).toBe('42');
        return HttpResponse.json({ status: 200, data: workspaceRecord() });
      }),
    );
    renderRoute('/workspace', verifyData());
    await expectPath('/workspace/detail/42');
    expect(await screen.findByRole('heading', { name: 'Sydney CBD' })).toBeInTheDocument();
    expect(screen.getByText('1 George Street')).toBeInTheDocument();
    expect(screen.getByText(/2019/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Edit|Deactivate/ })).toBeNull());
  });
});
