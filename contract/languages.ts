import Type from 'typebox';
import { Literals } from './api/common';
import { DEFAULT_WORKSPACE_TERM } from './constants';
import { pluralEn, pluralEs, pluralFr } from './plurals';

/** What the web app, the server and the contract need to know of a language they speak. */
interface LanguageFacts {
  /** The language named in itself, as a language select shows it (not translated). */
  name: string;
  /** What a workspace is called where the tenant names nothing (spec §1: "Workspace"). */
  workspace: string;
  /** The plural of a tenant's word, unless the tenant gives one. */
  plural: (term: string) => string;
  /** The word before the last of a list ("a, b or c"). */
  or: string;
  /**
   * The Intl locale of sentences that name days and months without a region of their own
   * (a repeat rule's "every Monday"); English reads them the Australian way, day before month.
   */
  intl: string;
}

/**
 * Every language Storeline speaks (issue 31), one line each. Adding one is its line here and its
 * two message files (src/i18n/<code>.ts, server/i18n/<code>.ts); the compiler and
 * tests/web/languageTable.test.ts name whatever else needs its entry.
 */
export const LANGUAGE_TABLE = {
  en: { name: 'English', workspace: DEFAULT_WORKSPACE_TERM, plural: pluralEn, or: 'or', intl: 'en-AU' },
  es: { name: 'Español', workspace: 'Espacio de trabajo', plural: pluralEs, or: 'o', intl: 'es' },
  fr: { name: 'Français', workspace: 'Espace', plural: pluralFr, or: 'ou', intl: 'fr' },
} as const satisfies Record<string, LanguageFacts>;

export type Language = keyof typeof LANGUAGE_TABLE;
export const LANGUAGES = Object.keys(LANGUAGE_TABLE) as [Language, ...Language[]];

/** The language of a person, tenant or browser that names none Storeline speaks. */
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TABLE, value);
}

/**
 * A language as the API takes and gives it: one of LANGUAGES, or null for "not chosen" (a person
 * then reads the tenant's default; a tenant without one, English or the browser's language).
 */
export const NullableLanguage = Type.Union([Literals(...LANGUAGES), Type.Null()], {
  description: `${LANGUAGES.join(', ')}; null: not chosen`,
});

/**
 * The first of the wanted languages Storeline speaks, reading tags such as "fr-CA" as "fr";
 * undefined when none is spoken. Wanted languages come best first (navigator.languages, or an
 * Accept-Language header's tags sorted by their q values).
 */
export function firstSpoken(wanted: readonly string[]): Language | undefined {
  for (const tag of wanted) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}
