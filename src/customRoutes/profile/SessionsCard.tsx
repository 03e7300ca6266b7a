import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Confirm, useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import type { OwnSession, PersonSession } from '../../../contract/api/session';
import { RefreshAlert } from '../../components/LoadFailure';
import { useDateFormat } from '../../hooks/useDateFormat';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ProfileCard } from './ProfileCard';

const QUERY_KEY = ['own-sessions'];

/** "Chrome on Android" in the reader's language, from what the server read of the browser. */
function useDeviceName() {
  const translate = useTranslate();
  return ({ browser, os }: Pick<PersonSession, 'browser' | 'os'>) =>
    browser && os
      ? translate('sessions.device', { browser, os })
      : (browser ?? os ?? translate('sessions.unknown_device'));
}

/** One session: its device (this one marked), where it was last seen, since when and how lately. */
function SessionItem({ session, onEnd }: { session: OwnSession; onEnd: (session: OwnSession) => void }) {
  const translate = useTranslate();
  const { dateTime } = useDateFormat();
  const name = useDeviceName()(session);
  // Two sessions may share a device name: the button's description tells them apart by address and dates.
  const detailsId = useId();
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 0, sm: 1 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="subtitle1" component="span">
            {name}
          </Typography>
          {session.current && <Chip size="small" color="primary" label={translate('sessions.this_device')} />}
        </Stack>
        <Button
          size="small"
          color="error"
          onClick={() => onEnd(session)}
          aria-label={translate('sessions.sign_out_named', { device: name })}
          aria-describedby={detailsId}
        >
          {translate('sessions.sign_out')}
        </Button>
      </Stack>
      <Typography id={detailsId} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          session.address && translate('sessions.address', { address: session.address }),
          translate('sessions.started', { date: dateTime(session.started_at) }),
          translate('sessions.last_active', { date: dateTime(session.last_seen_at) }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </ListItem>
  );
}

/**
 * Issue 47: where the person is signed in, the most recently active first. They sign out any one
 * of them (this one too: that signs them out here) or every one but this, after a confirmation.
 */
export function SessionsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const deviceName = useDeviceName();
  const { data, error, refetch } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => dataProvider.listOwnSessions(),
  });
  const [ending, setEnding] = useState<OwnSession | 'others' | undefined>();
  const end = useMutation({
    mutationFn: (which: OwnSession | 'others') =>
      dataProvider.revokeSessions(which === 'others' ? { others: true } : { id: which.id }),
    onSuccess: ({ ended }, which) => {
      // This session ended: the person is signed out here, as after "Sign out".
      if (which !== 'others' && which.current) return void logout();
      notify('sessions.ended', { type: 'success', messageArgs: { smart_count: ended } });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
    onSettled: () => setEnding(undefined),
  });
  const others = data?.filter((s) => !s.current).length ?? 0;
  const one = ending && ending !== 'others' ? ending : undefined;

  return (
    <ProfileCard title="sessions.title" testId="sessions-card">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('sessions.intro')}
      </Typography>
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : !data ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <List dense disablePadding aria-label={translate('sessions.title')}>
          {data.map((session) => (
            <SessionItem key={session.id} session={session} onEnd={setEnding} />
          ))}
        </List>
      )}
      <Button variant="outlined" sx={{ mt: 2 }} disabled={others === 0} onClick={() => setEnding('others')}>
        {translate('sessions.sign_out_others')}
      </Button>
      <Confirm
        isOpen={ending === 'others'}
        loading={end.isPending}
        title="sessions.confirm_others_title"
        content="sessions.confirm_others_body"
        translateOptions={{ smart_count: others }}
        confirm="sessions.sign_out_others"
        onConfirm={() => end.mutate('others')}
        onClose={() => setEnding(undefined)}
      />
      <Confirm
        isOpen={Boolean(one)}
        loading={end.isPending}
        title="sessions.confirm_one_title"
        content={one?.current ? 'sessions.confirm_current_body' : 'sessions.confirm_one_body'}
        translateOptions={{ device: one ? deviceName(one) : '' }}
        confirm="sessions.sign_out"
        onConfirm={() => one && end.mutate(one)}
        onClose={() => setEnding(undefined)}
      />
    </ProfileCard>
  );
}
