import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { appMessages } from '../i18n/en';
import { type Terms, termValues } from '../i18n/terms';
import { getSessionUser } from './sessionStore';

// react-admin's own labels, worded like the rest of the app.
const raMessages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, logout: 'Sign out', user_menu: 'Account' },
  },
};

const messages = { ...raMessages, ...appMessages } as TranslationMessages;

// French is wired for react-admin's own strings; the app's texts follow in src/i18n/fr.ts.
const catalogs: Record<string, TranslationMessages> = {
  en: messages,
  fr: { ...frenchMessages, ...appMessages } as TranslationMessages,
};

/**
 * react-admin's polyglot provider with the tenant's terms read at each call, so labels follow the
 * session that is signed in now without rebuilding the provider. Caller options win over terms.
 */
export function createI18nProvider(getTerms: () => Terms): I18nProvider {
  const base = polyglotI18nProvider(
    (locale) => catalogs[locale] ?? messages,
    'en',
    [{ locale: 'en', name: 'English' }],
    {
      allowMissing: true,
    },
  );
  return {
    ...base,
    translate: (key, options = {}) => base.translate(key, { ...termValues(getTerms()), ...options }),
  };
}

/** The app's one provider: terms of the signed-in tenant, "Workspace" before sign-in. */
export const i18nProvider = createI18nProvider(() => getSessionUser()?.terms ?? {});
