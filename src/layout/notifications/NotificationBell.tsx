import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { AppDataProvider } from '../../providers/dataProvider';
import { NotificationList } from './NotificationList';
import { COUNT_EVERY_MS, NOTIFICATIONS_KEY } from './notificationQueries';

/**
 * The bell in the app bar: the unread count (asked every half minute and when the tab is shown
 * again; a failure only leaves the last figure) and, on a click, the latest notices.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: [NOTIFICATIONS_KEY, 'count'],
    queryFn: () => dataProvider.countNotifications(),
    refetchInterval: COUNT_EVERY_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const unread = data?.unread ?? 0;
  const label = translate('notifications.bell', { smart_count: unread });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            {unread > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': translate('notifications.title'),
            // The popover keeps 16 px from each edge of a phone's screen.
            sx: { width: isMobile ? 'calc(100vw - 32px)' : 400, maxHeight: '70vh' },
          },
        }}
      >
        {anchor && <NotificationList onNavigate={() => setAnchor(null)} />}
      </Popover>
    </>
  );
}
