import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { isLanguage, type Language } from '../../contract/languages';
import { appMessages as en } from '../i18n/en';
import { appMessages as es } from '../i18n/es';
import { appMessages as fr } from '../i18n/fr';
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

const catalogs: Record<Language, TranslationMessages> = {
  en: {
    ...withAccountLabels(englishMessages, { logout: en.shell.logout, user_menu: en.shell.user_menu }),
    ...en,
  },
  es: {
    ...withAccountLabels(raSpanish, { logout: es.shell.logout, user_menu: es.shell.user_menu }),
    ...es,
  },
  fr: {
    ...withAccountLabels(frenchMessages, { logout: fr.shell.logout, user_menu: fr.shell.user_menu }),
    ...fr,
  },
};

/** Every message of a language: react-admin's and the app's; English for a locale not spoken. */
export function messagesFor(locale: string): TranslationMessages {
  return isLanguage(locale) ? catalogs[locale] : catalogs.en;
}

/**
 * react-admin's polyglot provider over the three languages, with the tenant's terms read at each
 * call, so labels follow the session that is signed in now without rebuilding the provider.
 * Caller options win over terms.
 */
export function createI18nProvider(getTerms: () => Terms, locale: Language = 'en'): I18nProvider {
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
      const language = isLanguage(current) ? current : 'en';
      return base.translate(key, { ...termValues(getTerms(), language), ...options });
    },
  };
}

/** The app's one provider: terms of the signed-in tenant, "Workspace" before sign-in. */
export const i18nProvider = createI18nProvider(() => getSessionUser()?.terms ?? {});
