import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, type Language } from './languages';

export type Terms = Readonly<Record<string, string>>;

/** Plural of a tenant term in the language, unless the tenant gives one ("workspaces" key). */
export function pluralOf(term: string, language: Language = DEFAULT_LANGUAGE): string {
  return LANGUAGE_TABLE[language].plural(term);
}

/**
 * The interpolation values every message may use; the fallback term is "Workspace" (spec §1), or
 * its word in the language being read.
 */
export function termValues(terms: Terms, language: Language = DEFAULT_LANGUAGE): Record<string, string> {
  // The tenant's word in the reader's language, else in its default language, else the built-in.
  const own = terms[`workspace@${language}`]?.trim();
  const workspace = own || terms.workspace?.trim() || LANGUAGE_TABLE[language].workspace;
  const workspaces =
    terms[`workspaces@${language}`]?.trim() ||
    (own ? pluralOf(own, language) : terms.workspaces?.trim()) ||
    pluralOf(workspace, language);
  return {
    workspace,
    workspaces,
    workspace_lower: workspace.toLowerCase(),
    workspaces_lower: workspaces.toLowerCase(),
  };
}

/**
 * A name the tenant words per language (a task type's), read as its terms are: the name in the
 * reader's language, else the one in the tenant's default language.
 */
export function nameIn(
  named: { name: string; names?: Readonly<Record<string, string>> },
  language: Language,
): string {
  return named.names?.[language]?.trim() || named.name;
}
