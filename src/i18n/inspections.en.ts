/** The inspection screens' texts (issue 48), spread into `en.ts` as `inspections`. */
export const inspectionMessages = {
  title: 'Inspections',
};
