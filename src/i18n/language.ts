import {
  DEFAULT_LANGUAGE,
  firstSpoken,
  isLanguage,
  LANGUAGE_TABLE,
  LANGUAGES,
  type Language,
} from '../../contract/languages';
import { rememberedLanguage } from '../session/languageMemory';
import type { SessionUser } from '../session/sessionUser';
import { hasToken } from '../session/tokenCookie';

/** The browser's language when Storeline speaks it, else the default: the sign-in pages' language. */
export function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return firstSpoken(wanted) ?? DEFAULT_LANGUAGE;
}

/**
 * The language a signed-in person reads: their own choice on the profile, else the tenant's
 * default from settings, else the browser's (issue 31). Signed in but not yet verified (the
 * loading screen), the language this browser last read them in; before sign-in, the browser's.
 */
export function languageOf(user: Pick<SessionUser, 'language' | 'settings'> | undefined): Language {
  if (user) return user.language ?? user.settings.language ?? browserLanguage();
  return (hasToken() ? rememberedLanguage() : undefined) ?? browserLanguage();
}

/**
 * The Intl locale of a language's sentences (days and months) with the region of the session's
 * locale ("es" read in Australia: "es-AU"); the session's own locale when it is in that language.
 */
export function regionalLocale(language: Language, sessionLocale: string): string {
  const [base, region] = sessionLocale.split('-');
  if (base === language) return sessionLocale;
  return region ? `${language}-${region}` : language;
}

/** The Intl locale of sentences in a react-admin locale (a repeat rule's days), by the contract's table. */
export function sentenceLocale(locale: string): string {
  return isLanguage(locale) ? LANGUAGE_TABLE[locale].intl : locale;
}

/** The choices of a language select, in LANGUAGES' order, each named in itself. */
export const LANGUAGE_CHOICES = LANGUAGES.map((id) => ({ id, name: LANGUAGE_TABLE[id].name }));
