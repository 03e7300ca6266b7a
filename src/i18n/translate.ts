import { DEFAULT_LANGUAGE, type Language } from '../../contract/languages';
import { getSessionUser } from '../session/sessionStore';
import { APP_CATALOGUES } from './catalogues';
import { languageOf } from './language';
import { termValues } from './terms';

function lookupIn(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The message in the language, English where a language still lacks it. */
function lookup(key: string, language: Language): string | undefined {
  return lookupIn(APP_CATALOGUES[language], key) ?? lookupIn(APP_CATALOGUES[DEFAULT_LANGUAGE], key);
}

/**
 * Translation for the screens outside react-admin (sign-in, password pages, loading). It reads the
 * same messages and terms as the polyglot provider, without carrying polyglot into the first load;
 * those screens use no plurals. The language is the session's (issue 31), the browser's before
 * sign-in.
 */
export function translate(key: string, options: Record<string, unknown> = {}): string {
  const user = getSessionUser();
  const language = languageOf(user);
  const message = lookup(key, language);
  if (message === undefined) return key;
  const values: Record<string, unknown> = { ...termValues(user?.terms ?? {}, language), ...options };
  return message.replace(/%\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}
