import { NamedRecordEdit } from '../../components/NamedRecordForms';
import type { PageProps } from '../../routing/types';
import { DeleteTemplateButton } from './FormTemplateButtons';
import { FORM_TEMPLATE_PATHS } from './formTemplatePaths';
import { templateForm } from './templateForm';

/** /audit/form-template/edit/:id: the builder on the template's current version. */
export default function FormTemplateEdit({ title }: PageProps) {
  return (
    <NamedRecordEdit
      title={title}
      form={templateForm}
      paths={FORM_TEMPLATE_PATHS}
      actions={<DeleteTemplateButton />}
    />
  );
}
