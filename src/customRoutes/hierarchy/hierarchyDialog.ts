/** The one dialog of the hierarchy screen that is open, if any, and what it holds. */
export type HierarchyDialog =
  | { kind: 'add'; type: 'container' | 'workspace'; errors: Record<string, string> }
  | { kind: 'rename'; error?: string }
  | { kind: 'move' }
  | { kind: 'delete'; ids: number[] }
  | { kind: 'drop'; id: number; parentId: number };
