import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ListButton, ShowBase, Title, useLocaleState, useShowContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Task } from '../../../contract/api/tasks';
import { RecordHistory } from '../../components/RecordHistory';
import { useDateFormat } from '../../hooks/useDateFormat';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { sentenceLocale } from '../../i18n/language';
import { ApiError } from '../../providers/httpClient';
import type { PageProps } from '../../routing/types';
import { AttachmentLink } from './AttachmentLink';
import { recurrenceSentence } from './recurrenceSentence';
import { StoreProgressTable } from './StoreProgressTable';
import { TaskActions } from './TaskActions';
import { TaskInstructions } from './TaskInstructions';
import { TaskStatusChip } from './TaskStatusChip';
import { TaskTypeChip } from './TaskTypeChip';
import { TASK_PATHS } from './taskPaths';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ flex: 1, minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function ScheduleSection({ task }: { task: Task }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { date } = useDateFormat();
  const expiry =
    task.expiry === null
      ? translate('tasks.expiry.none')
      : task.expiry === 'end_of_day'
        ? translate('tasks.expiry.end_of_day')
        : translate('tasks.expiry.at_short', { time: task.expiry });
  return (
    <Section title={translate('tasks.fields.schedule')}>
      <Typography sx={{ mb: 1, fontWeight: 500 }} data-testid="task-schedule">
        {recurrenceSentence(task, translate, sentenceLocale(locale))}
      </Typography>
      <Line label={translate('tasks.fields.start_date')}>
        {date(task.start_date)} {task.start_time}
      </Line>
      <Line label={translate('tasks.fields.due_date')}>
        {date(task.due_date)} {task.due_time}
      </Line>
      <Line label={translate('tasks.fields.expiry')}>{expiry}</Line>
      {task.estimated_minutes !== null && (
        <Line label={translate('tasks.fields.estimated_minutes')}>
          {translate('tasks.minutes', { smart_count: task.estimated_minutes })}
        </Line>
      )}
      {task.department && <Line label={translate('tasks.fields.department')}>{task.department.name}</Line>}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('tasks.helpers.times')}
      </Typography>
    </Section>
  );
}

function TargetsSection({ task }: { task: Task }) {
  const translate = useTranslate();
  const included = task.target_nodes.filter((n) => n.mode === 'include');
  const excluded = task.target_nodes.filter((n) => n.mode === 'exclude');
  return (
    <Section title={translate('tasks.fields.targets')}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="task-targets">
        {included.map((n) => (
          <Chip key={n.id} size="small" label={n.name} />
        ))}
      </Stack>
      {excluded.length > 0 && (
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', mt: 1, alignItems: 'center' }}
        >
          <Typography variant="body2" color="text.secondary">
            {translate('tasks.detail.excluded')}
          </Typography>
          {excluded.map((n) => (
            <Chip
              key={n.id}
              size="small"
              variant="outlined"
              label={n.name}
              sx={{ textDecoration: 'line-through' }}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function RulesSection({ task }: { task: Task }) {
  const translate = useTranslate();
  const { evidence } = task;
  const needs = [
    evidence.comment && translate('tasks.evidence.comment'),
    evidence.photos > 0 && translate('tasks.evidence.photos', { smart_count: evidence.photos }),
    evidence.files > 0 && translate('tasks.evidence.files', { smart_count: evidence.files }),
  ].filter((x): x is string => Boolean(x));
  return (
    <Section title={translate('tasks.detail.rules')}>
      <Line label={translate('tasks.evidence.title')}>
        {needs.length ? needs.join(', ') : translate('tasks.evidence.nothing')}
      </Line>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 0.5 }}>
        {task.approval && <Chip size="small" color="info" label={translate('tasks.detail.approval_yes')} />}
        {task.compliance && (
          <Chip size="small" color="secondary" label={translate('tasks.detail.compliance_yes')} />
        )}
      </Stack>
      {task.form && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('tasks.detail.form', { name: task.form.name, version: task.form.version })}
        </Typography>
      )}
      {task.checklist.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('tasks.checklist.title')}
          </Typography>
          <Box component="ol" sx={{ my: 0.5, pl: 3 }}>
            {task.checklist.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are plain text and may repeat.
              <Typography component="li" variant="body2" key={i}>
                {step}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Section>
  );
}

function TaskDetail() {
  const { record: task, isPending, error } = useShowContext<Task>();
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  if (isPending) return <LinearProgress />;
  if (error || !task) {
    const status = error instanceof ApiError ? error.status : 0;
    return (
      <Alert severity={status === 404 ? 'info' : 'error'}>
        {status === 404 || !error ? translate('tasks.not_found') : (error as Error).message}
      </Alert>
    );
  }
  const lastEdit = task.editors.at(-1);
  return (
    <Stack spacing={2}>
      <Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <TaskTypeChip type={task.type} />
          <TaskStatusChip status={task.status} />
        </Stack>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('tasks.detail.authored', { name: task.author.name, date: dateTime(task.created_at) })}
          {lastEdit &&
            ` · ${translate('tasks.detail.edited', { name: lastEdit.name, date: dateTime(lastEdit.edited_at) })}`}
        </Typography>
        <Box sx={{ mt: 1.5 }}>
          <TaskActions task={task} />
        </Box>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={translate('tasks.detail.instructions')}>
            {task.description.trim() ? (
              <TaskInstructions html={task.description} />
            ) : (
              <Typography color="text.secondary">{translate('tasks.detail.no_instructions')}</Typography>
            )}
            {task.attachment_files.length > 0 && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {translate('tasks.attachments.title')}
                </Typography>
                <Stack sx={{ alignItems: 'flex-start' }}>
                  {task.attachment_files.map((file) => (
                    <AttachmentLink key={file.hash} file={file} />
                  ))}
                </Stack>
              </Box>
            )}
          </Section>
          <RulesSection task={task} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <ScheduleSection task={task} />
          <TargetsSection task={task} />
        </Stack>
      </Box>
      <StoreProgressTable task={task} />
      <RecordHistory entity="task" id={task.id} />
    </Stack>
  );
}

/** Spec §2 /task/management/detail/{id}. */
export default function TaskShow({ title }: PageProps) {
  useDocumentTitle(title);
  const { id = '' } = useParams();
  return (
    <ShowBase id={id} redirectOnError={false} queryOptions={{ onError: () => undefined, retry: false }}>
      <Box sx={{ py: { xs: 1, sm: 2 }, px: { xs: 1, sm: 0 } }}>
        <Title title={title} />
        <ListButton to={TASK_PATHS.list} label="tasks.actions.back" icon={<ArrowBackIcon />} sx={{ mb: 1 }} />
        <TaskDetail />
      </Box>
    </ShowBase>
  );
}
