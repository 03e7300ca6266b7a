import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ActivityChange, ActivityEntry } from '../../../contract/api/activity';
import { useDateFormat } from '../../hooks/useDateFormat';

const MAX_VALUE_CHARS = 160;

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value.join('; ')
        : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** An action's words: `activity.actions.<action>` when the message files name it, else the action itself. */
export function useActionLabel() {
  const translate = useTranslate();
  return (action: string) => translate(`activity.actions.${action.replaceAll('.', '_')}`, { _: action });
}

function ChangeLine({ field, change }: { field: string; change: ActivityChange }) {
  const translate = useTranslate();
  const value = change.redacted
    ? translate('activity.secret')
    : 'before' in change
      ? translate('activity.change', { before: shown(change.before), after: shown(change.after) })
      : shown(change.after);
  return (
    <Typography component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <strong>{field}</strong>: {value}
    </Typography>
  );
}

/**
 * Entries of the log as a list that reads the same at 390 and 1280 px: what was done to what,
 * who did it from where and when, and each changed field with its values before and after.
 */
export function ActivityEntries({ entries }: { entries: readonly ActivityEntry[] }) {
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  const actionLabel = useActionLabel();
  return (
    <List dense disablePadding aria-label={translate('activity.entries')}>
      {entries.map((entry) => {
        const changes = Object.entries(entry.changes);
        const what = entry.entity_name ?? (entry.entity_id ? `#${entry.entity_id}` : '');
        return (
          <ListItem key={entry.id} divider sx={{ display: 'block', px: { xs: 0, sm: 1 } }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: { xs: 0, sm: 2 }, justifyContent: 'space-between' }}
            >
              <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                <strong>{actionLabel(entry.action)}</strong>
                {what ? ` · ${what}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.at}>{dateTime(entry.at)}</time>
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.actor_directory_id !== null
                ? translate('activity.by_directory', { name: entry.actor_name })
                : entry.actor_id === null
                  ? translate('activity.system')
                  : translate(entry.actor_token_id === null ? 'activity.by' : 'activity.by_token', {
                      name: entry.actor_name,
                      position: entry.actor_position || '—',
                    })}
              {entry.ip ? ` · ${translate('activity.from', { ip: entry.ip })}` : ''}
            </Typography>
            {changes.length > 0 && (
              <Stack component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {changes.map(([field, change]) => (
                  <ChangeLine key={field} field={field} change={change} />
                ))}
              </Stack>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
