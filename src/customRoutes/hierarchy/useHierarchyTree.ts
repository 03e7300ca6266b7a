import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { TreeNode } from '../../../contract/api/hierarchy';
import { hierarchyTreeQuery } from '../../components/NodePicker';
import { useDebounced } from '../../hooks/useDebounced';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ancestorIds, indexTree, searchTree, visibleRows } from './treeModel';

/** One set of node ids, with one id added or taken out. */
function withId(current: Set<number>, id: number, on: boolean) {
  const next = new Set(current);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * The organisation tree as the hierarchy screen shows it: the nodes (with a confirmed drop shown
 * before the server answers), which are open, highlighted and ticked, and the search.
 */
export function useHierarchyTree() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params] = useSearchParams();
  const query = useQuery(hierarchyTreeQuery(dataProvider));
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

  const toggle = useCallback((id: number, open?: boolean) => {
    setExpanded((current) => withId(current, id, open ?? !current.has(id)));
  }, []);
  const check = useCallback(
    (id: number, on: boolean) => setChecked((current) => withId(current, id, on)),
    [],
  );

  return {
    query,
    tree,
    index,
    rows,
    found,
    search,
    searchText,
    setSearchText,
    selectedId,
    setSelectedId,
    selected: selectedId === null ? undefined : index.byId.get(selectedId),
    checked,
    setChecked,
    setOptimistic,
    toggle,
    check,
    expandAll: () =>
      setExpanded(new Set([...index.byId.values()].filter((n) => n.children.length > 0).map((n) => n.id))),
    collapseAll: () => setExpanded(new Set(tree.map((r) => r.id))),
  };
}

export type HierarchyTree = ReturnType<typeof useHierarchyTree>;
