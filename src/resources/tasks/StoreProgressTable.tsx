import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { HierarchyNode } from '../../../contract/api/session';
import type { Task } from '../../../contract/api/tasks';
import { useHierarchyTree } from '../../components/NodePicker/useHierarchyTree';
import { StoreTime } from '../../components/StoreTime';
import { WORKSPACE_PATHS } from '../workspaces/workspacePaths';
import { TaskProgressBar } from './TaskProgressBar';

/** Workspace node id → workspace record id, from the caller's tree (progress rows carry node ids). */
function workspaceIds(nodes: readonly HierarchyNode[]): Map<number, number> {
  const ids = new Map<number, number>();
  const walk = (list: readonly HierarchyNode[]) => {
    for (const node of list) {
      if (node.type === 'workspace' && node.object_id !== null) ids.set(node.id, node.object_id);
      walk(node.children);
    }
  };
  walk(nodes);
  return ids;
}

/** Where a store's name links: its administration page, else its Store Info page, else nowhere. */
function useStorePath(): (nodeId: number) => string | undefined {
  const { nodes } = useHierarchyTree();
  const ids = useMemo(() => workspaceIds(nodes), [nodes]);
  const admin = useCanAccess({ resource: 'workspaces', action: 'show' });
  const info = useCanAccess({ resource: 'stores', action: 'show' });
  return (nodeId) => {
    const id = ids.get(nodeId);
    if (id === undefined) return undefined;
    if (admin.canAccess) return WORKSPACE_PATHS.detail(id);
    if (info.canAccess) return `/workspace/detail/${id}`;
    return undefined;
  };
}

/** Progress per targeted store in the caller's scope, with links to each store. */
export function StoreProgressTable({ task }: { task: Task }) {
  const translate = useTranslate();
  const pathOf = useStorePath();
  const narrow = { display: { xs: 'none', sm: 'table-cell' } };
  return (
    <Card variant="outlined">
      <CardContent sx={{ px: { xs: 0, sm: 2 } }}>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom sx={{ px: { xs: 2, sm: 0 } }}>
          {translate('tasks.detail.stores')}
        </Typography>
        {task.stores.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 0 } }}>
            {translate('tasks.detail.no_stores')}
          </Typography>
        ) : (
          <Table size="small" data-testid="task-stores">
            <TableHead>
              <TableRow>
                <TableCell>{translate('tasks.fields.store')}</TableCell>
                <TableCell>{translate('tasks.fields.progress')}</TableCell>
                <TableCell sx={narrow}>{translate('tasks.detail.next_due')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {task.stores.map((store) => {
                const path = pathOf(store.node_id);
                return (
                  <TableRow key={store.node_id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {path ? (
                        <Link component={RouterLink} to={path}>
                          {store.name}
                        </Link>
                      ) : (
                        store.name
                      )}
                      {store.identifier && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {store.identifier}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <TaskProgressBar progress={store} zone={store.timezone} />
                    </TableCell>
                    <TableCell sx={narrow}>
                      {store.next_due_at ? (
                        <StoreTime value={store.next_due_at} zone={store.timezone} />
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
