/** The inspections' sentences (issue 48), spread into `fr.ts`: see en.ts for the rules. */
export const inspectionSentences = {} as const;
