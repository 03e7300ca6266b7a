import Type from 'typebox';

/** The languages Storeline speaks (issue 31): English, Spanish and French. */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A language as the API takes and gives it: one of LANGUAGES, or null for "not chosen" (a person
 * then reads the tenant's default; a tenant without one, English or the browser's language).
 */
export const NullableLanguage = Type.Union(
  [Type.Literal('en'), Type.Literal('es'), Type.Literal('fr'), Type.Null()],
  { description: 'en, es or fr; null: not chosen' },
);

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
