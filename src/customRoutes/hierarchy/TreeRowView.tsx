import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { type DragEvent, memo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { NodeTypeIcon } from '../../components/NodePicker';
import type { TreeRow } from './treeModel';

export const ROW_HEIGHT = 40;

export const treeItemId = (id: number) => `sl-node-${id}`;

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
  top: number;
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
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

/**
 * One line of the hierarchy tree. Plain elements styled by class names that VirtualTree defines
 * once: a fast scroll mounts dozens of lines per frame, and per-line styled components made that
 * cost hundreds of milliseconds at 5,000 stores.
 */
export const TreeRowView = memo(function TreeRowView({
  row,
  top,
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
  const inactive = node.status === 'inactive';
  // Named by what the line shows, in its order (WCAG 2.5.3): name, code, "inactive", people here.
  const label = [
    [node.name, node.object?.identifier, inactive ? translate('hierarchy.inactive') : undefined]
      .filter(Boolean)
      .join(' '),
    node.user_count > 0 ? translate('hierarchy.people_here', { smart_count: node.user_count }) : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const classes = ['sl-row', selected && 'is-selected', dropTarget && 'is-drop', draggable && 'is-draggable']
    .filter(Boolean)
    .join(' ');
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree takes the keys for every line (aria-activedescendant)
    <div
      id={treeItemId(node.id)}
      tabIndex={-1}
      role="treeitem"
      aria-level={depth + 1}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-selected={selected}
      aria-label={label}
      data-node-id={node.id}
      draggable={draggable}
      className={classes}
      style={{ top, height: ROW_HEIGHT, paddingLeft: depth * 20 }}
      onClick={() => handlers.onSelect(node.id)}
      onDragStart={(e) => handlers.onDragStart(node.id, e)}
      onDragOver={(e) => handlers.onDragOver(node.id, e)}
      onDragLeave={() => handlers.onDragLeave(node.id)}
      onDrop={(e) => handlers.onDrop(node.id, e)}
      onDragEnd={handlers.onDragEnd}
    >
      <button
        type="button"
        className="sl-toggle"
        tabIndex={-1}
        aria-label={translate(expanded ? 'hierarchy.collapse' : 'hierarchy.expand', { name: node.name })}
        style={hasChildren ? undefined : { visibility: 'hidden' }}
        onClick={(e) => {
          e.stopPropagation();
          handlers.onToggle(node.id);
        }}
      >
        {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </button>
      <input
        type="checkbox"
        className="sl-check"
        tabIndex={-1}
        checked={checked}
        disabled={!checkable}
        style={checkable ? undefined : { visibility: 'hidden' }}
        aria-label={translate('hierarchy.check', { name: node.name })}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => handlers.onCheck(node.id, e.target.checked)}
      />
      <NodeTypeIcon type={node.type} color={inactive ? 'disabled' : 'action'} />
      <span
        className={`sl-name${inactive ? ' is-inactive' : ''}${node.type === 'workspace' ? '' : ' is-group'}`}
      >
        {highlighted(node.name, highlight)}
      </span>
      {/* Spaces between the parts, so the line's text reads as its name does. */}{' '}
      {node.object && <span className="sl-code">{highlighted(node.object.identifier, highlight)}</span>}{' '}
      {inactive && <span className="sl-badge">{translate('hierarchy.inactive')}</span>}{' '}
      <span className="sl-spacer" />
      {node.user_count > 0 && (
        <span
          className="sl-count"
          title={translate('hierarchy.people_here', { smart_count: node.user_count })}
        >
          <PersonOutlineIcon sx={{ fontSize: 16 }} />
          {node.user_count}
        </span>
      )}
    </div>
  );
});
