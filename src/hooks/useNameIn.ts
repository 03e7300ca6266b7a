import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage } from '../../contract/languages';
import { nameIn } from '../../contract/terms';

/**
 * Reads a name the tenant words per language (a task type's) in the language on screen: its name
 * in that language, else the one in the tenant's default language (issue 44).
 */
export function useNameIn() {
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  return useCallback((named: Parameters<typeof nameIn>[0]) => nameIn(named, language), [language]);
}
