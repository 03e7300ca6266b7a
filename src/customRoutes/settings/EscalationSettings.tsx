import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadingIndicator, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { EscalationDelays } from '../../../contract/api/notifications';
import { RetryAlert } from '../../components/LoadFailure';
import type { AppDataProvider } from '../../providers/dataProvider';

const ESCALATION_KEY = ['notifications', 'escalation'];

/**
 * Issue 29: how many hours after its due time undone urgent work goes to the store's reviewers,
 * then to the people one level up. The server checks the order and answers why when it refuses.
 */
export function EscalationSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ESCALATION_KEY,
    queryFn: dataProvider.getEscalationDelays,
  });
  const [draft, setDraft] = useState({ first: '', second: '' });
  useEffect(() => {
    if (data) setDraft({ first: String(data.first_hours), second: String(data.second_hours) });
  }, [data]);
  const { mutate, isPending: saving } = useMutation({
    mutationFn: (delays: EscalationDelays) => dataProvider.updateEscalationDelays(delays),
    onSuccess: (saved) => {
      queryClient.setQueryData(ESCALATION_KEY, saved);
      notify('notifications.escalation.saved', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  if (isPending) return <LoadingIndicator />;
  if (error || !data) return <RetryAlert error={error} onRetry={() => void refetch()} />;
  const hours = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);
  const first = hours(draft.first);
  const second = hours(draft.second);
  const valid = first >= 1 && first <= 720 && second >= 1 && second <= 720;
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ mt: 3 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) mutate({ first_hours: first, second_hours: second });
      }}
    >
      <Typography variant="subtitle1" component="h3">
        {translate('notifications.escalation.title')}
      </Typography>
      <Typography variant="body2">{translate('notifications.escalation.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['first', 'second'] as const).map((step) => (
          <TextField
            key={step}
            label={translate(`notifications.escalation.${step}`)}
            value={draft[step]}
            onChange={(event) => setDraft((d) => ({ ...d, [step]: event.target.value }))}
            error={Number.isNaN(hours(draft[step]))}
            helperText={translate('notifications.escalation.hours_help')}
            slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, max: 720 } }}
            type="number"
            size="small"
          />
        ))}
      </Stack>
      <Button type="submit" variant="contained" disabled={!valid || saving} sx={{ alignSelf: 'flex-start' }}>
        {translate('ra.action.save')}
      </Button>
    </Stack>
  );
}
