import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Department } from '../../contract/api/departments';
import type { TreeNode } from '../../contract/api/hierarchy';
import type { Profile } from '../../contract/api/profile';
import type { Role } from '../../contract/api/roles';
import { permissionsOf, resetBrowserState, verifyData } from './fixtures';
import { server } from './msw';
import { renderRoute, setViewportWidth } from './renderApp';

const admin = () => verifyData({ modules: permissionsOf('Administrator') });

const failed = () => HttpResponse.json({ status: 500, message: 'Internal Server Error' }, { status: 500 });

/** Answers with a server error the first time and with `data` afterwards. */
function failOnce(data: unknown) {
  let calls = 0;
  return () => (calls++ === 0 ? failed() : HttpResponse.json({ status: 200, data }));
}

const ROLE: Role = {
  id: 4,
  name: 'Store Manager',
  description: 'Runs one store',
  permissions: [{ id: 'user', status: 'active', capabilities: ['read'] }],
  user_count: 3,
  assignable: true,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
};

const DEPARTMENT: Department = {
  id: 6,
  name: 'Produce',
  description: 'Fruit and vegetables',
  colour: '#2e7d32',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
};

const PROFILE: Profile = {
  id: 1,
  username: 'owner@acme.test',
  email: 'owner@acme.test',
  firstname: 'Olivia',
  lastname: 'Owner',
  preferred_name: null,
  avatar: null,
  avatar_url: null,
  profile_data: [],
  fields: [],
};

const TREE: TreeNode[] = [
  {
    id: 1,
    name: 'Acme Retail',
    type: 'root',
    level: 0,
    status: 'active',
    parent_id: null,
    object_id: null,
    object: null,
    user_count: 1,
    children: [],
  },
];

describe('screens that cannot load say so, and offer to try again', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('shows the not-found page for a copy of a role that does not exist', async () => {
    server.use(
      http.get('*/api/role/get', () =>
        HttpResponse.json({ status: 404, message: 'Role not found' }, { status: 404 }),
      ),
    );
    renderRoute('/admin/role/create/999', admin());
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Name/ })).toBeNull();
  });

  it('retries the role to copy after a failure', async () => {
    server.use(http.get('*/api/role/get', failOnce(ROLE)));
    renderRoute('/admin/role/create/4', admin());
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Store Manager (copy)')).toBeInTheDocument();
  });

  it('retries the department to copy after a failure, and names the copy', async () => {
    server.use(http.get('*/api/department/get', failOnce(DEPARTMENT)));
    renderRoute('/admin/department/create/6', admin());
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Produce (copy)')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Fruit and vegetables')).toBeInTheDocument();
  });

  it('retries the profile after a failure', async () => {
    server.use(http.get('*/api/profile/get', failOnce(PROFILE)));
    renderRoute('/profile', admin());
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('owner@acme.test')).toBeInTheDocument();
  });

  it('retries the hierarchy after a failure', async () => {
    server.use(
      http.get('*/api/hierarchy/tree/fetch', failOnce(TREE)),
      http.get('*/api/hierarchy/assign/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
      ),
    );
    renderRoute('/admin/hierarchy', admin());
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('treeitem', { name: /Acme Retail/ })).toBeInTheDocument();
  });
});
