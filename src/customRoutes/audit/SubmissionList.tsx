import DoneAllIcon from '@mui/icons-material/DoneAll';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import type { AuditSubmissionRow } from '../../../contract/api/audit';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import { RetryAlert } from '../../components/LoadFailure';
import { useZonedTime } from '../../hooks/useZonedTime';
import type { AuditBy } from './auditQueries';
import { useReview } from './auditQueries';
import { ReviewStateChip } from './ReviewStateChip';

function Thumb({ row }: { row: AuditSubmissionRow }) {
  return (
    <Box sx={{ width: 56, flex: '0 0 56px' }}>
      {row.cover ? (
        <EvidencePhoto hash={row.cover} alt="" height={56} />
      ) : (
        <Box
          sx={{ height: 56, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}
        >
          <ImageIcon color="disabled" />
        </Box>
      )}
    </Box>
  );
}

/**
 * The submissions of the task (or workspace) chosen in the queue. Waiting ones can be ticked and
 * approved together; opening one shows it in full for a decision.
 */
export function SubmissionList({
  by,
  rows,
  title,
  isPending,
  error,
  onRetry,
  onOpen,
}: {
  by: AuditBy;
  rows: readonly AuditSubmissionRow[] | undefined;
  title: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (id: number) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { atStore } = useZonedTime();
  const { canAccess: canReview } = useCanAccess({ resource: 'audit', action: 'update' });
  const { approve } = useReview();
  const [ticked, setTicked] = useState<number[]>([]);
  const waiting = (rows ?? []).filter((r) => r.state === 'waiting');
  // A new list (another task, a decision made) starts with nothing ticked that is no longer there.
  const waitingIds = waiting.map((r) => r.id).join(',');
  useEffect(() => {
    const still = new Set(waitingIds.split(',').map(Number));
    setTicked((current) =>
      current.every((id) => still.has(id)) ? current : current.filter((id) => still.has(id)),
    );
  }, [waitingIds]);

  const approveTicked = () =>
    approve.mutate(ticked, {
      onSuccess: () => {
        notify('audit.approved', { type: 'success', messageArgs: { smart_count: ticked.length } });
        setTicked([]);
      },
      onError: (e) => notify(e.message, { type: 'error' }),
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography
          variant="subtitle1"
          // On a phone the name takes its own line above the bulk controls.
          sx={{ fontWeight: 600, flex: { xs: '1 0 100%', sm: 1 }, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {canReview && waiting.length > 0 && (
          <>
            <Checkbox
              size="small"
              checked={ticked.length > 0 && ticked.length === waiting.length}
              indeterminate={ticked.length > 0 && ticked.length < waiting.length}
              onChange={(event) => setTicked(event.target.checked ? waiting.map((r) => r.id) : [])}
              slotProps={{ input: { 'aria-label': translate('audit.select_all') } }}
            />
            <Button
              variant="contained"
              size="small"
              startIcon={<DoneAllIcon />}
              disabled={ticked.length === 0 || approve.isPending}
              onClick={approveTicked}
            >
              {translate('audit.approve_selected', { smart_count: ticked.length })}
            </Button>
          </>
        )}
      </Stack>
      {isPending && <LinearProgress />}
      {error != null && <RetryAlert error={error} onRetry={onRetry} />}
      {rows && rows.length === 0 && <Alert severity="info">{translate('audit.no_submissions')}</Alert>}
      <List disablePadding>
        {rows?.map((row) => (
          <ListItem
            key={row.id}
            disablePadding
            divider
            secondaryAction={
              canReview && row.state === 'waiting' ? (
                <Checkbox
                  edge="end"
                  checked={ticked.includes(row.id)}
                  onChange={(event) =>
                    setTicked((current) =>
                      event.target.checked ? [...current, row.id] : current.filter((id) => id !== row.id),
                    )
                  }
                  slotProps={{
                    input: {
                      'aria-label': translate('audit.select_one', {
                        name: by === 'task' ? row.workspace.name : row.task.title,
                      }),
                    },
                  }}
                />
              ) : undefined
            }
          >
            <ListItemButton
              onClick={() => onOpen(row.id)}
              sx={{ gap: 1.5, py: 1, pr: 7 }}
              data-testid="audit-submission"
            >
              <Thumb row={row} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {by === 'task' ? row.workspace.name : row.task.title}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate('audit.sent_by', {
                    name: row.submitted_by.name,
                    date: atStore(row.submitted_at, row.workspace.timezone).store,
                  })}
                </Typography>
                <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                  <ReviewStateChip state={row.state} />
                  {row.attempt > 1 && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={translate('audit.attempt', { attempt: row.attempt })}
                    />
                  )}
                  {row.late && <Chip size="small" color="error" label={translate('audit.late')} />}
                </Stack>
              </Box>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
