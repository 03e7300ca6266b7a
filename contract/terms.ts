import { DEFAULT_WORKSPACE_TERM } from './constants';
import type { Language } from './languages';

export type Terms = Readonly<Record<string, string>>;

/** What a workspace is called where the tenant names nothing, per language (spec §1: "Workspace"). */
const DEFAULT_TERMS: Record<Language, string> = {
  en: DEFAULT_WORKSPACE_TERM,
  es: 'Espacio de trabajo',
  fr: 'Espace',
};

/** Plural of a tenant term in the language, unless the tenant gives one ("workspaces" key). */
export function pluralOf(term: string, language: Language = 'en'): string {
  if (language === 'es') return pluralEs(term);
  if (language === 'fr') return pluralFr(term);
  if (/[^aeiou]y$/i.test(term)) return `${term.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(term)) return `${term}es`;
  return `${term}s`;
}

/** Spanish: the first word takes the plural ("Espacio de trabajo" → "Espacios de trabajo"). */
function pluralEs(term: string): string {
  const [first = '', ...rest] = term.split(' ');
  const plural = /[aeiouáéó]$/i.test(first)
    ? `${first}s`
    : /z$/i.test(first)
      ? `${first.slice(0, -1)}ces`
      : `${first}es`;
  return [plural, ...rest].join(' ');
}

/** French: "Magasin" → "Magasins", "Local" → "Locaux", "Bureau" → "Bureaux", "Pays" stays. */
function pluralFr(term: string): string {
  const [first = '', ...rest] = term.split(' ');
  const plural = /[sxz]$/i.test(first)
    ? first
    : /al$/i.test(first)
      ? `${first.slice(0, -2)}aux`
      : /(au|eu)$/i.test(first)
        ? `${first}x`
        : `${first}s`;
  return [plural, ...rest].join(' ');
}

/**
 * The interpolation values every message may use; the fallback term is "Workspace" (spec §1), or
 * its word in the language being read.
 */
export function termValues(terms: Terms, language: Language = 'en'): Record<string, string> {
  // The tenant's word in the reader's language, else in its default language, else the built-in.
  const own = terms[`workspace@${language}`]?.trim();
  const workspace = own || terms.workspace?.trim() || DEFAULT_TERMS[language];
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
