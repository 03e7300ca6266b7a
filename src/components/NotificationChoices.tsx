import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationPreference,
} from '../../contract/api/notifications';

const eventLabel = (event: string) => `notifications.preferences.events.${event.replace('.', '_')}`;
const channelLabel = (channel: string) => `notifications.preferences.channels.${channel}`;

/** Narrow channel columns: three switches and the event's words fit a 390 px phone. */
const SWITCH_CELL = { px: 0.5, width: 72 } as const;

/**
 * Issue 29: a switch per event and channel — a person's own choices on /profile, or the tenant's
 * defaults in Settings; each switch reports its one change.
 */
export function NotificationChoices({
  choices,
  disabled,
  onChange,
}: {
  choices: readonly NotificationPreference[];
  disabled?: boolean;
  onChange: (choice: NotificationPreference) => void;
}) {
  const translate = useTranslate();
  const enabled = (event: string, channel: string) =>
    choices.find((p) => p.event === event && p.channel === channel)?.enabled ?? false;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('notifications.preferences.event')}</TableCell>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <TableCell key={channel} align="center" sx={SWITCH_CELL}>
              {translate(channelLabel(channel))}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {NOTIFICATION_EVENTS.map((event) => (
          <TableRow key={event}>
            <TableCell component="th" scope="row">
              {translate(eventLabel(event))}
            </TableCell>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <TableCell key={channel} align="center" sx={SWITCH_CELL}>
                <Switch
                  checked={enabled(event, channel)}
                  disabled={disabled}
                  onChange={(_, checked) => onChange({ event, channel, enabled: checked })}
                  slotProps={{
                    input: {
                      'aria-label': translate('notifications.preferences.switch', {
                        event: translate(eventLabel(event)),
                        channel: translate(channelLabel(channel)),
                      }),
                    },
                  }}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
