import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { LoadingIndicator, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Notification, NotificationReadBody } from '../../../contract/api/notifications';
import { RetryAlert } from '../../components/LoadFailure';
import { useDateFormat } from '../../hooks/useDateFormat';
import type { AppDataProvider } from '../../providers/dataProvider';
import { eventKey, NOTIFICATIONS_KEY, noticePath } from './notificationQueries';

const PER_PAGE = 20;

/** A notice's sentence: its words and the figures of digests and escalations. */
function sentence(translate: (key: string, options?: object) => string, notice: Notification) {
  return translate(eventKey(notice.event), {
    title: notice.task_title,
    store: notice.store_name,
    reason: notice.reason ?? '',
    smart_count: notice.counts?.waiting ?? 0,
    hours: notice.counts?.hours_late ?? 0,
    due: notice.counts?.due_today ?? 0,
    missed: notice.counts?.missed ?? 0,
  });
}

/** The latest notices, newest first, a page at a time; opening one marks it read and goes to its task. */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { dateTime } = useDateFormat();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useInfiniteQuery({
      queryKey: [NOTIFICATIONS_KEY, 'list'],
      queryFn: ({ pageParam }) => dataProvider.getNotifications({ page: pageParam, per_page: PER_PAGE }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    });
  const { mutate: markRead, isPending: marking } = useMutation({
    mutationFn: (body: NotificationReadBody) => dataProvider.readNotifications(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] }),
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });

  const open = (notice: Notification) => {
    if (!notice.read) markRead({ ids: [notice.id] });
    const path = noticePath(notice);
    if (path) {
      onNavigate();
      navigate(path);
    }
  };

  if (isPending) return <LoadingIndicator />;
  if (error || !data) return <RetryAlert error={error} onRetry={() => void refetch()} />;
  const notices = data.pages.flatMap((page) => page.data);
  const unread = data.pages[0]?.unread ?? 0;
  return (
    <Stack>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5 }}>
        <Typography variant="h6" component="h2" id="notifications-title">
          {translate('notifications.title')}
        </Typography>
        <Button size="small" disabled={unread === 0 || marking} onClick={() => markRead({ all: true })}>
          {translate('notifications.mark_all')}
        </Button>
      </Stack>
      {notices.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2, py: 2 }}>
          {translate('notifications.empty')}
        </Typography>
      ) : (
        <List aria-labelledby="notifications-title" dense>
          {notices.map((notice) => (
            <ListItem key={notice.id} disablePadding>
              <ListItemButton onClick={() => open(notice)} sx={{ alignItems: 'flex-start', minHeight: 56 }}>
                <ListItemText
                  primary={sentence(translate, notice)}
                  secondary={
                    notice.read
                      ? dateTime(notice.created_at)
                      : translate('notifications.unread_at', { date: dateTime(notice.created_at) })
                  }
                  slotProps={{ primary: { sx: { fontWeight: notice.read ? 400 : 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {hasNextPage && (
        <Button
          size="small"
          sx={{ alignSelf: 'center', mb: 1 }}
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {translate('notifications.more')}
        </Button>
      )}
    </Stack>
  );
}
