import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useRecordContext, useShowContext, useTranslate } from 'react-admin';
import type { Action } from '../../../contract/api/actions';
import { RecordShow } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { ActionCommentBox } from './ActionCommentBox';
import { ActionOrigin } from './ActionOrigin';
import { ActionPhotos } from './ActionPhotoPicker';
import { ActionDeleteButton, ActionEditButton } from './ActionRecordButtons';
import { ActionSummary } from './ActionSummary';
import { ActionTimeline } from './ActionTimeline';
import { ACTION_PATHS } from './actionPaths';

/** A card of the page, named by its heading. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Everything of the action below its summary: what it is about, where from, comments and history. */
function ActionDetail() {
  const translate = useTranslate();
  const record = useRecordContext<Action>();
  const { refetch } = useShowContext<Action>();
  if (!record) return null;
  const changed = () => void refetch();
  return (
    <Stack spacing={2}>
      <ActionSummary action={record} onChanged={changed} />
      <Part id="action-description" title="actions.detail.description">
        <Stack spacing={1.5}>
          <Typography
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            color={record.description ? undefined : 'text.secondary'}
          >
            {record.description || translate('actions.detail.no_description')}
          </Typography>
          <ActionPhotos photos={record.photos} label={record.title} />
        </Stack>
      </Part>
      <Part id="action-origin" title="actions.detail.origin">
        <ActionOrigin action={record} />
      </Part>
      {(record.can.work || record.can.update) && (
        <Part id="action-comment" title="actions.comment.title">
          <ActionCommentBox action={record} onChanged={changed} />
        </Part>
      )}
      <Part id="action-history-title" title="actions.detail.history">
        <ActionTimeline events={record.events} title={record.title} />
      </Part>
    </Stack>
  );
}

/**
 * /task/action/detail/:id: the action, its work buttons as `can` allows, where it came from, a
 * comment box and its history.
 */
export default function ActionShow({ title }: PageProps) {
  return (
    <RecordShow<Action>
      title={title}
      listPath={ACTION_PATHS.list}
      actions={
        <>
          <ActionEditButton />
          <ActionDeleteButton />
        </>
      }
    >
      <ActionDetail />
    </RecordShow>
  );
}
