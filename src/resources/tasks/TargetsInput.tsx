import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useInput, useTranslate } from 'react-admin';
import type { HierarchyNode } from '../../../contract/api/session';
import { NodePicker } from '../../components/NodePicker';
import { useHierarchyTree } from '../../components/NodePicker/useHierarchyTree';
import type { TaskFormValues } from './taskForm';

const includeRule = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'tasks.validation.targets_required';

/** The subtrees beneath the chosen nodes: the only places an exclusion can name. */
function beneath(nodes: readonly HierarchyNode[], chosen: readonly number[]): HierarchyNode[] {
  const wanted = new Set(chosen);
  const found: HierarchyNode[] = [];
  const walk = (list: readonly HierarchyNode[]) => {
    for (const node of list) {
      if (wanted.has(node.id)) found.push(...node.children);
      else walk(node.children);
    }
  };
  walk(nodes);
  return found;
}

const subtreeIds = (list: readonly HierarchyNode[]): number[] =>
  list.flatMap((n) => [n.id, ...subtreeIds(n.children)]);

/** Messages may be i18n keys (client rules) or sentences (the server's field errors). */
function useMessage() {
  const translate = useTranslate();
  return (message: string | undefined) => (message ? translate(message, { _: message }) : undefined);
}

/**
 * Where the task goes: stores and areas to include (an area means every active store under it,
 * now and later) and places beneath them to leave out. The caller's own part of the tree only.
 */
export function TargetsInput() {
  const translate = useTranslate();
  const message = useMessage();
  const { nodes } = useHierarchyTree();
  const include = useInput({ source: 'targets.include', validate: includeRule });
  const exclude = useInput({
    source: 'targets.exclude',
    // An exclusion only means something under an included place.
    validate: (value: unknown, all: TaskFormValues) =>
      Array.isArray(value) && value.some((id) => all.targets.include.includes(id))
        ? 'tasks.validation.include_and_exclude'
        : undefined,
  });
  const included: number[] = Array.isArray(include.field.value) ? include.field.value : [];
  const excluded: number[] = Array.isArray(exclude.field.value) ? exclude.field.value : [];
  const under = useMemo(() => beneath(nodes, included), [nodes, included]);
  return (
    <Box sx={{ display: 'grid', gap: 2, width: '100%' }}>
      <NodePicker
        multiple
        id="task-targets-include"
        includeWorkspaces
        value={included}
        onChange={(ids) => {
          include.field.onChange(ids);
          // Drop exclusions no longer beneath anything included.
          const still = new Set(subtreeIds(beneath(nodes, ids)));
          if (excluded.some((id) => !still.has(id)))
            exclude.field.onChange(excluded.filter((id) => still.has(id)));
        }}
        label={translate('tasks.fields.include')}
        helperText={message(include.fieldState.error?.message) ?? translate('tasks.helpers.include')}
        error={include.fieldState.invalid}
        required
      />
      {under.length > 0 && (
        <NodePicker
          multiple
          id="task-targets-exclude"
          includeWorkspaces
          nodes={under}
          value={excluded}
          onChange={(ids) => exclude.field.onChange(ids)}
          label={translate('tasks.fields.exclude')}
          helperText={message(exclude.fieldState.error?.message) ?? translate('tasks.helpers.exclude')}
          error={exclude.fieldState.invalid}
        />
      )}
    </Box>
  );
}
