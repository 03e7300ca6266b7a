import { DEFAULT_WORKSPACE_TERM } from '../../contract/constants';

export type Terms = Readonly<Record<string, string>>;

/** English plural of a tenant term, unless the tenant gives one ("workspaces" key). */
export function pluralOf(term: string): string {
  if (/[^aeiou]y$/i.test(term)) return `${term.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(term)) return `${term}es`;
  return `${term}s`;
}

/** The interpolation values every message may use; the fallback term is "Workspace" (spec §1). */
export function termValues(terms: Terms): Record<string, string> {
  const workspace = terms.workspace?.trim() || DEFAULT_WORKSPACE_TERM;
  const workspaces = terms.workspaces?.trim() || pluralOf(workspace);
  return {
    workspace,
    workspaces,
    workspace_lower: workspace.toLowerCase(),
    workspaces_lower: workspaces.toLowerCase(),
  };
}
