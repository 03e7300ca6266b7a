import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef } from 'react';
import { type TranslateFunction, useTranslate } from 'react-admin';
import {
  COMPLIANT_STATES,
  type ComplianceCell,
  type ComplianceColumn,
  type ComplianceGrid,
  type ComplianceRow,
  type StateCounts,
} from '../../../contract/api/compliance';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useZonedTime } from '../../hooks/useZonedTime';
import { STATE_LOOK } from './complianceStates';

const ROW = 44;
const COLUMN = 48;
const HEADER = 132;

const compliant = (counts: StateCounts) => COMPLIANT_STATES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
const assigned = (counts: StateCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** A share as a background: red (none) through amber to green (all). */
function shareColour(done: number, total: number): string {
  const share = total === 0 ? 1 : done / total;
  const hue = Math.round(share * 120);
  return `hsl(${hue} 70% 90%)`;
}

function Ratio({ counts }: { counts: StateCounts }) {
  const total = assigned(counts);
  if (total === 0) return null;
  return (
    <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {compliant(counts)}/{total}
    </Typography>
  );
}

export interface CellTarget {
  row: ComplianceRow;
  column: ComplianceColumn;
  cells: ComplianceCell[];
}

/** One cell of the grid: a button at its column, named and tipped with what it holds. */
function GridCell({
  label,
  left,
  onClick,
  sx,
  children,
}: {
  label: string;
  left: number;
  onClick: () => void;
  sx: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label} disableInteractive>
      <ButtonBase
        role="gridcell"
        aria-label={label}
        onClick={onClick}
        sx={[
          { position: 'absolute', left, top: 0, width: COLUMN, height: ROW - 1 },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </ButtonBase>
    </Tooltip>
  );
}

/** What a cell says and shows: a store's one state as its icon, an area's states as the share compliant. */
function cellLook(
  group: ComplianceGrid['group'],
  entries: ComplianceCell[],
  translate: TranslateFunction,
): { says: string; sx: SxProps<Theme>; content: ReactNode } {
  if (group === 'store') {
    const { state } = entries[0]!;
    const { colour, Icon } = STATE_LOOK[state];
    return {
      says: translate(`compliance.states.${state}`),
      sx: { '&:hover, &:focus-visible': { bgcolor: 'action.hover' } },
      content: <Icon sx={{ color: colour, fontSize: 22 }} />,
    };
  }
  const counts: StateCounts = {};
  for (const cell of entries) counts[cell.state] = cell.value;
  const done = compliant(counts);
  const total = assigned(counts);
  return {
    says: translate('compliance.ratio', { done, total }),
    sx: { bgcolor: shareColour(done, total), fontSize: 12, fontVariantNumeric: 'tabular-nums' },
    content: (
      <>
        {done}/{total}
      </>
    ),
  };
}

/**
 * The grid: checks down, workspaces (or areas) across, only the visible part drawn so that 5,000
 * columns scroll as smoothly as five. The check names stay at the left and the column names on top.
 */
export function ComplianceTable({
  grid,
  onOpen,
}: {
  grid: ComplianceGrid;
  onOpen: (target: CellTarget) => void;
}) {
  const translate = useTranslate();
  const { day } = useZonedTime();
  const isMobile = useIsMobile();
  const nameWidth = isMobile ? 150 : 280;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: grid.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: grid.columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => COLUMN,
    overscan: 6,
  });
  // Cells of a row by column index (a grouped column has one entry per state).
  const byRow = useMemo(
    () =>
      grid.rows.map((row) => {
        const cells = new Map<number, ComplianceCell[]>();
        for (const cell of row.cells) cells.set(cell.col, [...(cells.get(cell.col) ?? []), cell]);
        return cells;
      }),
    [grid.rows],
  );
  const width = nameWidth + columns.getTotalSize();
  const height = HEADER + rows.getTotalSize();
  const visibleColumns = columns.getVirtualItems();

  return (
    <Box
      ref={scroller}
      role="grid"
      aria-rowcount={grid.rows.length + 1}
      aria-colcount={grid.columns.length + 1}
      sx={{
        position: 'relative',
        overflow: 'auto',
        maxHeight: { xs: '70vh', md: 'calc(100vh - 300px)' },
        minHeight: Math.min(height, 240),
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ width, height, position: 'relative' }}>
        {/* Column names, kept on top while scrolling down. */}
        <Box
          role="row"
          sx={{
            position: 'sticky',
            top: 0,
            height: HEADER,
            width,
            zIndex: 3,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            role="columnheader"
            sx={{
              position: 'sticky',
              left: 0,
              width: nameWidth,
              height: HEADER,
              zIndex: 4,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              display: 'flex',
              alignItems: 'flex-end',
              p: 1,
            }}
          >
            <Typography variant="subtitle2">{translate('compliance.check')}</Typography>
          </Box>
          {visibleColumns.map((item) => {
            const column = grid.columns[item.index]!;
            return (
              <Box
                key={column.id}
                role="columnheader"
                title={column.name}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: nameWidth + item.start,
                  width: COLUMN,
                  height: HEADER,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'flex-end',
                  pb: 0.5,
                  borderRight: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography
                  variant="caption"
                  noWrap
                  sx={{
                    writingMode: 'vertical-rl',
                    transform: 'rotate(180deg)',
                    maxHeight: HEADER - 28,
                    fontWeight: 500,
                  }}
                >
                  {column.name}
                </Typography>
                <Ratio counts={column.totals} />
              </Box>
            );
          })}
        </Box>
        {rows.getVirtualItems().map((rowItem) => {
          const row = grid.rows[rowItem.index]!;
          const cells = byRow[rowItem.index]!;
          return (
            <Box
              key={`${row.task_id}|${row.due_date}`}
              role="row"
              sx={{
                position: 'absolute',
                top: HEADER + rowItem.start,
                left: 0,
                width,
                height: ROW,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box
                role="rowheader"
                sx={{
                  position: 'sticky',
                  left: 0,
                  zIndex: 2,
                  width: nameWidth,
                  height: ROW - 1,
                  bgcolor: 'background.paper',
                  borderRight: 1,
                  borderColor: 'divider',
                  px: 1,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" noWrap title={row.title} sx={{ fontWeight: 500 }}>
                    {row.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {day(row.due_date)}
                  </Typography>
                </Box>
                <Ratio counts={row.totals} />
              </Box>
              {visibleColumns.map((item) => {
                const column = grid.columns[item.index]!;
                const entries = cells.get(item.index);
                if (!entries) return null;
                const look = cellLook(grid.group, entries, translate);
                return (
                  <GridCell
                    key={column.id}
                    label={`${column.name} · ${look.says}`}
                    left={nameWidth + item.start}
                    onClick={() => onOpen({ row, column, cells: entries })}
                    sx={look.sx}
                  >
                    {look.content}
                  </GridCell>
                );
              })}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
