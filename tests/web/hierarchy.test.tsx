import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TreeNode } from '../../contract/api/hierarchy';
import {
  canDrop,
  indexTree,
  moveLocally,
  searchTree,
  visibleRows,
} from '../../src/customRoutes/hierarchy/treeModel';
import { adminVerify, resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderRoute, setViewportWidth } from './renderApp';

function node(
  id: number,
  name: string,
  type: TreeNode['type'],
  children: TreeNode[] = [],
  extra: Partial<TreeNode> = {},
): TreeNode {
  return {
    id,
    name,
    type,
    children,
    object_id: null,
    level: 0,
    status: 'active',
    parent_id: null,
    user_count: 0,
    object: null,
    ...extra,
  };
}

const store = (id: number, name: string, code: string, people = 0) =>
  node(id, name, 'workspace', [], {
    object_id: id * 10,
    user_count: people,
    object: {
      id: id * 10,
      identifier: code,
      street_line1: '',
      street_line2: '',
      suburb: '',
      city: '',
      state: '',
      postcode: '',
      contact: '',
      description: '',
      open_at: null,
      timezone: 'Australia/Sydney',
    },
  });

/** Root → NSW → (Sydney Metro → 2 stores), Victoria → Melbourne Metro → 1 store; Unassigned. */
function tree(): TreeNode[] {
  const levels = (n: TreeNode, level: number, parent: number | null): TreeNode => ({
    ...n,
    level,
    parent_id: parent,
    children: n.children.map((c) => levels(c, level + 1, n.id)),
  });
  return [
    levels(
      node(
        1,
        'Acme Retail',
        'root',
        [
          node(2, 'New South Wales', 'container', [
            node(
              3,
              'Sydney Metro',
              'container',
              [store(4, 'Sydney CBD', 'NSW-001', 3), store(5, 'Parramatta', 'NSW-002', 2)],
              {
                user_count: 1,
              },
            ),
          ]),
          node(6, 'Victoria', 'container', [
            node(7, 'Melbourne Metro', 'container', [store(8, 'Docklands', 'VIC-003', 1)]),
          ]),
          node(9, 'Unassigned', 'unassigned'),
        ],
        { user_count: 1 },
      ),
      0,
      null,
    ),
  ];
}

describe('tree model', () => {
  it('refuses drops that would make a cycle or land on a workspace, root moves and no-op moves', () => {
    const index = indexTree(tree());
    expect(canDrop(index, 3, 6)).toBe(true);
    expect(canDrop(index, 2, 3)).toBe(false); // under its own descendant
    expect(canDrop(index, 3, 3)).toBe(false);
    expect(canDrop(index, 3, 4)).toBe(false); // onto a workspace
    expect(canDrop(index, 3, 9)).toBe(false); // onto unassigned
    expect(canDrop(index, 1, 6)).toBe(false); // the root stays
    expect(canDrop(index, 3, 2)).toBe(false); // already there
  });

  it('moves a subtree locally and fixes levels below it', () => {
    const moved = moveLocally(tree(), 3, 7);
    const index = indexTree(moved);
    expect(index.parentOf.get(3)).toBe(7);
    expect(index.byId.get(3)!.level).toBe(3);
    expect(index.byId.get(4)!.level).toBe(4);
    expect(index.byId.get(2)!.children).toHaveLength(0);
  });

  it('search reveals matches inside folded branches, by name or code', () => {
    const roots = tree();
    const index = indexTree(roots);
    const found = searchTree(index, 'vic-003')!;
    const rows = visibleRows(roots, new Set(), found);
    expect(rows.map((r) => r.node.name)).toEqual(['Acme Retail', 'Victoria', 'Melbourne Metro', 'Docklands']);
    expect(rows.filter((r) => r.match).map((r) => r.node.name)).toEqual(['Docklands']);
  });
});

const admin = () => adminVerify();

const people = [
  {
    id: 501,
    user_id: 41,
    firstname: 'Sophie',
    lastname: 'Store',
    preferred_name: null,
    username: 'store@acme.test',
    email: 'store@acme.test',
    enabled: true,
    role_id: 3,
    role_name: 'Store Manager',
    node_id: 4,
    node_name: 'Sydney CBD',
    node_type: 'workspace',
  },
];

function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (k: string, v: string) => data.set(k, v),
    getData: (k: string) => data.get(k) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

function drag(from: HTMLElement, to: HTMLElement) {
  const transfer = dataTransfer();
  fireEvent.dragStart(from, { dataTransfer: transfer });
  fireEvent.dragOver(to, { dataTransfer: transfer });
  fireEvent.drop(to, { dataTransfer: transfer });
}

/** A line of the tree: named by the node's name, then its code, state and people (", 3 people…"). */
const named = (name: string) => (accessible: string) =>
  accessible === name || accessible.startsWith(`${name},`) || accessible.startsWith(`${name} `);
const item = (name: string) => screen.findByRole('treeitem', { name: named(name) });

describe('/admin/hierarchy', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    server.use(
      http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: tree() })),
      http.get('*/api/hierarchy/assign/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
      ),
    );
  });

  it('shows the top two levels and finds a folded store by its code', async () => {
    renderRoute('/admin/hierarchy', admin());
    expect(await item('Sydney Metro')).toHaveAttribute('aria-level', '3');
    expect(screen.queryByRole('treeitem', { name: named('Docklands') })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by name or code' }), 'VIC-003');
    expect(await item('Docklands')).toHaveAttribute('aria-level', '4');
    expect(screen.getByRole('status')).toHaveTextContent('1 match');
    expect(screen.queryByRole('treeitem', { name: named('New South Wales') })).toBeNull();
  });

  it('opens on the node a link names, its branch unfolded', async () => {
    renderRoute('/admin/hierarchy?node=8', admin());
    expect(await item('Docklands')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Docklands' })).toBeInTheDocument();
  });

  it('asks before a dropped move, says “Error dragging node” when it fails and snaps back', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/hierarchy/node/update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 500 }, { status: 500 });
      }),
    );
    renderRoute('/admin/hierarchy', admin());
    drag(await item('Sydney Metro'), await item('Victoria'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Move Sydney Metro under Victoria?');
    expect(dialog).toHaveTextContent('The 2 nodes below it move too.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Error dragging node')).toBeInTheDocument();
    expect(body).toEqual({ id: 3, parent_id: 6 });
    // Back where it was: under New South Wales, which is right above it again.
    await waitFor(() => {
      const names = screen
        .getAllByRole('treeitem')
        .map((row) => row.getAttribute('aria-label')?.split(',')[0]);
      expect(names.indexOf('Sydney Metro')).toBe(names.indexOf('New South Wales') + 1);
    });
  });

  it('does not offer a drop onto a workspace', async () => {
    renderRoute('/admin/hierarchy', admin());
    const victoria = await item('Victoria');
    await userEvent.click(
      within(await item('Sydney Metro')).getByRole('button', { name: 'Expand Sydney Metro' }),
    );
    drag(victoria, await item('Parramatta'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms a delete with how many people move to Unassigned, then deletes the chosen nodes', async () => {
    let deleted: unknown;
    server.use(
      http.delete('*/api/hierarchy/node/delete', async ({ request }) => {
        deleted = await request.json();
        return HttpResponse.json({ status: 200, data: { deleted: 3, moved_users: 6, unassigned_id: 9 } });
      }),
    );
    renderRoute('/admin/hierarchy', admin());
    await userEvent.click(
      within(await item('Sydney Metro')).getByRole('checkbox', { name: 'Choose Sydney Metro' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This deletes Sydney Metro and everything below: 3 nodes in all.');
    expect(dialog).toHaveTextContent(
      '6 people positioned there will move to Unassigned, keeping their roles.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted 3 nodes; 6 people moved to Unassigned')).toBeInTheDocument();
    expect(deleted).toEqual({ ids: [3] });
  });

  it('renames the ticked node rather than the highlighted one, and says which it acts on', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/hierarchy/node/update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 200, data: {} });
      }),
    );
    renderRoute('/admin/hierarchy', admin());
    // The top node is highlighted at first.
    expect(await item('Acme Retail')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('hierarchy-acting-on')).toHaveTextContent('Acting on Acme Retail');
    await userEvent.click(
      within(await item('Sydney Metro')).getByRole('checkbox', { name: 'Choose Sydney Metro' }),
    );
    expect(screen.getByTestId('hierarchy-acting-on')).toHaveTextContent(
      'Acting on the ticked node: Sydney Metro',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Rename Sydney Metro');
    const name = within(dialog).getByRole('textbox');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sydney');
    await userEvent.click(within(dialog).getByRole('button', { name: /Rename|Save/ }));
    await waitFor(() => expect(body).toEqual({ id: 3, name: 'Sydney' }));
  });

  it('moves every ticked node with "Move to…", and renames only one at a time', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/hierarchy/node/update', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 200, data: {} });
      }),
    );
    renderRoute('/admin/hierarchy', admin());
    await userEvent.click(
      within(await item('Sydney Metro')).getByRole('checkbox', { name: 'Choose Sydney Metro' }),
    );
    await userEvent.click(
      within(await item('Melbourne Metro')).getByRole('checkbox', { name: 'Choose Melbourne Metro' }),
    );
    expect(screen.getByTestId('hierarchy-acting-on')).toHaveTextContent(
      'Acting on 2 ticked nodes: Sydney Metro, Melbourne Metro',
    );
    expect(screen.getByRole('button', { name: 'Rename' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete (2)' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move to… (2)' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: /Acme Retail/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { id: 3, parent_id: 1 },
        { id: 7, parent_id: 1 },
      ]),
    );
    // Done with them: the ticks go, and the toolbar is back on the highlighted node.
    await waitFor(() =>
      expect(screen.getByTestId('hierarchy-acting-on')).toHaveTextContent('Acting on Acme Retail'),
    );
  });

  it('lists the people of the selected node and transfers the chosen ones', async () => {
    let transferred: unknown;
    let asked: URLSearchParams | undefined;
    server.use(
      http.get('*/api/hierarchy/assign/list', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({ status: 200, data: { data: people, total: 1, page: 1, per_page: 10 } });
      }),
      http.put('*/api/hierarchy/assign/transfer', async ({ request }) => {
        transferred = await request.json();
        return HttpResponse.json({ status: 200, data: { moved: 1, node_id: 8 } });
      }),
    );
    renderRoute('/admin/hierarchy', admin());
    await userEvent.click(
      within(await item('Sydney Metro')).getByRole('button', { name: 'Expand Sydney Metro' }),
    );
    await userEvent.click(await item('Sydney CBD'));
    await screen.findByText('Sophie Store');
    expect(asked?.get('node_id')).toBe('4');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Sophie Store' }));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer to…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Destination' }), 'Dock');
    await userEvent.click(await screen.findByRole('option', { name: /Docklands/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('1 person transferred')).toBeInTheDocument();
    expect(transferred).toEqual({ ids: [501], node_id: 8 });
  });
});
