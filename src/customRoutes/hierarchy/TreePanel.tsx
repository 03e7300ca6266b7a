import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { SearchField } from '../../components/SearchField';
import { ActingOn } from './ActingOn';
import { HierarchyToolbar } from './HierarchyToolbar';
import type { HierarchyDialog } from './hierarchyDialog';
import { isEditable, type ToolbarTargets } from './toolbarTargets';
import { canDrop as canDropOn, namesOf } from './treeModel';
import type { HierarchyRights } from './useHierarchyRights';
import type { HierarchyTree } from './useHierarchyTree';
import { VirtualTree } from './VirtualTree';

/** The tree side of the hierarchy screen: search, the toolbar, what it acts on, and the tree itself. */
export function TreePanel({
  tree,
  can,
  targets,
  busy,
  onOpen,
}: {
  tree: HierarchyTree;
  can: HierarchyRights;
  targets: ToolbarTargets;
  busy: boolean;
  onOpen: (dialog: HierarchyDialog) => void;
}) {
  const translate = useTranslate();
  const { index, query, found, checked } = tree;
  const canDrag = useCallback(
    (id: number) => can.update && isEditable(index.byId.get(id)),
    [can.update, index],
  );
  const canDrop = useCallback((from: number, to: number) => canDropOn(index, from, to), [index]);
  const onMove = useCallback(
    (id: number, parentId: number) => onOpen({ kind: 'drop', id, parentId }),
    [onOpen],
  );
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <SearchField
          label={translate('hierarchy.search')}
          value={tree.searchText}
          onChange={tree.setSearchText}
        />
        <Tooltip title={translate('hierarchy.expand_all')}>
          <IconButton onClick={tree.expandAll} aria-label={translate('hierarchy.expand_all')}>
            <UnfoldMoreIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('hierarchy.collapse_all')}>
          <IconButton onClick={tree.collapseAll} aria-label={translate('hierarchy.collapse_all')}>
            <UnfoldLessIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <HierarchyToolbar can={can} targets={targets} onOpen={onOpen} />
      <ActingOn
        names={namesOf(index, targets.targetIds)}
        ticked={checked.size}
        onClear={() => tree.setChecked(new Set())}
      />
      {found && (
        <Typography variant="caption" color="text.secondary" role="status">
          {translate('hierarchy.matches', { smart_count: found.matched.size })}
        </Typography>
      )}
      <Box sx={{ minHeight: 4 }}>{(query.isFetching || busy) && <LinearProgress />}</Box>
      {query.error ? (
        <RetryAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <VirtualTree
          rows={tree.rows}
          selectedId={tree.selectedId}
          checked={checked}
          highlight={tree.search.trim()}
          height={{ xs: 420, md: 'max(420px, calc(100vh - 320px))' }}
          onSelect={tree.setSelectedId}
          onToggle={tree.toggle}
          onCheck={tree.check}
          canDrag={canDrag}
          canDrop={canDrop}
          onMove={onMove}
        />
      )}
      {can.update && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'block' }, mt: 1 }}
        >
          {translate('hierarchy.drag_hint')}
        </Typography>
      )}
    </>
  );
}
