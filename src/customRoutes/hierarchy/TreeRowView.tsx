import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type CSSProperties, type DragEvent, memo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { NodeTypeIcon } from '../../components/NodePicker';
import type { TreeRow } from './treeModel';

export const ROW_HEIGHT = 40;

export interface RowHandlers {
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
  onCheck: (id: number, checked: boolean) => void;
  onDragStart: (id: number, event: DragEvent) => void;
  onDragOver: (id: number, event: DragEvent) => void;
  onDragLeave: (id: number) => void;
  onDrop: (id: number, event: DragEvent) => void;
  onDragEnd: () => void;
}

interface TreeRowViewProps {
  row: TreeRow;
  style: CSSProperties;
  selected: boolean;
  checked: boolean;
  dropTarget: boolean;
  draggable: boolean;
  highlight: string;
  position: number;
  setSize: number;
  handlers: RowHandlers;
}

function highlighted(text: string, needle: string): ReactNode {
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <Box component="mark" sx={{ bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25 }}>
        {text.slice(at, at + needle.length)}
      </Box>
      {text.slice(at + needle.length)}
    </>
  );
}

/** One line of the hierarchy tree; memoised, since a scroll re-renders only the lines that change. */
export const TreeRowView = memo(function TreeRowView({
  row,
  style,
  selected,
  checked,
  dropTarget,
  draggable,
  highlight,
  position,
  setSize,
  handlers,
}: TreeRowViewProps) {
  const translate = useTranslate();
  const { node, depth, expanded } = row;
  const hasChildren = node.children.length > 0;
  const checkable = node.type === 'container' || node.type === 'workspace';
  return (
    <Box
      role="treeitem"
      aria-level={depth + 1}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={selected}
      aria-label={node.name}
      data-node-id={node.id}
      draggable={draggable}
      onClick={() => handlers.onSelect(node.id)}
      onDragStart={(e) => handlers.onDragStart(node.id, e)}
      onDragOver={(e) => handlers.onDragOver(node.id, e)}
      onDragLeave={() => handlers.onDragLeave(node.id)}
      onDrop={(e) => handlers.onDrop(node.id, e)}
      onDragEnd={handlers.onDragEnd}
      style={style}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: depth * 2.5,
        pr: 1,
        boxSizing: 'border-box',
        cursor: draggable ? 'grab' : 'pointer',
        borderRadius: 1,
        outline: dropTarget ? `2px dashed ${theme.palette.primary.main}` : 'none',
        outlineOffset: -2,
        bgcolor: dropTarget
          ? alpha(theme.palette.primary.main, 0.12)
          : selected
            ? alpha(theme.palette.primary.main, 0.08)
            : 'transparent',
        '&:hover': { bgcolor: alpha(theme.palette.primary.main, selected ? 0.12 : 0.04) },
      })}
    >
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={translate(expanded ? 'hierarchy.collapse' : 'hierarchy.expand', { name: node.name })}
        onClick={(e) => {
          e.stopPropagation();
          handlers.onToggle(node.id);
        }}
        sx={{ visibility: hasChildren ? 'visible' : 'hidden' }}
      >
        {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </IconButton>
      <Checkbox
        size="small"
        tabIndex={-1}
        checked={checked}
        disabled={!checkable}
        sx={{ p: 0.5, visibility: checkable ? 'visible' : 'hidden' }}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => handlers.onCheck(node.id, e.target.checked)}
        slotProps={{ input: { 'aria-label': translate('hierarchy.check', { name: node.name }) } }}
      />
      <NodeTypeIcon type={node.type} color={node.status === 'inactive' ? 'disabled' : 'action'} />
      <Typography
        variant="body2"
        noWrap
        sx={{
          ml: 0.5,
          minWidth: 0,
          fontWeight: node.type === 'workspace' ? 400 : 500,
          color: node.status === 'inactive' ? 'text.disabled' : 'text.primary',
        }}
      >
        {highlighted(node.name, highlight)}
      </Typography>
      {node.object && (
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
          {highlighted(node.object.identifier, highlight)}
        </Typography>
      )}
      {node.status === 'inactive' && (
        <Chip size="small" variant="outlined" label={translate('hierarchy.inactive')} sx={{ height: 20 }} />
      )}
      <Box sx={{ flex: 1 }} />
      {node.user_count > 0 && (
        <Chip
          size="small"
          icon={<PersonOutlineIcon />}
          label={node.user_count}
          title={translate('hierarchy.people_here', { smart_count: node.user_count })}
          sx={{ height: 22, flexShrink: 0 }}
        />
      )}
    </Box>
  );
});
