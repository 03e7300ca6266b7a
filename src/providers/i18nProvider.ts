import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contract/languages';
import { APP_CATALOGUES } from '../i18n/catalogues';
import { LANGUAGE_CHOICES } from '../i18n/language';
import { raSpanish } from '../i18n/raSpanish';
import { type Terms, termValues } from '../i18n/terms';
import { getSessionUser } from '../session/sessionStore';

/** React-admin's own labels, with the account menu worded like the rest of the app. */
function withAccountLabels(
  messages: TranslationMessages,
  labels: { logout: string; user_menu: string },
): TranslationMessages {
  return { ...messages, ra: { ...messages.ra, auth: { ...messages.ra.auth, ...labels } } };
}

/** React-admin's own messages in each language the contract's table names. */
const REACT_ADMIN: Record<Language, TranslationMessages> = {
  en: englishMessages,
  es: raSpanish,
  fr: frenchMessages,
};

/** Every message of a language: react-admin's and the app's; the default for a locale not spoken. */
export function messagesFor(locale: string): TranslationMessages {
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  let messages = merged.get(language);
  if (!messages) {
    const app = APP_CATALOGUES[language];
    const labels = { logout: app.shell.logout, user_menu: app.shell.user_menu };
    messages = { ...withAccountLabels(REACT_ADMIN[language], labels), ...app };
    merged.set(language, messages);
  }
  return messages;
}
const merged = new Map<Language, TranslationMessages>();

/**
 * react-admin's polyglot provider over the three languages, with the tenant's terms read at each
 * call, so labels follow the session that is signed in now without rebuilding the provider.
 * Caller options win over terms.
 */
export function createI18nProvider(getTerms: () => Terms, locale: Language = DEFAULT_LANGUAGE): I18nProvider {
  const base = polyglotI18nProvider(
    messagesFor,
    locale,
    LANGUAGE_CHOICES.map(({ id, name }) => ({ locale: id, name })),
    { allowMissing: true },
  );
  return {
    ...base,
    translate: (key, options = {}) => {
      const current = base.getLocale();
      const language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
      return base.translate(key, { ...termValues(getTerms(), language), ...options });
    },
  };
}

/** The app's one provider: terms of the signed-in tenant, "Workspace" before sign-in. */
export const i18nProvider = createI18nProvider(() => getSessionUser()?.terms ?? {});
