import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import {
  type DragEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslate } from 'react-admin';
import { ROW_HEIGHT, type RowHandlers, TreeRowView, treeItemId } from './TreeRowView';
import type { TreeRow } from './treeModel';

/** Lines drawn above and below the viewport, so a fast scroll never shows a blank band. */
const OVERSCAN = 6;
const EDGE_SCROLL_PX = 48;

export interface VirtualTreeProps {
  rows: TreeRow[];
  selectedId: number | null;
  checked: ReadonlySet<number>;
  highlight: string;
  /** A CSS height, or one per breakpoint. */
  height: string | number | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string | number>>;
  onSelect: (id: number) => void;
  onToggle: (id: number, open?: boolean) => void;
  onCheck: (id: number, checked: boolean) => void;
  /** Drag and drop: whether a node may be dragged, may land on a target, and what a drop does. */
  canDrag: (id: number) => boolean;
  canDrop: (draggedId: number, targetId: number) => boolean;
  onMove: (draggedId: number, targetId: number) => void;
}

/**
 * The hierarchy as a windowed list: only the lines in view (plus a margin) are in the DOM, so a
 * 5,000-store tree scrolls as lightly as a 12-store one. Rows have a fixed height, which makes the
 * window a division instead of a measurement.
 */
export function VirtualTree(props: VirtualTreeProps) {
  const {
    rows,
    selectedId,
    checked,
    highlight,
    height,
    onSelect,
    onToggle,
    onCheck,
    canDrag,
    canDrop,
    onMove,
  } = props;
  const translate = useTranslate();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(640);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const dragged = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight || 640);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Keep the selected line in view when the selection moves by keyboard or search.
  useEffect(() => {
    const element = scroller.current;
    const index = rows.findIndex((r) => r.node.id === selectedId);
    if (!element || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  }, [selectedId, rows]);

  const handlers = useMemo<RowHandlers>(
    () => ({
      onSelect,
      onToggle: (id) => onToggle(id),
      onCheck,
      onDragStart: (id, event) => {
        if (!canDrag(id)) {
          event.preventDefault();
          return;
        }
        dragged.current = id;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(id));
      },
      onDragOver: (id, event) => {
        const from = dragged.current;
        if (from === null || !canDrop(from, id)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropTarget(id);
      },
      onDragLeave: (id) => setDropTarget((current) => (current === id ? null : current)),
      onDrop: (id, event) => {
        event.preventDefault();
        const from = dragged.current;
        dragged.current = null;
        setDropTarget(null);
        if (from !== null && canDrop(from, id)) onMove(from, id);
      },
      onDragEnd: () => {
        dragged.current = null;
        setDropTarget(null);
      },
    }),
    [onSelect, onToggle, onCheck, canDrag, canDrop, onMove],
  );

  // Dragging near the top or bottom edge scrolls, so a node can travel the whole tree.
  const edgeScroll = useCallback((event: DragEvent) => {
    const element = scroller.current;
    if (!element || dragged.current === null) return;
    const box = element.getBoundingClientRect();
    if (event.clientY < box.top + EDGE_SCROLL_PX) element.scrollTop -= ROW_HEIGHT / 2;
    else if (event.clientY > box.bottom - EDGE_SCROLL_PX) element.scrollTop += ROW_HEIGHT / 2;
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = rows.findIndex((r) => r.node.id === selectedId);
    const row = rows[index];
    const go = (to: number) => {
      const next = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (next) onSelect(next.node.id);
    };
    switch (event.key) {
      case 'ArrowDown':
        go(index + 1);
        break;
      case 'ArrowUp':
        go(index - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row && row.node.children.length > 0) {
          if (row.expanded) go(index + 1);
          else onToggle(row.node.id, true);
        }
        break;
      case 'ArrowLeft':
        if (row?.expanded) onToggle(row.node.id, false);
        else if (row?.node.parent_id) {
          const parent = rows.findIndex((r) => r.node.id === row.node.parent_id);
          if (parent >= 0) go(parent);
        }
        break;
      case ' ':
        if (row && (row.node.type === 'container' || row.node.type === 'workspace'))
          onCheck(row.node.id, !checked.has(row.node.id));
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

  return (
    <Box
      ref={scroller}
      role="tree"
      aria-label={translate('hierarchy.tree_label')}
      aria-multiselectable
      aria-activedescendant={rows.some((r) => r.node.id === selectedId) ? treeItemId(selectedId!) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onDragOver={edgeScroll}
      data-testid="hierarchy-tree"
      sx={(theme) => ({
        height,
        overflowY: 'auto',
        position: 'relative',
        // Lines never affect anything outside the tree: let the browser restyle only inside it.
        contain: 'strict',
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
        // Line styles live here once, not in each of the thousands of lines (see TreeRowView).
        '& .sl-row': {
          position: 'absolute',
          left: 0,
          right: 0,
          contain: 'layout style paint',
          display: 'flex',
          alignItems: 'center',
          gap: '4px',
          paddingRight: '8px',
          boxSizing: 'border-box',
          cursor: 'pointer',
          borderRadius: `${theme.shape.borderRadius}px`,
          ...theme.typography.body2,
          '&:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.04) },
          '&.is-draggable': { cursor: 'grab' },
          '&.is-selected': { backgroundColor: alpha(theme.palette.primary.main, 0.1) },
          '&.is-drop': {
            backgroundColor: alpha(theme.palette.primary.main, 0.14),
            outline: `2px dashed ${theme.palette.primary.main}`,
            outlineOffset: -2,
          },
        },
        '& .sl-toggle': {
          display: 'grid',
          placeItems: 'center',
          width: 28,
          height: 28,
          padding: 0,
          border: 0,
          borderRadius: '50%',
          background: 'none',
          color: theme.palette.action.active,
          cursor: 'pointer',
          '&:hover': { backgroundColor: theme.palette.action.hover },
        },
        '& .sl-check': {
          width: 16,
          height: 16,
          margin: '0 6px 0 2px',
          accentColor: theme.palette.primary.main,
        },
        '& .sl-name': {
          marginLeft: '4px',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: theme.palette.text.primary,
          '&.is-group': { fontWeight: 500 },
          '&.is-inactive': { color: theme.palette.text.disabled },
        },
        '& .sl-code': {
          ...theme.typography.caption,
          color: theme.palette.text.secondary,
          whiteSpace: 'nowrap',
        },
        '& .sl-badge': {
          ...theme.typography.caption,
          border: `1px solid ${theme.palette.divider}`,
          borderRadius: 10,
          padding: '0 6px',
          color: theme.palette.text.secondary,
        },
        '& .sl-spacer': { flex: 1 },
        '& .sl-count': {
          ...theme.typography.caption,
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2px',
          padding: '1px 8px',
          borderRadius: 11,
          backgroundColor: theme.palette.action.selected,
          flexShrink: 0,
        },
        '& mark': {
          backgroundColor: theme.palette.warning.light,
          color: 'inherit',
          borderRadius: 2,
          padding: '0 1px',
        },
      })}
    >
      <Box sx={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        {rows.slice(first, last).map((row, i) => {
          const index = first + i;
          return (
            <TreeRowView
              key={row.node.id}
              row={row}
              top={index * ROW_HEIGHT}
              selected={row.node.id === selectedId}
              checked={checked.has(row.node.id)}
              dropTarget={row.node.id === dropTarget}
              draggable={canDrag(row.node.id)}
              highlight={highlight}
              position={index + 1}
              setSize={rows.length}
              handlers={handlers}
            />
          );
        })}
      </Box>
    </Box>
  );
}
