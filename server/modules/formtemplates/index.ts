import type { ServerModule } from '../module';
import { formTemplateRoutes } from './routes';

/** Scored form templates (issue 48): README "Inspections". */
export const formTemplatesModule: ServerModule = {
  name: 'formtemplates',
  routes: formTemplateRoutes,
  tags: {
    'form-templates': 'Scored form templates and their versions',
  },
  constraints: {
    form_templates_name_uq: ['name', 'An active form template with this name already exists'],
  },
};
