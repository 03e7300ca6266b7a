import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DateRange } from '../providers/dateRanges';
import { DateRangeFilter } from './DateRangeFilter';
import { NodePicker } from './NodePicker';
import { TaskLookupSelect } from './TaskLookupSelect';

export interface Scope extends DateRange {
  node_id?: number;
  type_id?: number;
  department_id?: number;
}

/**
 * The filters of every figure screen (reports, compliance): a date range, a place in the caller's
 * part of the tree, a task type and a department (not on figures that are not of tasks, such as
 * inspection scores: `taskFilters={false}`). `children` follow on the same line.
 */
export function ScopeFilters({
  value,
  onChange,
  taskFilters = true,
  children,
}: {
  value: Scope;
  onChange: (changes: Partial<Scope>) => void;
  taskFilters?: boolean;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <DateRangeFilter value={{ from: value.from, to: value.to }} onChange={onChange} />
      <Box sx={{ width: { xs: '100%', sm: 260 }, '& .MuiFormControl-root': { my: 0 } }}>
        <NodePicker
          size="small"
          label={translate('audit.filters.node')}
          value={value.node_id ?? null}
          onChange={(id) => onChange({ node_id: id ?? undefined })}
          includeWorkspaces
          allowEmptyContainers
        />
      </Box>
      {taskFilters && (
        <>
          <TaskLookupSelect
            lookup="type"
            value={value.type_id}
            onChange={(id) => onChange({ type_id: id })}
          />
          <TaskLookupSelect
            lookup="department"
            value={value.department_id}
            onChange={(id) => onChange({ department_id: id })}
          />
        </>
      )}
      {children}
    </Stack>
  );
}
