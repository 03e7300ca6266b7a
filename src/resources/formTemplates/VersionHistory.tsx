import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { LoadFailure } from '../../components/LoadFailure';
import { useDateFormat } from '../../hooks/useDateFormat';
import type { AppDataProvider } from '../../providers/dataProvider';
import { versionsQuery } from './formTemplateQueries';

/** A template's versions, newest first: when, by whom, how many questions and inspections each. */
export function VersionHistory({ id }: { id: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { dateTime } = useDateFormat();
  const { data, error, refetch } = useQuery(versionsQuery(dataProvider, id));
  if (error) return <LoadFailure error={error} onRetry={() => void refetch()} />;
  if (!data) return null;
  return (
    <List dense disablePadding data-testid="form-versions">
      {data.map((v) => (
        <ListItem key={v.id} disableGutters>
          <ListItemText
            primary={translate('form_templates.version_line', {
              n: v.version,
              when: dateTime(v.created_at),
              who: v.created_by?.name ?? translate('form_templates.someone'),
            })}
            secondary={translate('form_templates.version_figures', {
              questions: v.questions,
              max_score: v.max_score,
              smart_count: v.inspections,
            })}
          />
        </ListItem>
      ))}
    </List>
  );
}
