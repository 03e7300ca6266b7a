import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDateFormat } from '../hooks/useDateFormat';
import { problemText } from './problemText';
import { deleteQueued, type QueuedCompletion, type QueuedFile } from './queueStore';
import { useCompletionQueue } from './useCompletionQueue';

/** The photos a queued completion keeps, shown small; their object URLs are released on unmount. */
function KeptPhotos({ files, title }: { files: QueuedFile[]; title: string }) {
  const translate = useTranslate();
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.filter((f) => f.type.startsWith('image/')).map((f) => URL.createObjectURL(f.blob));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  if (urls.length === 0) return null;
  return (
    <Stack direction="row" spacing={1}>
      {urls.map((url) => (
        <Box
          key={url}
          component="img"
          src={url}
          alt={translate('offline.photo_alt', { title })}
          sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
        />
      ))}
    </Stack>
  );
}

function QueuedItem({ item }: { item: QueuedCompletion }) {
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  const refused = item.state === 'refused';
  const problem = item.problem && problemText(item.problem);
  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid="queued-completion"
      data-state={item.state}
      sx={{ p: 1.5, borderRadius: 2, listStyle: 'none', borderColor: refused ? 'error.main' : undefined }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h3" variant="subtitle2">
            {item.title}
          </Typography>
          <Chip
            size="small"
            color={refused ? 'error' : 'warning'}
            label={translate(refused ? 'offline.state_refused' : 'offline.state_waiting')}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate('offline.made_at', { time: dateTime(item.createdAt) })}
          {item.files.length > 0 &&
            ` · ${translate('offline.files_kept', { smart_count: item.files.length })}`}
        </Typography>
        {problem && (
          <Typography variant="body2" color="error" data-testid="queued-problem">
            {translate(problem.key, problem.options)}
          </Typography>
        )}
        <KeptPhotos files={item.files} title={item.title} />
        {refused && (
          <Box>
            <Button
              size="small"
              variant="outlined"
              aria-label={translate('offline.dismiss_named', { title: item.title })}
              onClick={() => void deleteQueued(item.id)}
            >
              {translate('offline.dismiss')}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Completions made on this phone that the server does not have yet (issue 30): waiting to send,
 * or refused with the server's reason — kept with their photos until the person dismisses them.
 */
export function QueuedCompletions() {
  const translate = useTranslate();
  const items = useCompletionQueue();
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="queued-completions-title" sx={{ mb: 2 }}>
      <Typography id="queued-completions-title" component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('offline.queue_title')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {items.map((item) => (
          <QueuedItem key={item.id} item={item} />
        ))}
      </Stack>
    </Box>
  );
}
