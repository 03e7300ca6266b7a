import type { Identifier } from 'react-admin';

/**
 * Spec §2 paths of a resource's screens under `base` (not react-admin's default /<resource>
 * paths); create with an id duplicates that record.
 */
export const recordPaths = (base: string) => ({
  list: base,
  detail: (id: Identifier) => `${base}/detail/${id}`,
  create: `${base}/create`,
  duplicate: (id: Identifier) => `${base}/create/${id}`,
  edit: (id: Identifier) => `${base}/edit/${id}`,
});

export type RecordPaths = ReturnType<typeof recordPaths>;
