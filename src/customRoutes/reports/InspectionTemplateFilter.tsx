import { useTranslate } from 'react-admin';
import { TemplateSelect } from '../inspections/TemplateSelect';

/** The inspection reports' template filter: any template, or one (every template, archived ones too). */
export function InspectionTemplateFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const translate = useTranslate();
  return (
    <TemplateSelect
      status="all"
      size="small"
      label={translate('inspections.filters.template')}
      value={value}
      onChange={onChange}
    />
  );
}
