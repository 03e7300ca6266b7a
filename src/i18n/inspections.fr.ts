/** The inspection screens' texts (issue 48), spread into `fr.ts` as `inspections`. */
export const inspectionMessages = {
  title: 'Inspections',
};
