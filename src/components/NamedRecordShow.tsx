import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type RaRecord, useRecordContext } from 'react-admin';
import type { RecordPaths } from '../routing/recordPaths';
import { RecordActions } from './RecordButtons';
import { RecordShow } from './RecordScreens';

interface NamedRecordCardProps {
  /** Before the name (a colour swatch). */
  mark?: ReactNode;
  /** Beside the name (how many hold it). */
  badge?: ReactNode;
  /** Below the description. */
  children: ReactNode;
}

/** A named, described record's detail card: its name as the heading, its description when it has one, then `children`. */
function NamedRecordCard({ mark, badge, children }: NamedRecordCardProps) {
  const record = useRecordContext<{ id: number; name: string; description: string }>();
  if (!record) return null;
  const heading = (
    <Typography variant="h5" component="h2">
      {mark}
      {record.name}
    </Typography>
  );
  return (
    <Card>
      <CardContent>
        {badge ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            {heading}
            {badge}
          </Stack>
        ) : (
          heading
        )}
        {record.description && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {record.description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The detail screen of a named, described record (a role, a department; spec §2 `/detail/{id}`):
 * duplicate, edit and `remove` at the top, then its card.
 */
export function NamedRecordShow<T extends RaRecord>({
  title,
  paths,
  remove,
  history,
  ...card
}: NamedRecordCardProps & {
  title: string;
  paths: RecordPaths;
  /** The resource's delete button. */
  remove: ReactNode;
  /** Who changed the record, below the details. */
  history?: string;
}) {
  return (
    <RecordShow<T>
      title={title}
      listPath={paths.list}
      actions={<RecordActions paths={paths}>{remove}</RecordActions>}
      history={history}
    >
      <NamedRecordCard {...card} />
    </RecordShow>
  );
}
