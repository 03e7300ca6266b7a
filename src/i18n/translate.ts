import type { Language } from '../../contract/languages';
import { getSessionUser } from '../session/sessionStore';
import { appMessages as en } from './en';
import { appMessages as es } from './es';
import { appMessages as fr } from './fr';
import { languageOf } from './language';
import { termValues } from './terms';

const catalogs: Record<Language, unknown> = { en, es, fr };

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
  return lookupIn(catalogs[language], key) ?? lookupIn(en, key);
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
