import type { SvgIconComponent } from '@mui/icons-material';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { TaskPreview } from '../../../contract/api/tasks';
import { useDateFormat } from '../../hooks/useDateFormat';
import { useDebounced } from '../../hooks/useDebounced';
import type { AppDataProvider } from '../../providers/dataProvider';
import { previewable, type TaskFormValues, taskBody } from './taskForm';

/** How long the form must rest before the preview is asked again (typing a title asks nothing). */
export const PREVIEW_DEBOUNCE_MS = 500;

export interface PreviewState {
  preview: TaskPreview | undefined;
  isFetching: boolean;
  error: Error | null;
  /** False until the form names a type, a schedule and at least one target. */
  ready: boolean;
}

/**
 * The live preview of the form (POST /api/admin/task/preview): who would receive the task, asked
 * again once the form has rested, and only with the fields that change the answer.
 */
export function useTaskPreview(taskId: number | undefined): PreviewState {
  const dataProvider = useDataProvider<AppDataProvider>();
  const values = useWatch() as TaskFormValues;
  const ready = previewable(values);
  // Title, instructions and rules do not change who receives it; leave them out of the key.
  const body = ready
    ? JSON.stringify({
        ...taskBody(values),
        title: 'preview',
        description: '',
        checklist: [],
        attachments: [],
        ...(taskId ? { id: taskId } : {}),
      })
    : '';
  const settled = useDebounced(body, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['tasks', 'preview', settled],
    queryFn: () => dataProvider.previewTask(JSON.parse(settled)),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
  return {
    preview: ready && settled !== '' ? query.data : undefined,
    isFetching: query.isFetching || body !== settled,
    error: ready ? query.error : null,
    ready,
  };
}

const SHOWN = 8;

/** One of the preview's two headline counts (stores, people), behind its icon. */
function Headcount({
  Icon,
  testId,
  children,
}: {
  Icon: SvgIconComponent;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Icon color="action" />
      <Typography variant="h6" component="p" data-testid={testId}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The preview beside the form: stores, people, the busiest store's day, and the first stores. */
export function TaskPreviewPanel({ state }: { state: PreviewState }) {
  const translate = useTranslate();
  const { date } = useDateFormat();
  const { preview, isFetching, error, ready } = state;
  return (
    <Card variant="outlined" data-testid="task-preview">
      {isFetching && ready ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <CardContent>
        <Typography component="h2" variant="subtitle1" gutterBottom>
          {translate('tasks.preview.title')}
        </Typography>
        {!ready && <Typography color="text.secondary">{translate('tasks.preview.empty')}</Typography>}
        {ready && error && (
          <Alert severity="warning">{translate('tasks.preview.failed', { message: error.message })}</Alert>
        )}
        {ready && !error && !preview && (
          <Typography color="text.secondary">{translate('tasks.preview.loading')}</Typography>
        )}
        {ready && !error && preview && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Headcount Icon={StorefrontIcon} testId="preview-stores">
                {translate('tasks.preview.stores', { smart_count: preview.stores })}
              </Headcount>
              <Headcount Icon={GroupsIcon} testId="preview-people">
                {translate('tasks.preview.people', { smart_count: preview.people })}
              </Headcount>
            </Stack>
            {preview.first_date === null && (
              <Alert severity="warning">{translate('tasks.preview.no_occurrence')}</Alert>
            )}
            <ClockChanges changes={preview.clock_changes} />
            {preview.busiest && (
              <Typography variant="body2" data-testid="preview-busiest">
                {translate('tasks.preview.busiest', {
                  name: preview.busiest.name,
                  minutes: preview.busiest.minutes,
                  with_task: preview.busiest.with_task,
                  date: date(preview.busiest.date),
                })}
              </Typography>
            )}
            {preview.workspaces.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {preview.workspaces.slice(0, SHOWN).map((w) => (
                  <Typography component="li" variant="body2" key={w.node_id}>
                    {w.name}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {` · ${translate('tasks.preview.people', { smart_count: w.people })}`}
                    </Typography>
                  </Typography>
                ))}
                {preview.workspaces.length > SHOWN && (
                  <Typography component="li" variant="body2" color="text.secondary">
                    {translate('tasks.preview.more', { smart_count: preview.workspaces.length - SHOWN })}
                  </Typography>
                )}
              </Box>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A daylight-saving change on the first occurrence's day, in the stores it touches: what their
 * clocks skip or repeat and which instant counts, named store by store, before it is published.
 */
function ClockChanges({ changes }: { changes: TaskPreview['clock_changes'] }) {
  const translate = useTranslate();
  const groups = new Map<string, string[]>();
  for (const c of changes) {
    const key = `${c.kind}_${c.which}`;
    groups.set(key, [...(groups.get(key) ?? []), c.name]);
  }
  return [...groups].map(([key, names]) => (
    <Alert severity="info" key={key} data-testid="preview-clock-change">
      {translate(`tasks.preview.${key}`, { names: names.join(', ') })}
    </Alert>
  ));
}
