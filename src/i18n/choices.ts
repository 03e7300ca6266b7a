/** The choices of a select or radio input, each named by the message `<prefix>.<id>`. */
export const messageChoices = <T extends string | number>(prefix: string, ids: readonly T[]) =>
  ids.map((id) => ({ id, name: `${prefix}.${id}` }));
