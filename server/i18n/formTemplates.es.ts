/** The form templates' sentences (issue 48), spread into `es.ts`: see en.ts for the rules. */
export const formTemplateSentences = {} as const;
