import type { FormTemplate } from '../../../contract/api/forms';
import { NamedRecordCreate } from '../../components/NamedRecordForms';
import type { PageProps } from '../../routing/types';
import { FORM_TEMPLATE_PATHS } from './formTemplatePaths';
import { templateForm } from './templateForm';

const toDetail = (created: FormTemplate) => FORM_TEMPLATE_PATHS.detail(created.id);

/** /audit/form-template/create/:id?: a new template, or (with an id) one starting from a copy of that one. */
export default function FormTemplateCreate({ title }: PageProps) {
  return <NamedRecordCreate<FormTemplate> title={title} form={templateForm} then={toDetail} />;
}
