import type { ServerModule } from '../module';
import { inspectionRoutes } from './routes';

/** Inspections of stores with a form (issue 48): README "Inspections". */
export const inspectionsModule: ServerModule = {
  name: 'inspections',
  routes: inspectionRoutes,
  tags: {
    inspections: 'Store inspections made with form templates, their scores and reports',
  },
};
