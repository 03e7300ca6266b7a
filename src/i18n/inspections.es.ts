/** The inspection screens' texts (issue 48), spread into `es.ts` as `inspections`. */
export const inspectionMessages = {
  title: 'Inspecciones',
};
