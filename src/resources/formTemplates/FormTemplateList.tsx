import FactCheckIcon from '@mui/icons-material/FactCheck';
import {
  DateField,
  FunctionField,
  type Identifier,
  NumberField,
  required,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import type { FormTemplateRow } from '../../../contract/api/forms';
import { ActiveStatusChip } from '../../components/ActiveStatusChip';
import { RecordList, rowActions, searchOnly } from '../../components/AdminList';
import { RecordActions } from '../../components/RecordButtons';
import type { PageProps } from '../../routing/types';
import { ArchiveTemplateButton, DeleteTemplateButton } from './FormTemplateButtons';
import { FORM_TEMPLATE_PATHS } from './formTemplatePaths';

const STATUS_CHOICES = ['active', 'archived', 'all'].map((id) => ({
  id,
  name: `form_templates.status.${id}`,
}));
// A status is always chosen (active ones first), so the filter never reads as blank.
const FILTER_DEFAULTS = { status: 'active' };

const filters = [
  ...searchOnly('form_templates'),
  <SelectInput
    key="status"
    source="status"
    label="form_templates.fields.status"
    choices={STATUS_CHOICES}
    validate={required()}
    alwaysOn
    sx={{ minWidth: 150 }}
  />,
];

const rowClick = (id: Identifier) => FORM_TEMPLATE_PATHS.detail(id);

/** /audit/form-template: the tenant's form templates, with their current version's figures. */
export default function FormTemplateList({ title }: PageProps) {
  const translate = useTranslate();
  return (
    <RecordList<FormTemplateRow>
      title={title}
      filters={filters}
      filterDefaultValues={FILTER_DEFAULTS}
      storeKey="audit-form-templates"
      createPath={FORM_TEMPLATE_PATHS.create}
      icon={FactCheckIcon}
      rowClick={rowClick}
      // Eight columns and four row buttons fit a 1280 px screen beside the menu with half the cells' side padding.
      table={{ sx: { '& .MuiTableCell-root': { px: 1 } } }}
      lines={{
        secondaryText: (r) => translate('form_templates.summary', { ...r, smart_count: r.questions }),
        tertiaryText: (r) => translate(`form_templates.status.${r.status}`),
      }}
    >
      <TextField source="name" label="form_templates.fields.name" />
      <NumberField source="version" label="form_templates.fields.version" sortable={false} />
      <NumberField source="questions" label="form_templates.fields.questions" sortable={false} />
      <NumberField source="max_score" label="form_templates.fields.max_score" sortable={false} />
      <NumberField source="inspections" label="form_templates.fields.inspections" sortable={false} />
      <DateField source="updated_at" label="form_templates.fields.updated_at" />
      <FunctionField<FormTemplateRow>
        source="status"
        label="form_templates.fields.status"
        sortable={false}
        render={(r) => <ActiveStatusChip status={r.status} prefix="form_templates" />}
      />
      {rowActions(
        <RecordActions paths={FORM_TEMPLATE_PATHS}>
          <ArchiveTemplateButton />
          <DeleteTemplateButton redirect={false} />
        </RecordActions>,
      )}
    </RecordList>
  );
}
