import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, frFR, type PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import { type ReactNode, useMemo } from 'react';
import type { Language } from '../../contract/languages';
import { useSessionUser } from '../hooks/useSession';
import { useZonedTime } from '../hooks/useZonedTime';
import { languageOf } from '../i18n/language';
import { translate } from '../i18n/translate';
import { pickerDateFormats, pickerLocale } from '../providers/pickerFormat';

/**
 * MUI X names an hour or minute of its list "6 hours" where it shows "06": a name without the
 * visible text (axe's label-content-name-mismatch). Ours carry the text as shown.
 */
const OWN_TEXT: PickersInputLocaleText = {
  hoursClockNumberText: (hours) => translate('dates.hours_option', { hours: hours.padStart(2, '0') }),
  minutesClockNumberText: (minutes) =>
    translate('dates.minutes_option', { minutes: minutes.padStart(2, '0') }),
};

/** MUI X's own words (toolbar titles, OK/Cancel, "Open previous view"…) in each language. */
const MUI_TEXT: Record<Language, PickersInputLocaleText> = {
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  es: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * The date and time pickers' adapter (date-fns), mounted once around the signed-in app: the
 * session's locale (from its zone, spec §3), with weeks starting on the tenant's day and days
 * worded in the pattern's order, and MUI X's own words in the reader's language (issue 31). Each field sets its own format from the session's pattern
 * (DayField, TimeOfDayField).
 */
export function PickerLocalization({ children }: { children: ReactNode }) {
  const { locale, pattern } = useZonedTime();
  const user = useSessionUser();
  const weekStart = user?.settings.week_starting_day ?? 1;
  const language = languageOf(user);
  const adapterLocale = useMemo(
    () => pickerLocale(locale, weekStart, language),
    [locale, weekStart, language],
  );
  const dateFormats = useMemo(() => pickerDateFormats(pattern), [pattern]);
  const localeText = useMemo(() => ({ ...MUI_TEXT[language], ...OWN_TEXT }), [language]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={adapterLocale}
      dateFormats={dateFormats}
      localeText={localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
