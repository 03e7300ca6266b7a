import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import type { FormTemplateRow } from '../../../contract/api/forms';
import { RecordDeleteButton } from '../../components/RecordButtons';
import { StatusToggleButton } from '../../components/StatusToggleButton';
import type { AppDataProvider } from '../../providers/dataProvider';
import { FORM_TEMPLATE_PATHS } from './formTemplatePaths';

/**
 * Archives an active template (after asking: tasks can no longer choose it, inspections made with
 * it keep it) or restores an archived one, for those who may update templates.
 */
export function ArchiveTemplateButton() {
  const record = useRecordContext<FormTemplateRow>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'form_templates', action: 'edit' });
  if (!record || !canAccess) return null;
  const archiving = record.status === 'active';
  return (
    <StatusToggleButton
      off={archiving}
      label={`form_templates.actions.${archiving ? 'archive' : 'restore'}`}
      icon={archiving ? <ArchiveIcon /> : <UnarchiveIcon />}
      color={archiving ? 'warning' : 'primary'}
      confirmTitle="form_templates.confirm.archive_title"
      confirmBody="form_templates.confirm.archive_body"
      confirmArgs={{ name: record.name }}
      run={() =>
        archiving ? dataProvider.archiveFormTemplate(record.id) : dataProvider.restoreFormTemplate(record.id)
      }
      done={[`form_templates.notify.${archiving ? 'archived' : 'restored'}`, { name: record.name }]}
    />
  );
}

/** Deletes after asking; a template inspections or tasks have used is refused in the server's words (archive it instead). */
export function DeleteTemplateButton({ redirect }: { redirect?: string | false }) {
  return <RecordDeleteButton<FormTemplateRow> redirect={redirect ?? FORM_TEMPLATE_PATHS.list} />;
}
