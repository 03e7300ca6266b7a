import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, Title, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { TreeNode } from '../../../contract/api/hierarchy';
import { RetryAlert } from '../../components/LoadFailure';
import { hierarchyTreeQuery } from '../../components/NodePicker';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { NewNodeBody } from '../../providers/dataProvider/hierarchy';
import type { PageProps } from '../../routing/types';
import { AddNodeDialog, fieldErrorsOf, type NewNode, PickNodeDialog, RenameDialog } from './NodeDialogs';
import { NodeSummary } from './NodeSummary';
import { NodeUsersPanel } from './NodeUsersPanel';
import {
  ancestorIds,
  canDrop as canDropOn,
  deletionImpact,
  indexTree,
  moveLocally,
  searchTree,
  visibleRows,
} from './treeModel';
import { useDebounced } from './useDebounced';
import { VirtualTree } from './VirtualTree';

type Dialog =
  | { kind: 'add'; type: 'container' | 'workspace'; errors: Record<string, string> }
  | { kind: 'rename'; error?: string }
  | { kind: 'move' }
  | { kind: 'delete'; ids: number[] }
  | { kind: 'drop'; id: number; parentId: number };

const EDITABLE = new Set(['container', 'workspace']);

/**
 * The organisation tree (spec §2 /admin/hierarchy): browse and search it, add, rename, move (drag
 * and drop or "Move to…") and delete nodes, and see and transfer the people positioned at a node.
 */
export default function HierarchyPage({ title }: PageProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params] = useSearchParams();
  const query = useQuery(hierarchyTreeQuery(dataProvider));
  const can = {
    create: useCanAccess({ resource: 'hierarchy', action: 'create' }).canAccess === true,
    update: useCanAccess({ resource: 'hierarchy', action: 'update' }).canAccess === true,
    delete: useCanAccess({ resource: 'hierarchy', action: 'delete' }).canAccess === true,
  };

  // A confirmed drop shows at once; if the server refuses, dropping this puts the tree back.
  const [optimistic, setOptimistic] = useState<TreeNode[] | null>(null);
  const tree = optimistic ?? query.data ?? [];
  const index = useMemo(() => indexTree(tree), [tree]);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 200);
  const found = useMemo(() => searchTree(index, search), [index, search]);
  const rows = useMemo(() => visibleRows(tree, expanded, found), [tree, expanded, found]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const rendered = useRef(false);

  // First load: the top two levels open and the top node selected, or the node the link names
  // (/admin/hierarchy?node=12, as "Show in hierarchy" on a workspace links) opened up to it.
  useEffect(() => {
    if (!query.data || rendered.current) return;
    rendered.current = true;
    performance.mark('storeline:hierarchy-tree-rendered');
    const open = new Set(query.data.flatMap((root) => [root.id, ...root.children.map((c) => c.id)]));
    const linked = Number(params.get('node'));
    if (index.byId.has(linked)) {
      for (const id of ancestorIds(index, linked)) open.add(id);
      setSelectedId(linked);
    } else setSelectedId(query.data[0]?.id ?? null);
    setExpanded(open);
  }, [query.data, index, params]);

  // After a refetch, forget choices of nodes that no longer exist.
  useEffect(() => {
    if (selectedId !== null && !index.byId.has(selectedId)) setSelectedId(tree[0]?.id ?? null);
    setChecked((current) => {
      const kept = [...current].filter((id) => index.byId.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [index, selectedId, tree]);

  const selected = selectedId === null ? undefined : index.byId.get(selectedId);

  const toggle = useCallback((id: number, open?: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      const willOpen = open ?? !next.has(id);
      if (willOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const check = useCallback((id: number, on: boolean) => {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const canDrag = useCallback(
    (id: number) => can.update && EDITABLE.has(index.byId.get(id)?.type ?? ''),
    [can.update, index],
  );
  const canDrop = useCallback((from: number, to: number) => canDropOn(index, from, to), [index]);
  const onMove = useCallback((id: number, parentId: number) => setDialog({ kind: 'drop', id, parentId }), []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['hierarchy'] });
  const notifyFailure = (error: Error) => notify(error.message, { type: 'error' });

  const addNode = useMutation({
    mutationFn: (body: NewNodeBody) => dataProvider.createNode(body),
    onSuccess: async (made, body) => {
      notify('hierarchy.created', { type: 'success', messageArgs: { name: made.name } });
      setDialog(null);
      toggle(body.parent_id, true);
      await refresh();
      setSelectedId(made.id);
    },
    onError: (error: Error) => {
      notifyFailure(error);
      setDialog((current) =>
        current?.kind === 'add' ? { ...current, errors: fieldErrorsOf(error) } : current,
      );
    },
  });
  const add = (node: NewNode) => selected && addNode.mutate({ parent_id: selected.id, ...node });

  const renameNode = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => dataProvider.renameNode(id, name),
    onSuccess: async (_, { name }) => {
      notify('hierarchy.renamed', { type: 'success', messageArgs: { name } });
      setDialog(null);
      await refresh();
    },
    onError: (error: Error) => {
      notifyFailure(error);
      setDialog({ kind: 'rename', error: fieldErrorsOf(error).name });
    },
  });
  const rename = (name: string) => selected && renameNode.mutate({ id: selected.id, name });

  const moveNode = useMutation({
    mutationFn: ({ id, parentId, via }: { id: number; parentId: number; via: 'drag' | 'dialog' }) =>
      dataProvider.moveNode(id, parentId, via),
    // A confirmed drop shows at once; if the server refuses, onError puts the tree back.
    onMutate: ({ id, parentId, via }) => {
      setDialog(null);
      if (via === 'drag') setOptimistic(moveLocally(tree, id, parentId));
      toggle(parentId, true);
    },
    onSuccess: async (_, { id, parentId }) => {
      notify('hierarchy.moved', {
        type: 'success',
        messageArgs: { name: index.byId.get(id)?.name, parent: index.byId.get(parentId)?.name },
      });
      await refresh();
      setOptimistic(null);
      setSelectedId(id);
    },
    onError: (error: Error) => {
      setOptimistic(null);
      notifyFailure(error);
    },
  });
  const move = (id: number, parentId: number, via: 'drag' | 'dialog') =>
    moveNode.mutate({ id, parentId, via });

  const removeNodes = useMutation({
    mutationFn: (ids: number[]) => dataProvider.deleteNodes(ids),
    onSuccess: async (result) => {
      notify('hierarchy.deleted', {
        type: 'success',
        messageArgs: { nodes: result.deleted, smart_count: result.moved_users },
      });
      setDialog(null);
      setChecked(new Set());
      await refresh();
    },
    onError: notifyFailure,
  });
  const remove = (ids: number[]) => removeNodes.mutate(ids);
  const busy = addNode.isPending || renameNode.isPending || moveNode.isPending || removeNodes.isPending;

  const deletable = (id: number) => EDITABLE.has(index.byId.get(id)?.type ?? '');
  const toDelete = checked.size > 0 ? [...checked] : selected && deletable(selected.id) ? [selected.id] : [];
  const canAddHere = can.create && (selected?.type === 'root' || selected?.type === 'container');
  const canEditHere = can.update && selected !== undefined && EDITABLE.has(selected.type);
  const canRenameHere = can.update && selected !== undefined && selected.type !== 'unassigned';

  const expandAll = () =>
    setExpanded(new Set([...index.byId.values()].filter((n) => n.children.length > 0).map((n) => n.id)));
  const collapseAll = () => setExpanded(new Set(tree.map((r) => r.id)));

  const confirmText = (() => {
    if (dialog?.kind === 'delete') {
      const impact = deletionImpact(index, dialog.ids);
      const names = dialog.ids.map((id) => index.byId.get(id)?.name).filter(Boolean);
      return {
        title: translate('hierarchy.delete_title', { smart_count: dialog.ids.length, name: names[0] }),
        content: `${translate('hierarchy.delete_body', {
          names: names.slice(0, 5).join(', ') + (names.length > 5 ? '…' : ''),
          smart_count: impact.nodes,
        })} ${
          impact.people > 0
            ? translate('hierarchy.delete_people', { smart_count: impact.people })
            : translate('hierarchy.delete_nobody')
        }`,
      };
    }
    if (dialog?.kind === 'drop') {
      const node = index.byId.get(dialog.id);
      const below = deletionImpact(index, [dialog.id]).below;
      return {
        title: translate('hierarchy.move_title', { name: node?.name }),
        content: [
          translate('hierarchy.move_body', {
            name: node?.name,
            parent: index.byId.get(dialog.parentId)?.name,
          }),
          below > 0 ? translate('hierarchy.move_below', { smart_count: below }) : '',
        ].join(' '),
      };
    }
    return { title: '', content: '' };
  })();

  const ancestors = selected ? ancestorIds(index, selected.id).map((id) => index.byId.get(id)!.name) : [];
  const workspaceTerm = translate('hierarchy.types.workspace');

  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <Card>
          <CardContent sx={{ pb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                fullWidth
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                placeholder={translate('hierarchy.search')}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                  htmlInput: { 'aria-label': translate('hierarchy.search') },
                }}
              />
              <Tooltip title={translate('hierarchy.expand_all')}>
                <IconButton onClick={expandAll} aria-label={translate('hierarchy.expand_all')}>
                  <UnfoldMoreIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('hierarchy.collapse_all')}>
                <IconButton onClick={collapseAll} aria-label={translate('hierarchy.collapse_all')}>
                  <UnfoldLessIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
              {can.create && (
                <>
                  <Button
                    size="small"
                    startIcon={<CreateNewFolderOutlinedIcon />}
                    disabled={!canAddHere}
                    onClick={() => setDialog({ kind: 'add', type: 'container', errors: {} })}
                  >
                    {translate('hierarchy.add_container')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<AddBusinessOutlinedIcon />}
                    disabled={!canAddHere}
                    onClick={() => setDialog({ kind: 'add', type: 'workspace', errors: {} })}
                  >
                    {translate('hierarchy.add_workspace', { term: workspaceTerm })}
                  </Button>
                </>
              )}
              {can.update && (
                <>
                  <Button
                    size="small"
                    startIcon={<EditOutlinedIcon />}
                    disabled={!canRenameHere}
                    onClick={() => setDialog({ kind: 'rename' })}
                  >
                    {translate('hierarchy.rename')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<DriveFileMoveOutlinedIcon />}
                    disabled={!canEditHere}
                    onClick={() => setDialog({ kind: 'move' })}
                  >
                    {translate('hierarchy.move')}
                  </Button>
                </>
              )}
              {can.delete && (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={toDelete.length === 0}
                  onClick={() => setDialog({ kind: 'delete', ids: toDelete })}
                >
                  {toDelete.length > 1
                    ? translate('hierarchy.delete_many', { count: toDelete.length })
                    : translate('hierarchy.delete')}
                </Button>
              )}
            </Stack>
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
                rows={rows}
                selectedId={selectedId}
                checked={checked}
                highlight={search.trim()}
                height={{ xs: 420, md: 'max(420px, calc(100vh - 320px))' }}
                onSelect={setSelectedId}
                onToggle={toggle}
                onCheck={check}
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
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            {selected ? (
              <>
                <NodeSummary node={selected} ancestors={ancestors} />
                <NodeUsersPanel key={selected.id} node={selected} canTransfer={can.update} />
              </>
            ) : (
              <Typography color="text.secondary">{translate('hierarchy.choose_node')}</Typography>
            )}
          </CardContent>
        </Card>
      </Box>

      {dialog?.kind === 'add' && selected && (
        <AddNodeDialog
          open
          type={dialog.type}
          parentName={selected.name}
          busy={busy}
          errors={dialog.errors}
          onClose={() => setDialog(null)}
          onSubmit={add}
        />
      )}
      {dialog?.kind === 'rename' && selected && (
        <RenameDialog
          open
          current={selected.name}
          busy={busy}
          error={dialog.error}
          onClose={() => setDialog(null)}
          onSubmit={rename}
        />
      )}
      {dialog?.kind === 'move' && selected && (
        <PickNodeDialog
          open
          title={translate('hierarchy.move_title', { name: selected.name })}
          submitLabel={translate('hierarchy.move_submit')}
          busy={busy}
          forPeople={false}
          excludeIds={[selected.id]}
          onClose={() => setDialog(null)}
          onSubmit={(parentId) => move(selected.id, parentId, 'dialog')}
        />
      )}
      <Confirm
        isOpen={dialog?.kind === 'delete' || dialog?.kind === 'drop'}
        loading={busy}
        title={confirmText.title}
        content={confirmText.content}
        confirm={dialog?.kind === 'delete' ? 'ra.action.delete' : 'hierarchy.move_submit'}
        confirmColor={dialog?.kind === 'delete' ? 'warning' : 'primary'}
        onConfirm={() => {
          if (dialog?.kind === 'delete') remove(dialog.ids);
          else if (dialog?.kind === 'drop') move(dialog.id, dialog.parentId, 'drag');
        }}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
