import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { FormTemplate } from '../../../contract/api/forms';
import type { AppDataProvider } from '../../providers/dataProvider';
import { versionsQuery } from './formTemplateQueries';

/**
 * On the edit screen of a template whose current version inspections have used: saving changed
 * questions makes the next version, and those inspections keep theirs (the server's rule).
 */
export function VersionWarning() {
  const translate = useTranslate();
  const record = useRecordContext<FormTemplate>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const id = typeof record?.id === 'number' ? record.id : undefined;
  const { data } = useQuery({ ...versionsQuery(dataProvider, id ?? 0), enabled: id !== undefined });
  const current = data?.find((v) => v.version === record?.version);
  if (!record || !current || current.inspections === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, maxWidth: 960 }} data-testid="version-warning">
      {translate('form_templates.version_warning', {
        smart_count: current.inspections,
        version: record.version,
        next: record.version + 1,
      })}
    </Alert>
  );
}
