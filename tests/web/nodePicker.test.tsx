import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../../contract/api/session';
import { NodePicker, type SelectionOptions, selectionOptions } from '../../src/components/NodePicker';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { createQueryClient } from '../../src/providers/queryClient';
import { authProvider, dataProvider } from '../../src/screenRegistry';
import { setSessionUser } from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { permissionsOf, type RoleName, resetBrowserState, signedIn, verifyData } from './fixtures';
import { server } from './msw';

const node = (
  id: number,
  name: string,
  type: HierarchyNode['type'],
  children: HierarchyNode[] = [],
  status: HierarchyNode['status'] = 'active',
): HierarchyNode => ({
  id,
  object_id: type === 'workspace' ? id * 10 : null,
  name,
  type,
  level: 0,
  status,
  parent_id: null,
  children,
});

/** Acme-like: a state with an area of stores (one inactive), an empty area, and unassigned. */
const TREE: HierarchyNode[] = [
  node(1, 'Acme Retail', 'root', [
    node(2, 'New South Wales', 'container', [
      node(3, 'Sydney Metro', 'container', [
        node(4, 'Sydney CBD', 'workspace'),
        node(5, 'Parramatta', 'workspace', [], 'inactive'),
      ]),
      node(6, 'New Area', 'container'),
    ]),
    node(7, 'Unassigned', 'unassigned'),
  ]),
];

const names = (options: SelectionOptions = {}) => selectionOptions(TREE, options).map((o) => o.name);
const disabled = (options: SelectionOptions = {}) =>
  selectionOptions(TREE, options)
    .filter((o) => o.disabled)
    .map((o) => o.name);

describe('selection tree rules (spec §5)', () => {
  it('offers only root and container nodes by default', () => {
    expect(names()).toEqual(['Acme Retail', 'New South Wales', 'Sydney Metro', 'New Area']);
  });

  it('offers the unassigned node only on request', () => {
    expect(names()).not.toContain('Unassigned');
    expect(names({ includeUnassigned: true })).toContain('Unassigned');
  });

  it('offers workspaces when asked, only active ones unless inactive ones are allowed', () => {
    expect(names({ includeWorkspaces: true })).toEqual([
      'Acme Retail',
      'New South Wales',
      'Sydney Metro',
      'Sydney CBD',
      'New Area',
    ]);
    expect(names({ includeWorkspaces: true, includeInactive: true })).toContain('Parramatta');
  });

  it('disables a container without children unless the caller allows it', () => {
    expect(disabled()).toEqual(['New Area']);
    // Sydney Metro has stores, so it stays selectable even when stores are not offered.
    expect(disabled({ includeWorkspaces: false })).not.toContain('Sydney Metro');
    expect(disabled({ allowEmptyContainers: true })).toEqual([]);
  });

  it('leaves out excluded nodes with everything below them, and keeps depth and ancestors', () => {
    expect(names({ excludeIds: [3], includeWorkspaces: true })).toEqual([
      'Acme Retail',
      'New South Wales',
      'New Area',
    ]);
    const cbd = selectionOptions(TREE, { includeWorkspaces: true }).find((o) => o.id === 4)!;
    expect(cbd).toMatchObject({ depth: 3, ancestors: ['Acme Retail', 'New South Wales', 'Sydney Metro'] });
  });
});

function signInAs(role: RoleName) {
  signedIn();
  setSessionUser(toSessionUser(verifyData({ modules: permissionsOf(role), hierarchy: TREE }), 'test-token'));
}

function Picker(props: SelectionOptions & { nodes?: HierarchyNode[]; onPick?: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  const { onPick, ...rest } = props;
  return (
    <AdminContext
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      // The app's own query client: a request the server answered is not retried behind the user's back.
      queryClient={createQueryClient()}
    >
      <NodePicker
        {...rest}
        label="Parent"
        value={value}
        onChange={(id) => {
          setValue(id);
          onPick?.(id);
        }}
      />
      <output data-testid="picked">{value ?? 'none'}</output>
    </AdminContext>
  );
}

async function openList() {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Parent' }));
  return screen.findByRole('listbox');
}

describe('<NodePicker>', () => {
  beforeEach(() => resetBrowserState());

  it('lists the tree indented, with empty containers disabled, and picks a node', async () => {
    signInAs('Team Member');
    render(<Picker nodes={TREE} includeWorkspaces />);
    const listbox = await openList();
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Acme Retail',
      'New South Wales',
      'Sydney Metro',
      'Sydney CBD',
      'New Area',
    ]);
    expect(within(listbox).getByRole('option', { name: 'New Area' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(listbox).getByRole('option', { name: 'Sydney CBD' }));
    expect(screen.getByTestId('picked')).toHaveTextContent('4');
    expect(screen.getByRole('combobox', { name: 'Parent' })).toHaveValue('Sydney CBD');
  });

  it('searches by name and shows where each match sits', async () => {
    signInAs('Team Member');
    render(<Picker nodes={TREE} includeWorkspaces includeInactive />);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Parent' }), 'parra');
    const listbox = await screen.findByRole('listbox');
    const [match] = within(listbox).getAllByRole('option');
    expect(match).toHaveTextContent('Parramatta · inactive');
    expect(match).toHaveTextContent('Acme Retail › New South Wales › Sydney Metro');
  });

  it('reads the tree from the hierarchy API when the role may', async () => {
    signInAs('Administrator');
    const fresh = [
      node(1, 'Acme Retail', 'root', [
        node(9, 'Freshly Made Area', 'container', [node(10, 'Kiosk', 'workspace')]),
      ]),
    ];
    server.use(http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: fresh })));
    render(<Picker />);
    const listbox = await openList();
    expect(await within(listbox).findByRole('option', { name: 'Freshly Made Area' })).toBeInTheDocument();
  });

  it('says when the tree could not be loaded and loads it again on "Try again"', async () => {
    signInAs('Administrator');
    let calls = 0;
    server.use(
      http.get('*/api/hierarchy/tree/fetch', () =>
        calls++ === 0
          ? HttpResponse.json({ status: 500, message: 'Internal Server Error' }, { status: 500 })
          : HttpResponse.json({ status: 200, data: TREE }),
      ),
    );
    render(<Picker />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/Internal Server Error/)).toBeInTheDocument();
    await userEvent.click(retry);
    const listbox = await openList();
    expect(await within(listbox).findByRole('option', { name: 'Sydney Metro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('falls back to the session’s tree for a role without hierarchy.read', async () => {
    signInAs('Store Manager');
    render(<Picker includeUnassigned />);
    const listbox = await openList();
    expect(within(listbox).getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: 'Sydney CBD' })).toBeNull();
  });
});
