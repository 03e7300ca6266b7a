import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { NewNodeBody } from '../../providers/dataProvider/hierarchy';
import type { HierarchyDialog } from './hierarchyDialog';
import { fieldErrorsOf, type NewNode } from './NodeDialogs';
import { moveLocally, namesOf } from './treeModel';
import type { HierarchyTree } from './useHierarchyTree';

/**
 * What the hierarchy screen sends to the server — add, rename, move and delete nodes — and what
 * each answer does to the tree on screen and to the open dialog.
 */
export function useNodeChanges(
  tree: HierarchyTree,
  setDialog: Dispatch<SetStateAction<HierarchyDialog | null>>,
) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['hierarchy'] });
  const notifyFailure = (error: Error) => notify(error.message, { type: 'error' });

  const addNode = useMutation({
    mutationFn: (body: NewNodeBody) => dataProvider.createNode(body),
    onSuccess: async (made, body) => {
      notify('hierarchy.created', { type: 'success', messageArgs: { name: made.name } });
      setDialog(null);
      tree.toggle(body.parent_id, true);
      await refresh();
      tree.setSelectedId(made.id);
    },
    onError: (error: Error) => {
      notifyFailure(error);
      setDialog((current) =>
        current?.kind === 'add' ? { ...current, errors: fieldErrorsOf(error) } : current,
      );
    },
  });

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
      if (via === 'drag' && ids[0] !== undefined)
        tree.setOptimistic(moveLocally(tree.tree, ids[0], parentId));
      tree.toggle(parentId, true);
    },
    onSuccess: async (_, { ids, parentId }) => {
      notify('hierarchy.moved', {
        type: 'success',
        messageArgs: { name: namesOf(tree.index, ids), parent: tree.index.byId.get(parentId)?.name },
      });
      if (ids.length > 1) tree.setChecked(new Set());
      await refresh();
      tree.setOptimistic(null);
      if (ids.length === 1) tree.setSelectedId(ids[0]!);
    },
    onError: (error: Error) => {
      tree.setOptimistic(null);
      notifyFailure(error);
      // Some of several may have moved before one was refused: show where things are now.
      void refresh();
    },
  });

  const removeNodes = useMutation({
    mutationFn: (ids: number[]) => dataProvider.deleteNodes(ids),
    onSuccess: async (result) => {
      notify('hierarchy.deleted', {
        type: 'success',
        messageArgs: { nodes: result.deleted, smart_count: result.moved_users },
      });
      setDialog(null);
      tree.setChecked(new Set());
      await refresh();
    },
    onError: notifyFailure,
  });

  return {
    add: (parentId: number, node: NewNode) => addNode.mutate({ parent_id: parentId, ...node }),
    rename: (id: number, name: string) => renameNode.mutate({ id, name }),
    move: (ids: number[], parentId: number, via: 'drag' | 'dialog') =>
      moveNode.mutate({ ids, parentId, via }),
    remove: (ids: number[]) => removeNodes.mutate(ids),
    busy: addNode.isPending || renameNode.isPending || moveNode.isPending || removeNodes.isPending,
  };
}

export type NodeChanges = ReturnType<typeof useNodeChanges>;
