import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { RetryAlert } from '../../components/LoadFailure';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useIsMobile } from '../../hooks/useIsMobile';
import { AuditFilters } from './AuditFilters';
import { queueQuery, useAuditParams } from './auditParams';
import { type AuditBy, useAuditQueue, useAuditSubmissions } from './auditQueries';
import { QueueTable } from './QueueTable';
import { SubmissionDialog } from './SubmissionDialog';
import { SubmissionList } from './SubmissionList';

const PER_PAGE = 25;

/**
 * Audit by task or by workspace (spec §2 /audit/task, /audit/store): the queue of what waits for a
 * decision, the chosen line's submissions beside it, and one submission at a time for review.
 * Everything the page shows lives in the address.
 */
export function AuditQueuePage({ title, by }: { title: string; by: AuditBy }) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const [params, update] = useAuditParams();
  const queue = useAuditQueue(by, queueQuery(params, PER_PAGE));
  const selectedRow = queue.data?.data.find((row) => row.id === params.selected);
  const submissions = useAuditSubmissions(
    {
      per_page: 100,
      status: params.status,
      // The queue's filters too: the list shows what the chosen line counted.
      from: params.from,
      to: params.to,
      node_id: params.node,
      type_id: params.type,
      department_id: params.department,
      ...(by === 'task' ? { task_id: params.selected } : { workspace_id: params.selected }),
    },
    params.selected !== undefined,
  );
  const order = submissions.data?.data.map((row) => row.id) ?? [];
  const waiting = submissions.data?.data.filter((row) => row.state === 'waiting').map((row) => row.id) ?? [];
  const nameOf = (row: NonNullable<typeof selectedRow>) => ('title' in row ? row.title : row.name);
  const selectedName = selectedRow ? nameOf(selectedRow) : '';
  // Once the open line has nothing left, the dialog offers the queue's next line that has.
  const nextRow = queue.data?.data.find((row) => row.id !== params.selected && row.waiting > 0);
  const nameLabel = translate(by === 'task' ? 'audit.columns.task' : 'audit.columns.store');
  const showQueue = !(isMobile && params.selected !== undefined);

  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 } }}>
      <Title title={title} />
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {translate(by === 'task' ? 'audit.intro_task' : 'audit.intro_store')}
        </Typography>
        <AuditFilters
          params={params}
          update={update}
          searchLabel={translate(by === 'task' ? 'audit.search_task' : 'audit.search_store')}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: params.selected !== undefined ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr',
            },
            alignItems: 'start',
          }}
        >
          {showQueue && (
            <Box>
              {queue.isPending && <LinearProgress />}
              {queue.error != null && <RetryAlert error={queue.error} onRetry={() => queue.refetch()} />}
              {queue.data && queue.data.total === 0 && (
                <Alert severity="info" data-testid="audit-empty">
                  {translate(params.status === 'waiting' ? 'audit.nothing_waiting' : 'audit.nothing_found')}
                </Alert>
              )}
              {queue.data && queue.data.total > 0 && (
                <QueueTable
                  rows={queue.data.data}
                  total={queue.data.total}
                  page={params.page}
                  perPage={PER_PAGE}
                  selected={params.selected}
                  onSelect={(id) => update({ selected: id })}
                  onPage={(page) => update({ page, selected: undefined })}
                  nameLabel={nameLabel}
                  compact={params.selected !== undefined}
                />
              )}
            </Box>
          )}
          {params.selected !== undefined && (
            <Stack spacing={1}>
              {isMobile && (
                <Button
                  startIcon={<ArrowBackIcon />}
                  onClick={() => update({ selected: undefined })}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {translate('audit.back_to_queue')}
                </Button>
              )}
              <SubmissionList
                by={by}
                title={selectedName || translate('audit.submissions')}
                rows={submissions.data?.data}
                isPending={submissions.isPending}
                error={submissions.error}
                onRetry={() => submissions.refetch()}
                onOpen={(id) => update({ submission: id })}
              />
            </Stack>
          )}
        </Box>
      </Stack>
      <SubmissionDialog
        id={params.submission}
        order={order}
        waiting={waiting}
        lineOf={(detail) => (by === 'task' ? detail.task.title : detail.submission.workspace.name)}
        nextLine={
          nextRow && {
            name: nameOf(nextRow),
            open: () => update({ selected: nextRow.id, submission: undefined }),
          }
        }
        onNavigate={(id) => update({ submission: id })}
        onClose={() => update({ submission: undefined })}
      />
    </Box>
  );
}
