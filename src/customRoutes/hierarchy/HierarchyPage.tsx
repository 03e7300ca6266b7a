import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, Title, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { TreeNode } from '../../../contract/api/hierarchy';
import { RetryAlert } from '../../components/LoadFailure';
import { hierarchyTreeQuery } from '../../components/NodePicker';
import { SearchField } from '../../components/SearchField';
import { useDebounced } from '../../hooks/useDebounced';
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
  const add = (node: NewNode) => single && addNode.mutate({ parent_id: single.id, ...node });

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
  const rename = (name: string) => single && renameNode.mutate({ id: single.id, name });

  const moveNode = useMutation({
    // Several ticked nodes move one after the other; each move is checked by the server on its own.
    mutationFn: async ({
      ids,
      parentId,
      via,
    }: {
      ids: number[];
      parentId: number;
      via: 'drag' | 'dialog';
    }) => {
      for (const id of ids) await dataProvider.moveNode(id, parentId, via);
    },
    // A confirmed drop shows at once; if the server refuses, onError puts the tree back.
    onMutate: ({ ids, parentId, via }) => {
      setDialog(null);
      if (via === 'drag' && ids[0] !== undefined) setOptimistic(moveLocally(tree, ids[0], parentId));
      toggle(parentId, true);
    },
    onSuccess: async (_, { ids, parentId }) => {
      notify('hierarchy.moved', {
        type: 'success',
        messageArgs: { name: namesOf(ids), parent: index.byId.get(parentId)?.name },
      });
      if (ids.length > 1) setChecked(new Set());
      await refresh();
      setOptimistic(null);
      if (ids.length === 1) setSelectedId(ids[0]!);
    },
    onError: (error: Error) => {
      setOptimistic(null);
      notifyFailure(error);
      // Some of several may have moved before one was refused: show where things are now.
      void refresh();
    },
  });
  const move = (ids: number[], parentId: number, via: 'drag' | 'dialog') =>
    moveNode.mutate({ ids, parentId, via });

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

  /*
   * One selection model for the whole toolbar: it acts on the ticked nodes, or on the highlighted
   * one when none is ticked, and says which above the tree. Adding and renaming take one node;
   * moving and deleting take them all (a ticked node inside another ticked one goes with it).
   */
  const targets = (checked.size > 0 ? [...checked] : selected ? [selected.id] : [])
    .map((id) => index.byId.get(id))
    .filter((n): n is TreeNode => n !== undefined);
  const single = targets.length === 1 ? targets[0] : undefined;
  const editable = targets.length > 0 && targets.every((n) => EDITABLE.has(n.type));
  const targetIds = targets.map((n) => n.id);
  const outermost = targetIds.filter((id) => !ancestorIds(index, id).some((a) => checked.has(a)));
  const toDelete = editable ? outermost : [];
  const toMove = can.update && editable ? outermost : [];
  const canAddHere = can.create && (single?.type === 'root' || single?.type === 'container');
  const canRenameHere = can.update && single !== undefined && single.type !== 'unassigned';
  const namesOf = (ids: number[]) =>
    ids
      .map((id) => index.byId.get(id)?.name)
      .filter(Boolean)
      .join(', ');

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
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
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
              <SearchField
                label={translate('hierarchy.search')}
                value={searchText}
                onChange={setSearchText}
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
                    disabled={toMove.length === 0}
                    onClick={() => setDialog({ kind: 'move' })}
                  >
                    {toMove.length > 1
                      ? translate('hierarchy.move_many', { count: toMove.length })
                      : translate('hierarchy.move')}
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
            <ActingOn
              names={namesOf(targetIds)}
              ticked={checked.size}
              onClear={() => setChecked(new Set())}
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

      {dialog?.kind === 'add' && single && (
        <AddNodeDialog
          open
          type={dialog.type}
          parentName={single.name}
          busy={busy}
          errors={dialog.errors}
          onClose={() => setDialog(null)}
          onSubmit={add}
        />
      )}
      {dialog?.kind === 'rename' && single && (
        <RenameDialog
          open
          current={single.name}
          busy={busy}
          error={dialog.error}
          onClose={() => setDialog(null)}
          onSubmit={rename}
        />
      )}
      {dialog?.kind === 'move' && toMove.length > 0 && (
        <PickNodeDialog
          open
          title={translate('hierarchy.move_title', { name: namesOf(toMove) })}
          submitLabel={translate('hierarchy.move_submit')}
          busy={busy}
          forPeople={false}
          excludeIds={toMove}
          onClose={() => setDialog(null)}
          onSubmit={(parentId) => move(toMove, parentId, 'dialog')}
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
          else if (dialog?.kind === 'drop') move([dialog.id], dialog.parentId, 'drag');
        }}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}

/** Which nodes the toolbar acts on: the ticked ones (with a way to untick them) or the highlighted one. */
function ActingOn({ names, ticked, onClear }: { names: string; ticked: number; onClear: () => void }) {
  const translate = useTranslate();
  if (!names) return null;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 1, mb: 0.5, minHeight: 30, minWidth: 0 }}
      data-testid="hierarchy-acting-on"
    >
      <Typography
        variant="body2"
        color="text.secondary"
        title={names}
        // Two lines at most: a long list of ticked names is cut, the full list is in the tooltip.
        sx={{
          minWidth: 0,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {ticked > 0
          ? translate('hierarchy.acting_on_ticked', { smart_count: ticked, names })
          : translate('hierarchy.acting_on', { name: names })}
      </Typography>
      {ticked > 0 && (
        <Button size="small" onClick={onClear} sx={{ flexShrink: 0 }}>
          {translate('hierarchy.untick')}
        </Button>
      )}
    </Stack>
  );
}
