import { firstSpoken, LANGUAGES, type Language } from '../../contract/languages';
import type { SessionUser } from '../session/sessionUser';

/** The browser's language when Storeline speaks it, else English: the sign-in pages' language. */
export function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return firstSpoken(wanted) ?? 'en';
}

/**
 * The language a signed-in person reads: their own choice on the profile, else the tenant's
 * default from settings, else the browser's (issue 31). Before sign-in, the browser's.
 */
export function languageOf(user: Pick<SessionUser, 'language' | 'settings'> | undefined): Language {
  return user?.language ?? user?.settings.language ?? browserLanguage();
}

/** Each language named in itself, as a language select shows it: not translated. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français' };

/** The choices of a language select, in LANGUAGES' order. */
export const LANGUAGE_CHOICES = LANGUAGES.map((id) => ({ id, name: LANGUAGE_NAMES[id] }));
