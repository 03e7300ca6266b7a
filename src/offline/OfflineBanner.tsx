import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { useDateFormat } from '../hooks/useDateFormat';
import { useConnectivity } from './connectivity';
import { sendQueueSoon } from './sender';
import { useCompletionQueue } from './useCompletionQueue';

/**
 * Says at the top of every screen when the app is offline (or the server unreachable), what it
 * shows instead (what the phone kept, synced when), and how many completions wait to be sent.
 */
export function OfflineBanner() {
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  const { online, lastSync, fromDevice } = useConnectivity();
  const waiting = useCompletionQueue().filter((item) => item.state === 'waiting').length;
  const offline = !online || fromDevice;
  if (!offline && waiting === 0) return null;
  const synced = lastSync
    ? translate('offline.last_sync', { time: dateTime(lastSync) })
    : translate('offline.never_synced');
  return (
    <Alert
      role="status"
      severity={offline ? 'warning' : 'info'}
      icon={offline ? <CloudOffIcon /> : <CloudUploadIcon />}
      data-testid="offline-banner"
      sx={{ mb: 2, borderRadius: 2 }}
      action={
        online && waiting > 0 ? (
          <Button color="inherit" size="small" onClick={sendQueueSoon}>
            {translate('offline.send_now')}
          </Button>
        ) : undefined
      }
    >
      {offline && (
        <AlertTitle>{translate(online ? 'offline.unreachable_title' : 'offline.offline_title')}</AlertTitle>
      )}
      {offline && translate('offline.offline_body')} {synced}
      {waiting > 0 && (
        <>
          <br />
          <strong>{translate('offline.waiting', { smart_count: waiting })}</strong>
        </>
      )}
    </Alert>
  );
}
