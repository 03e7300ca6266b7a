import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { RolePermission } from '../../contract/api/roles';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { PermissionMatrix } from '../../src/resources/roles/PermissionMatrix';
import {
  columnSelection,
  fromMatrix,
  MATRIX_MODULES,
  rowSelection,
  toggleCell,
  toggleColumn,
  toggleRow,
  toMatrix,
} from '../../src/resources/roles/permissionMatrix';

const perm = (id: string, ...capabilities: string[]): RolePermission => ({
  id,
  status: 'active',
  capabilities,
});

describe('permission matrix rules', () => {
  it('has a row for every module a tenant role can carry, never tenant management', () => {
    expect(MATRIX_MODULES).toContain('user');
    expect(MATRIX_MODULES).toContain('audit');
    expect(MATRIX_MODULES).not.toContain('tenant');
  });

  it('reads permissions case-insensitively and drops what the catalogue does not know', () => {
    const matrix = toMatrix([perm('USER', 'disable', 'Read', 'complete'), perm('warehouse', 'read')]);
    expect(matrix.user.capabilities).toEqual(['read', 'disable']);
    expect(fromMatrix(matrix)).toEqual([perm('user', 'read', 'disable')]);
  });

  it('ticks a cell only where the module has that capability', () => {
    let matrix = toMatrix([]);
    matrix = toggleCell(matrix, 'taskmanagement', 'manage', true);
    matrix = toggleCell(matrix, 'dashboard', 'manage', true);
    expect(fromMatrix(matrix)).toEqual([perm('taskmanagement', 'manage')]);
  });

  it('selects a whole row, and a whole column across the modules that have it', () => {
    let matrix = toggleRow(toMatrix([]), 'user', true);
    expect(matrix.user.capabilities).toEqual(['create', 'read', 'update', 'delete', 'disable']);
    expect(rowSelection(matrix, 'user')).toBe('all');
    matrix = toggleColumn(matrix, 'complete', true);
    expect(matrix.mytasks.capabilities).toEqual(['complete']);
    expect(matrix.compliance.capabilities).toEqual(['complete']);
    expect(columnSelection(matrix, 'complete')).toBe('all');
    expect(columnSelection(matrix, 'read')).toBe('some');
    matrix = toggleColumn(matrix, 'complete', false);
    expect(rowSelection(matrix, 'mytasks')).toBe('none');
  });
});

function Editor({
  initial,
  onChange,
}: {
  initial: RolePermission[];
  onChange?: (p: RolePermission[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AdminContext i18nProvider={i18nProvider}>
      <PermissionMatrix
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </AdminContext>
  );
}

describe('<PermissionMatrix> editor', () => {
  it('offers only the capabilities each module has', async () => {
    render(<Editor initial={[]} />);
    const users = await screen.findByTestId('matrix-row-user');
    expect(within(users).getByRole('checkbox', { name: 'Users: Disable' })).toBeInTheDocument();
    const dashboard = screen.getByTestId('matrix-row-dashboard');
    expect(within(dashboard).queryByRole('checkbox', { name: 'Dashboard: Disable' })).toBeNull();
    expect(
      within(screen.getByTestId('matrix-row-taskmanagement')).getByRole('checkbox', {
        name: 'Task Management: Manage',
      }),
    ).toBeInTheDocument();
  });

  it('ticks a row with its first box and a column with its header box', async () => {
    const changes: RolePermission[][] = [];
    render(<Editor initial={[perm('audit', 'read')]} onChange={(p) => changes.push(p)} />);
    const audit = await screen.findByTestId('matrix-row-audit');
    const rowBox = within(audit).getByRole('checkbox', { name: 'Every capability of Audit' });
    expect(rowBox).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(rowBox);
    expect(changes.at(-1)).toEqual([perm('audit', 'create', 'read', 'update', 'delete')]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Complete in every module' }));
    expect(changes.at(-1)).toEqual([
      perm('mytasks', 'complete'),
      perm('compliance', 'complete'),
      perm('audit', 'create', 'read', 'update', 'delete'),
    ]);
    expect(screen.getByRole('checkbox', { name: 'Complete in every module' })).toBeChecked();

    await userEvent.click(within(audit).getByRole('checkbox', { name: 'Audit: Update' }));
    expect(changes.at(-1)).toContainEqual(perm('audit', 'create', 'read', 'delete'));
  });

  it('switches a module off without forgetting its ticks', async () => {
    const changes: RolePermission[][] = [];
    render(<Editor initial={[perm('report', 'read')]} onChange={(p) => changes.push(p)} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Reports switched on' }));
    expect(changes.at(-1)).toEqual([{ id: 'report', status: 'inactive', capabilities: ['read'] }]);
  });

  it('names workspace modules with the tenant’s term', async () => {
    render(<Editor initial={[]} />);
    // No session: the fallback term "Workspace" (spec §1).
    expect(await screen.findByTestId('matrix-row-storeinfo')).toHaveTextContent('Workspace Info');
    expect(screen.getByTestId('matrix-row-workspace')).toHaveTextContent('Workspaces');
  });
});

describe('<PermissionMatrix> read-only', () => {
  it('shows what is granted without any box to tick', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <PermissionMatrix value={[perm('user', 'read', 'disable')]} />
      </AdminContext>,
    );
    const users = await screen.findByTestId('matrix-row-user');
    expect(within(users).getByLabelText('Users: Disable')).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(users).getByLabelText('Users: Create not granted')).toBeInTheDocument();
  });
});
