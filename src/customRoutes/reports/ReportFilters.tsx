import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { ReportQuery } from '../../../contract/api/reports';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { NodePicker } from '../../components/NodePicker';
import { useTaskDepartments, useTaskTypes } from '../../resources/tasks/useTaskLookups';

/** Every report's filters, and the download of what the table shows. */
export function ReportFilters({
  query,
  update,
  onDownload,
}: {
  query: ReportQuery;
  update: (changes: Partial<Omit<ReportQuery, 'format'>>) => void;
  onDownload: (format: 'csv' | 'xlsx') => void;
}) {
  const translate = useTranslate();
  const { types } = useTaskTypes();
  const { departments } = useTaskDepartments();
  const select = (key: 'type_id' | 'department_id') => (event: React.ChangeEvent<HTMLInputElement>) =>
    update({ [key]: event.target.value === '' ? undefined : Number(event.target.value) });
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <DateRangeFilter value={{ from: query.from, to: query.to }} onChange={(range) => update(range)} />
      <Box sx={{ width: { xs: '100%', sm: 260 }, '& .MuiFormControl-root': { my: 0 } }}>
        <NodePicker
          size="small"
          label={translate('reports.where')}
          value={query.node_id ?? null}
          onChange={(id) => update({ node_id: id ?? undefined })}
          includeWorkspaces
          allowEmptyContainers
        />
      </Box>
      <TextField
        select
        fullWidth={false}
        margin="none"
        size="small"
        label={translate('reports.type')}
        value={query.type_id ?? ''}
        onChange={select('type_id')}
        sx={{ width: 150 }}
      >
        <MenuItem value="">{translate('audit.filters.any')}</MenuItem>
        {types.map((type) => (
          <MenuItem key={type.id} value={type.id}>
            {type.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        margin="none"
        size="small"
        label={translate('reports.department')}
        value={query.department_id ?? ''}
        onChange={select('department_id')}
        sx={{ width: 170 }}
      >
        <MenuItem value="">{translate('audit.filters.any')}</MenuItem>
        {departments.map((department) => (
          <MenuItem key={department.id} value={department.id}>
            {department.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flex: 1 }} />
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => onDownload('csv')}>
        CSV
      </Button>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => onDownload('xlsx')}>
        XLSX
      </Button>
    </Stack>
  );
}
