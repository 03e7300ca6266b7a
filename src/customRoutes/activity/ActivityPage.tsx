import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  ACTIVITY_ENTITIES,
  type ActivityListQuery,
  OPERATOR_ACTIVITY_ENTITIES,
} from '../../../contract/api/activity';
import { DayField } from '../../components/DayField';
import { RetryAlert } from '../../components/LoadFailure';
import { dayParam, positiveParam, useSearchParamsEditor } from '../../hooks/useAddressParams';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useSessionUser } from '../../hooks/useSession';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/saveFile';
import { addDays } from '../../providers/zonedTime';
import type { PageProps } from '../../routing/types';
import { ActivityEntries } from './ActivityEntries';
import { dayStartIn } from './dayBounds';

const PER_PAGE_CHOICES = [25, 50, 100];

/**
 * /admin/activity (issue 32): who changed what, newest first, filtered by days, text, entity,
 * action and person (all kept in the address, so a filtered view can be shared), and the same
 * view as CSV or XLSX.
 */
export default function ActivityPage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const { zone } = useZonedTime();
  const dataProvider = useDataProvider<AppDataProvider>();
  const entities = useSessionUser()?.isAdminTenant ? OPERATOR_ACTIVITY_ENTITIES : ACTIVITY_ENTITIES;
  const [params, edit] = useSearchParamsEditor();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const q = params.get('q') ?? '';
  const entity = params.get('entity') ?? '';
  const action = params.get('action') ?? '';
  const entityId = params.get('entity_id') ?? '';
  const actor = positiveParam(params.get('actor_id'));
  const page = positiveParam(params.get('page')) ?? 1;
  const perPage = positiveParam(params.get('per_page')) ?? 25;
  const filter: Partial<ActivityListQuery> = {
    ...(from ? { from: dayStartIn(from, zone) } : {}),
    ...(to ? { to: dayStartIn(addDays(to, 1), zone) } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(entity ? { entity } : {}),
    ...(entity && entityId ? { entity_id: entityId } : {}),
    ...(action ? { action } : {}),
    ...(actor ? { actor_id: actor } : {}),
  };
  const query = { ...filter, page, per_page: perPage };
  const entries = useQuery({
    queryKey: ['activity', query],
    queryFn: () => dataProvider.getActivity(query),
    placeholderData: keepPreviousData,
  });

  // The search box edits the address a moment after typing stops, not at every key.
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => set({ q: text }), 300);
    return () => clearTimeout(timer);
  });

  function set(values: Record<string, string | undefined>) {
    edit((next) => {
      for (const [key, value] of Object.entries(values)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in values)) next.delete('page');
    });
  }

  const download = async (format: 'csv' | 'xlsx') => {
    try {
      saveFile(await dataProvider.downloadActivity(filter, format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'activity.download_failed', { type: 'error' });
    }
  };

  const data = entries.data;
  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={title} />
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Stack
          direction="row"
          useFlexGap
          sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
          role="search"
          aria-label={translate('activity.filters')}
        >
          <TextField
            size="small"
            margin="none"
            type="search"
            label={translate('activity.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <DayField
            size="small"
            label={translate('ranges.from')}
            value={from ?? ''}
            clearable
            onChange={(day) => set({ from: day ?? undefined })}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
          />
          <DayField
            size="small"
            label={translate('ranges.to')}
            value={to ?? ''}
            clearable
            onChange={(day) => set({ to: day ?? undefined })}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
          />
          <TextField
            select
            size="small"
            margin="none"
            label={translate('activity.entity')}
            value={entity}
            onChange={(event) => set({ entity: event.target.value, entity_id: undefined })}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value="">{translate('activity.any_entity')}</MenuItem>
            {entities.map((e) => (
              <MenuItem key={e} value={e}>
                {translate(`activity.entities.${e.replaceAll('.', '_').replaceAll('-', '_')}`, { _: e })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            margin="none"
            label={translate('activity.action')}
            helperText={translate('activity.action_help')}
            value={action}
            onChange={(event) => set({ action: event.target.value.trim() })}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
          <Stack direction="row" sx={{ gap: 1, ml: { sm: 'auto' } }}>
            <Button variant="outlined" onClick={() => download('csv')}>
              {translate('activity.download_csv')}
            </Button>
            <Button variant="outlined" onClick={() => download('xlsx')}>
              {translate('activity.download_xlsx')}
            </Button>
          </Stack>
        </Stack>
        {actor || (entity && entityId) ? (
          <Alert
            severity="info"
            action={
              <Button onClick={() => set({ actor_id: undefined, entity_id: undefined })}>
                {translate('activity.show_all')}
              </Button>
            }
          >
            {translate(actor ? 'activity.one_person' : 'activity.one_record', { id: entityId })}
          </Alert>
        ) : null}
        <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2 }, py: 1, minWidth: 0 }}>
          {entries.isFetching && <LinearProgress aria-label={translate('activity.loading')} />}
          {entries.error ? (
            <RetryAlert error={entries.error} onRetry={() => entries.refetch()} />
          ) : data && data.data.length === 0 ? (
            <Alert severity="info" sx={{ my: 1 }}>
              {translate('activity.empty')}
            </Alert>
          ) : data ? (
            <ActivityEntries entries={data.data} />
          ) : null}
          {data && data.total > 0 && (
            <TablePagination
              component="div"
              count={data.total}
              page={page - 1}
              rowsPerPage={perPage}
              rowsPerPageOptions={PER_PAGE_CHOICES}
              onPageChange={(_, next) => set({ page: String(next + 1) })}
              onRowsPerPageChange={(event) => set({ per_page: event.target.value })}
              labelRowsPerPage={translate('activity.per_page')}
            />
          )}
        </Paper>
      </Stack>
    </Box>
  );
}
