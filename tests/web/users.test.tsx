import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, Form, ResourceContextProvider, SaveButton } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/api/roles';
import type { HierarchyNode } from '../../contract/api/session';
import type { Assign } from '../../contract/api/users';
import { endpointsFor } from '../../src/providers/dataProvider/endpoints';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { assignsBody, PositionsInput } from '../../src/resources/users/PositionsInput';
import { userCreateBody } from '../../src/resources/users/UserInputs';
import { authProvider, dataProvider, RESOURCES } from '../../src/screenRegistry';
import { setSessionUser } from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { permissionsOf, resetBrowserState, signedIn, verifyData } from './fixtures';
import { server } from './msw';

const node = (id: number, name: string, type: HierarchyNode['type'], children: HierarchyNode[] = []) => ({
  id,
  object_id: type === 'workspace' ? id * 10 : null,
  name,
  type,
  level: 0,
  status: 'active' as const,
  parent_id: null,
  children,
});

/** Sydney Metro as an area manager sees it. */
const TREE: HierarchyNode[] = [
  node(6, 'Sydney Metro', 'container', [
    node(7, 'Sydney CBD', 'workspace'),
    node(8, 'Parramatta', 'workspace'),
  ]),
];

const role = (id: number, name: string, assignable = true): Role => ({
  id,
  name,
  description: '',
  permissions: [],
  user_count: 0,
  assignable,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
});

const ROLES = [role(2, 'Administrator', false), role(4, 'Store Manager'), role(5, 'Team Member')];

function signInAsStoreManager() {
  signedIn();
  // A Store Manager edits users without hierarchy.read: the picker uses the session's tree.
  setSessionUser(
    toSessionUser(verifyData({ modules: permissionsOf('Store Manager'), hierarchy: TREE }), 'test-token'),
  );
}

let roleQuery: URLSearchParams | undefined;

function renderEditor(assigns: Partial<Assign>[], onSubmit = vi.fn()) {
  server.use(
    http.get('*/api/role/list', ({ request }) => {
      roleQuery = new URL(request.url).searchParams;
      return HttpResponse.json({ status: 200, data: { data: ROLES, total: 3, page: 1, per_page: 1000 } });
    }),
  );
  render(
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
      <ResourceContextProvider value="users">
        <Form record={{ id: 1, assigns }} onSubmit={onSubmit}>
          <PositionsInput />
          <SaveButton alwaysEnable />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return onSubmit;
}

const outside: Partial<Assign> = {
  id: 31,
  node_id: 20,
  node_name: 'Geelong',
  node_type: 'workspace',
  role_id: 5,
  role_name: 'Team Member',
  in_scope: false,
};

describe('position editor', () => {
  beforeEach(() => {
    resetBrowserState();
    signInAsStoreManager();
  });

  it('asks for the roles as spec §9 says, and disables those beyond the caller’s own', async () => {
    renderEditor([{}]);
    // The select replaces its loading placeholder once the roles have arrived.
    await userEvent.click(await screen.findByRole('combobox', { name: /Role/ }));
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /Administrator/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(listbox).getByRole('option', { name: 'Team Member' })).not.toHaveAttribute('aria-disabled');
    expect(roleQuery?.get('page')).toBe('1');
    expect(roleQuery?.get('per_page')).toBe('1000');
  });

  it('picks a place from the caller’s tree and a role, and submits node and role ids', async () => {
    const onSubmit = renderEditor([{}]);
    await userEvent.click(await screen.findByRole('combobox', { name: /Place/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Parramatta' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Team Member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(assignsBody(onSubmit.mock.calls[0]![0].assigns)).toEqual([{ node_id: 8, role_id: 5 }]);
  });

  it('shows positions outside the caller’s part read-only and leaves them out of the request', async () => {
    const onSubmit = renderEditor([
      { id: 30, node_id: 7, node_name: 'Sydney CBD', role_id: 4, role_name: 'Store Manager', in_scope: true },
      outside,
    ]);
    const kept = await screen.findByTestId('position-outside');
    expect(kept).toHaveTextContent('Team Member · Geelong');
    expect(kept).toHaveTextContent('Outside your part of the organisation');
    expect(await screen.findByRole('combobox', { name: /Place/ })).toHaveValue('Sydney CBD');
    expect(screen.getAllByRole('combobox', { name: /Place/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // The id travels with the position, so the server keeps it (and anyone's choice of it).
    expect(assignsBody(onSubmit.mock.calls[0]![0].assigns)).toEqual([{ id: 30, node_id: 7, role_id: 4 }]);
  });

  it('adds a second position with "Add position"', async () => {
    const onSubmit = renderEditor([
      { id: 30, node_id: 7, node_name: 'Sydney CBD', role_id: 4, role_name: 'Store Manager', in_scope: true },
    ]);
    expect(await screen.findAllByRole('combobox', { name: /Place/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add position' }));
    const places = await screen.findAllByRole('combobox', { name: /Place/ });
    expect(places).toHaveLength(2);
    await userEvent.click(places[1]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Parramatta' }));
    await userEvent.click(screen.getAllByRole('combobox', { name: /Role/ })[1]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Team Member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(assignsBody(onSubmit.mock.calls[0]![0].assigns)).toEqual([
      { id: 30, node_id: 7, role_id: 4 },
      { node_id: 8, role_id: 5 },
    ]);
  });

  it('recovers after the only position line is removed', async () => {
    const onSubmit = renderEditor([{}]);
    await screen.findByRole('combobox', { name: /Place/ });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Place/ })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give at least one position')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await userEvent.click(await screen.findByRole('combobox', { name: /Place/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sydney CBD' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Team Member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(assignsBody(onSubmit.mock.calls[0]![0].assigns)).toEqual([{ node_id: 7, role_id: 5 }]);
  });

  it('needs at least one position of the caller’s own', async () => {
    const onSubmit = renderEditor([outside]);
    await screen.findByTestId('position-outside');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give at least one position')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('user requests', () => {
  beforeEach(() => resetBrowserState());

  it('sends the username as the e-mail and the password only when one is given (spec §5)', () => {
    const body = userCreateBody({
      firstname: 'Nina',
      lastname: 'New',
      email: ' nina@acme.test ',
      password: '',
      force_reset: true,
      assigns: [{ node_id: 7, role_id: 5 }],
    });
    expect(body).toEqual({
      username: 'nina@acme.test',
      email: 'nina@acme.test',
      firstname: 'Nina',
      lastname: 'New',
      assigns: [{ node_id: 7, role_id: 5 }],
      force_reset: true,
    });
  });

  it('searches the list with spec §7 key and value', () => {
    const listQuery = endpointsFor(RESOURCES, 'users').listQuery!;
    expect(listQuery({ key: 'email', value: ' olivia ' })).toEqual({ key: 'email', value: 'olivia' });
    expect(listQuery({ key: '', value: 'olivia' })).toEqual({ key: 'name', value: 'olivia' });
    expect(listQuery({ key: 'role', value: '' })).toEqual({});
  });

  it('counts an error flag in a 200 answer as a failure of enable or disable (spec §8)', async () => {
    signedIn();
    server.use(
      http.put('*/api/user/disable', () => HttpResponse.json({ status: 200, data: { error: true } })),
    );
    await expect(dataProvider.setUserStatus(9, 'disable')).rejects.toThrow('Error disabling user');
    server.use(
      http.put('*/api/user/enable', () =>
        HttpResponse.json(
          { status: 403, message: 'This user is outside your part of the organisation.' },
          { status: 403 },
        ),
      ),
    );
    await expect(dataProvider.setUserStatus(9, 'enable')).rejects.toThrow('outside your part');
  });
});
