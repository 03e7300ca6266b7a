import AccessTimeIcon from '@mui/icons-material/AccessTime';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { WorkspaceRecord } from '../../contract/api/workspaces';
import { useDateFormat } from '../hooks/useDateFormat';
import { formatOpenAt } from '../providers/openAt';
import { NodeTypeIcon } from './NodePicker';
import { WorkspaceStatusChip } from './WorkspaceStatusChip';

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'text.secondary', pt: 0.25 }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The local time now in a zone, so a head office in another state knows if the store is open. */
function localTime(zone: string | null): string {
  if (!zone) return '';
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(),
    );
  } catch {
    return '';
  }
}

function addressLines(w: WorkspaceRecord): string[] {
  return [
    w.street_line1,
    w.street_line2,
    [w.suburb, w.city !== w.suburb ? w.city : ''].filter(Boolean).join(', '),
    [w.state, w.postcode].filter(Boolean).join(' '),
  ].filter(Boolean);
}

/** A workspace's details, read-only: shared by the admin detail screen and Store Info. */
export function WorkspaceDetails({ actions }: { actions?: ReactNode }) {
  const record = useRecordContext<WorkspaceRecord>();
  const translate = useTranslate();
  const { pattern } = useDateFormat();
  if (!record) return null;
  const address = addressLines(record);
  const now = localTime(record.timezone);
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            {record.location && (
              <Typography variant="caption" color="text.secondary">
                {record.location}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <NodeTypeIcon type="workspace" />
              <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
                {record.name}
              </Typography>
              <Chip size="small" variant="outlined" label={record.identifier} />
              <WorkspaceStatusChip />
            </Stack>
          </Box>
          {actions && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {actions}
            </Stack>
          )}
        </Stack>
        {record.description && (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {record.description}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Line icon={<PlaceOutlinedIcon fontSize="small" />} label={translate('workspaces.fields.address')}>
            {address.length ? address.map((line) => <div key={line}>{line}</div>) : '—'}
          </Line>
          <Line icon={<MailOutlineIcon fontSize="small" />} label={translate('workspaces.fields.contact')}>
            {record.contact || '—'}
          </Line>
          <Line icon={<AccessTimeIcon fontSize="small" />} label={translate('workspaces.fields.timezone')}>
            {record.timezone
              ? `${record.timezone}${now ? ` · ${translate('workspaces.local_time', { time: now })}` : ''}`
              : '—'}
          </Line>
          <Line icon={<AccessTimeIcon fontSize="small" />} label={translate('workspaces.fields.open_at')}>
            {formatOpenAt(record.open_at, pattern) || '—'}
          </Line>
          <Line icon={<PeopleOutlineIcon fontSize="small" />} label={translate('workspaces.fields.people')}>
            {translate('workspaces.people', { smart_count: record.user_count })}
          </Line>
        </Box>
      </CardContent>
    </Card>
  );
}
