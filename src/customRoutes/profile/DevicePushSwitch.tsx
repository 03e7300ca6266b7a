import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { type DevicePushState, devicePushState, disableDevicePush, enableDevicePush } from './devicePush';

const DEVICE_KEY = ['notifications', 'device'];

/**
 * Issue 29: "Notifications on this device". Switching on asks the browser's permission and
 * subscribes this device to the person's web pushes; off unsubscribes it. Which events reach it
 * is the "On my devices" column above.
 */
export function DevicePushSwitch() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data: state = 'off' } = useQuery({ queryKey: DEVICE_KEY, queryFn: devicePushState });
  const { mutate, isPending } = useMutation({
    mutationFn: (on: boolean) => (on ? enableDevicePush(dataProvider) : disableDevicePush(dataProvider)),
    onSuccess: (next: DevicePushState) => {
      queryClient.setQueryData(DEVICE_KEY, next);
      if (next === 'on') notify('notifications.device.enabled', { type: 'success' });
      else if (next === 'off') notify('notifications.device.disabled', { type: 'info' });
    },
    onError: () => notify('notifications.device.failed', { type: 'error' }),
  });
  const helper =
    state === 'unsupported'
      ? 'notifications.device.unsupported'
      : state === 'denied'
        ? 'notifications.device.denied'
        : 'notifications.device.help';
  return (
    <Stack sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={state === 'on'}
            disabled={isPending || state === 'unsupported' || state === 'denied'}
            onChange={(_, on) => mutate(on)}
            slotProps={{ input: { 'aria-describedby': 'device-push-help' } }}
          />
        }
        label={translate('notifications.device.title')}
      />
      <FormHelperText id="device-push-help" sx={{ mt: 0 }}>
        {translate(helper)}
      </FormHelperText>
    </Stack>
  );
}
