import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { Department } from '../../../contract/api/departments';
import { searchAdornment } from '../../components/SearchField';
import { useDebounced } from '../../hooks/useDebounced';

export interface TaskFiltersProps {
  department: number | undefined;
  search: string;
  onDepartment: (department: number | undefined) => void;
  onSearch: (search: string) => void;
}

/** Department filter (GET /api/department/list, open to My Tasks readers) and search as you type. */
export function TaskFilters({ department, search, onDepartment, onSearch }: TaskFiltersProps) {
  const translate = useTranslate();
  const { data: departments = [] } = useGetList<Department>('departments', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [text, setText] = useState(search);
  const settled = useDebounced(text.trim(), 300);
  // What the address last searched for: typing searches once it settles; a new search in the
  // address (back button, switching view) replaces the text unless it only differs by spaces.
  const sent = useRef(search);
  const onSearchNow = useRef(onSearch);
  onSearchNow.current = onSearch;
  useEffect(() => {
    sent.current = search;
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onSearchNow.current(settled);
  }, [settled]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <TextField
        select
        size="small"
        label={translate('my_tasks.department')}
        value={department ?? ''}
        onChange={(event) => onDepartment(event.target.value === '' ? undefined : Number(event.target.value))}
        sx={{ width: { sm: 240 }, flexShrink: 0 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{translate('my_tasks.all_departments')}</MenuItem>
        {departments.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={translate('my_tasks.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          input: {
            startAdornment: searchAdornment,
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label={translate('my_tasks.clear_search')}
                  onClick={() => {
                    setText('');
                    onSearch('');
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    </Stack>
  );
}
