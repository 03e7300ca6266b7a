import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { MyTaskDetail, Submission, TaskFileRef } from '../../../contract/api/mytasks';
import { DetailSection } from '../../components/DetailSection';
import { EvidencePhoto } from '../../components/EvidencePhoto';
import { StateChip } from '../../components/StateChip';
import { TaskTypeIcon } from '../../components/TaskTypeIcon';
import { useTaskFileDownload } from '../../hooks/useTaskFileDownload';
import { useZonedTime } from '../../hooks/useZonedTime';
import { useConnectivity } from '../../offline/connectivity';
import { keptForOffline } from '../../offline/offlineFiles';
import { readableShade } from '../../providers/contrast';
import { fileSize } from '../../providers/fileSize';
import { isCompletable, stateBadge } from './cardState';

/** Read by screen readers, not shown: the file's action where its name shows. */
const SPOKEN_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A task's or a submission's files, each downloaded by a click. A screen reader reads "Download"
 * and the name where the name shows, then the size. Offline, a file too large to have come onto
 * the phone with the day (issue 44) is listed, not offered, with why.
 */
function Files({ files }: { files: readonly TaskFileRef[] }) {
  const translate = useTranslate();
  const download = useTaskFileDownload();
  const { online } = useConnectivity();
  return (
    <List dense disablePadding>
      {files.map((file) => {
        const icon = (
          <ListItemIcon sx={{ minWidth: file.kind === 'photo' ? 60 : 32 }}>
            {file.kind === 'photo' ? (
              <Box sx={{ width: 48 }}>
                <EvidencePhoto hash={file.hash} mime={file.mime} alt="" height={48} />
              </Box>
            ) : online || keptForOffline(file) ? (
              <DownloadIcon fontSize="small" />
            ) : (
              <CloudOffIcon fontSize="small" />
            )}
          </ListItemIcon>
        );
        const text = { overflowWrap: 'anywhere' } as const;
        if (!online && !keptForOffline(file))
          return (
            <ListItem key={file.hash} sx={{ minHeight: 44 }} data-testid="file-online-only">
              {icon}
              <ListItemText
                primary={file.name}
                secondary={`${fileSize(file.size)} · ${translate('offline_day.online_only')}`}
                slotProps={{ primary: { sx: text } }}
              />
            </ListItem>
          );
        return (
          <ListItem key={file.hash} disablePadding>
            <ListItemButton onClick={() => download(file)} sx={{ borderRadius: 1, minHeight: 44 }}>
              {icon}
              <ListItemText
                primary={
                  <>
                    <Box component="span" sx={SPOKEN_ONLY}>
                      {translate('my_tasks.download', { name: file.name })}
                    </Box>
                    <span aria-hidden="true">{file.name}</span>
                  </>
                }
                secondary={fileSize(file.size)}
                slotProps={{ primary: { sx: text } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

function Attempt({ submission, zone }: { submission: Submission; zone: string }) {
  const translate = useTranslate();
  const { atStore } = useZonedTime();
  const review = submission.review;
  // The photo a reviewer pinned their reason to, by name.
  const pinned = review?.attachment
    ? submission.attachments.find((f) => f.hash === review.attachment)?.name
    : undefined;
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('my_tasks.attempt', {
          attempt: submission.attempt,
          date: atStore(submission.submitted_at, zone).store,
          name: submission.submitted_by.name,
        })}
        {submission.outcome === 'cannot_do' && ` · ${translate('my_tasks.cannot_do')}`}
      </Typography>
      {(submission.reason || submission.comment) && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {submission.reason || submission.comment}
        </Typography>
      )}
      {submission.attachments.length > 0 && <Files files={submission.attachments} />}
      {review && (
        <Typography variant="body2" color={review.decision === 'rejected' ? 'warning.main' : 'success.main'}>
          {review.decision === 'rejected'
            ? translate('my_tasks.review_rejected', {
                name: review.reviewed_by?.name ?? '',
                reason: review.reason ?? '',
              })
            : translate('my_tasks.review_approved', { name: review.reviewed_by?.name ?? '' })}
          {pinned && ` ${translate('my_tasks.review_pinned', { name: pinned })}`}
        </Typography>
      )}
    </Box>
  );
}

/** What a task asks: its type and state, times in the session zone, instructions, files, checklist, history. */
export function TaskDetailView({ detail }: { detail: MyTaskDetail }) {
  const translate = useTranslate();
  const { task, assignment: card, submissions } = detail;
  // The store's clock (issue 33); the viewer's own reading of the due time when it differs.
  const { atStore } = useZonedTime();
  const zone = card.workspace.timezone;
  const dueMine = atStore(card.due_at, zone).mine;
  const badge = stateBadge(card);
  const completable = isCompletable(card);
  // The type's second colour on its first, in a shade that reads (4.5:1).
  const typeText = readableShade(task.type.secondary_colour, [task.type.colour]);
  return (
    <Stack spacing={2.5}>
      <Stack spacing={1}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            size="small"
            icon={<TaskTypeIcon name={task.type.icon} style={{ color: typeText }} />}
            label={task.type.name}
            sx={{ bgcolor: task.type.colour, color: typeText }}
          />
          {badge && (
            <StateChip
              label={`my_tasks.${badge.label}`}
              color={badge.tone}
              outlined={badge.tone === 'default'}
            />
          )}
          {card.department && <Chip size="small" variant="outlined" label={card.department.name} />}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Typography>
        <Typography variant="body2" color={card.overdue ? 'error' : 'text.secondary'}>
          {translate('my_tasks.due_on', { date: atStore(card.due_at, zone).store })}
          {' · '}
          {translate('my_tasks.starts_at', { date: atStore(card.start_at, zone).store })}
          {card.expires_at &&
            ` · ${translate('my_tasks.expires_at', { date: atStore(card.expires_at, zone).store })}`}
          {card.estimated_minutes !== null &&
            ` · ${translate('my_tasks.minutes', { smart_count: card.estimated_minutes })}`}
        </Typography>
        {dueMine && (
          <Typography variant="caption" color="text.secondary" data-store-time="marked">
            {translate('store_time.line', { zone, time: dueMine })}
          </Typography>
        )}
        {card.acknowledgement && (
          <Typography variant="body2" color="text.secondary">
            {translate('my_tasks.acknowledged_count', {
              count: card.acknowledgement.acknowledged_count,
              people: card.acknowledgement.people,
            })}
          </Typography>
        )}
        {card.status === 'rejected' && card.rejection_reason && (
          <Alert severity="warning">
            {translate('my_tasks.rejection', { reason: card.rejection_reason })}
          </Alert>
        )}
      </Stack>

      <DetailSection title={translate('my_tasks.instructions')}>
        {task.description.trim() ? (
          <Box
            data-testid="task-instructions"
            sx={{
              '& p': { my: 0.75 },
              '& img': { maxWidth: '100%' },
              overflowWrap: 'anywhere',
              typography: 'body1',
            }}
            // Sanitised by the server's one sanitiser (server/lib/sanitize.ts) when the task was saved.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text
            dangerouslySetInnerHTML={{ __html: task.description }}
          />
        ) : (
          <Typography color="text.secondary">{translate('my_tasks.no_instructions')}</Typography>
        )}
      </DetailSection>

      {task.attachments.length > 0 && (
        <DetailSection title={translate('my_tasks.attachments')}>
          <Files files={task.attachments} />
        </DetailSection>
      )}

      {/* While it can be completed, the form carries the checklist with its ticks. */}
      {!completable && task.checklist.length > 0 && (
        <DetailSection title={translate('my_tasks.checklist')}>
          <List dense disablePadding>
            {task.checklist.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position; the ticks are sent in this order
              <ListItem key={`${i}-${step}`} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {submissions.at(-1)?.checklist[i] ? (
                    <CheckBoxIcon fontSize="small" color="success" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText primary={step} />
              </ListItem>
            ))}
          </List>
        </DetailSection>
      )}

      {submissions.length > 0 && (
        <DetailSection title={translate('my_tasks.history')}>
          <Stack spacing={1.5}>
            {submissions.map((s) => (
              <Attempt key={s.id} submission={s} zone={zone} />
            ))}
          </Stack>
        </DetailSection>
      )}
    </Stack>
  );
}
