import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DayField } from '../../components/DayField';
import { NodePicker } from '../../components/NodePicker';
import { searchAdornment } from '../../components/SearchField';
import { TaskLookupSelect } from '../../components/TaskLookupSelect';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { AuditParams, AuditStatus } from './auditParams';

const STATUSES: readonly AuditStatus[] = ['waiting', 'approved', 'rejected', 'all'];

/** The queue's filters: search, review state, where, type, department and the due-date range. */
export function AuditFilters({
  params,
  update,
  searchLabel,
}: {
  params: AuditParams;
  update: (changes: Partial<AuditParams>) => void;
  searchLabel: string;
}) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  // On a phone the filters fold away under a button (the search stays), so the queue shows first.
  const active = [
    params.status !== 'waiting',
    params.type,
    params.department,
    params.node,
    params.from,
    params.to,
  ].filter((v) => v !== undefined && v !== false).length;
  const [open, setOpen] = useState(false);
  const showAll = !isMobile || open;
  // The search box updates the address when typing pauses, not on every key.
  const [search, setSearch] = useState(params.q);
  useEffect(() => setSearch(params.q), [params.q]);
  useEffect(() => {
    if (search === params.q) return;
    // The open line stays open: a search narrows the queue, not what is being looked at (and a
    // line clicked while the search was pending must not close again when it lands).
    const timer = setTimeout(() => update({ q: search }), 300);
    return () => clearTimeout(timer);
  }, [search, params.q, update]);

  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        fullWidth={false}
        margin="none"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={searchLabel}
        slotProps={{
          htmlInput: { 'aria-label': searchLabel },
          input: {
            startAdornment: searchAdornment,
          },
        }}
        sx={{ width: { xs: 'auto', sm: 260 }, flex: { xs: '1 1 0', sm: '0 0 auto' } }}
      />
      {isMobile && (
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={showAll}
          sx={{ alignSelf: 'center', whiteSpace: 'nowrap' }}
        >
          {showAll
            ? translate('audit.filters.hide')
            : `${translate('audit.filters.show')}${active > 0 ? ` (${active})` : ''}`}
        </Button>
      )}
      {showAll && (
        <>
          <TextField
            fullWidth={false}
            margin="none"
            select
            size="small"
            label={translate('audit.filters.status')}
            value={params.status}
            onChange={(event) => update({ status: event.target.value as AuditStatus, selected: undefined })}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 150 } }}
          >
            {STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {translate(`audit.status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TaskLookupSelect
            lookup="type"
            value={params.type}
            onChange={(id) => update({ type: id, selected: undefined })}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 150 } }}
          />
          <TaskLookupSelect
            lookup="department"
            value={params.department}
            onChange={(id) => update({ department: id, selected: undefined })}
            sx={{ width: { xs: '100%', sm: 170 } }}
          />
          <DayField
            size="small"
            clearable
            label={translate('audit.filters.from')}
            value={params.from ?? ''}
            onChange={(from) => update({ from: from || undefined, selected: undefined })}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
          />
          <DayField
            size="small"
            clearable
            label={translate('audit.filters.to')}
            value={params.to ?? ''}
            onChange={(to) => update({ to: to || undefined, selected: undefined })}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
          />
          <Box sx={{ width: { xs: '100%', sm: 280 }, '& .MuiFormControl-root': { my: 0 } }}>
            <NodePicker
              size="small"
              label={translate('audit.filters.node')}
              value={params.node ?? null}
              onChange={(id) => update({ node: id ?? undefined, selected: undefined })}
              includeWorkspaces
              allowEmptyContainers
            />
          </Box>
        </>
      )}
    </Stack>
  );
}
