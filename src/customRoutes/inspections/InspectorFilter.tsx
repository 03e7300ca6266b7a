import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import type { UserRecord } from '../../../contract/api/users';
import { useDebounced } from '../../hooks/useDebounced';
import { useSessionUser } from '../../hooks/useSession';
import { apiFetch } from '../../providers/httpClient';

interface Person {
  id: number;
  name: string;
}

const nameOf = (user: UserRecord) => `${user.preferred_name || user.firstname} ${user.lastname}`;

/**
 * Who did the inspections: anyone of the caller's users, searched by name, for those who read
 * users; for the others only "mine", the one person they can name.
 */
export function InspectorFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const translate = useTranslate();
  const me = useSessionUser();
  const { canAccess: readsUsers, isPending } = useCanAccess({ resource: 'user', action: 'list' });
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Person | null>(null);
  const typed = useDebounced(search, 300);
  const people = useQuery({
    queryKey: ['inspections', 'inspectors', typed],
    queryFn: () =>
      apiFetch<{ data: UserRecord[] }>('/api/user/list', {
        query: { key: 'name', value: typed || undefined, per_page: 20, sort: 'name', order: 'asc' },
      }),
    enabled: readsUsers === true,
    placeholderData: keepPreviousData,
  });
  if (isPending) return null;
  if (!readsUsers) {
    return (
      <FormControlLabel
        control={
          <Switch
            checked={value !== undefined && value === me?.id}
            onChange={(event) => onChange(event.target.checked ? me?.id : undefined)}
          />
        }
        label={translate('inspections.filters.mine')}
      />
    );
  }
  const options: Person[] = (people.data?.data ?? []).map((u) => ({ id: u.id, name: nameOf(u) }));
  const selected =
    value === undefined
      ? null
      : picked?.id === value
        ? picked
        : (options.find((o) => o.id === value) ?? { id: value, name: `#${value}` });
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      filterOptions={(all) => all}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, person) => {
        setPicked(person);
        onChange(person?.id);
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
      loading={people.isFetching}
      renderInput={(input) => (
        <TextField {...input} margin="none" label={translate('inspections.filters.inspector')} />
      )}
      sx={{ width: { xs: '100%', sm: 220 } }}
    />
  );
}
