import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type ReactNode, useMemo } from 'react';
import { useSessionUser } from '../hooks/useSession';
import { useZonedTime } from '../hooks/useZonedTime';
import { pickerDateFormats, pickerLocale } from '../providers/pickerFormat';

/**
 * The date and time pickers' adapter (date-fns), mounted once around the signed-in app: the
 * session's locale (from its zone, spec §3), with weeks starting on the tenant's day and days
 * worded in the pattern's order. Each field sets its own format from the session's pattern
 * (DayField, TimeOfDayField).
 */
export function PickerLocalization({ children }: { children: ReactNode }) {
  const { locale, pattern } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const adapterLocale = useMemo(() => pickerLocale(locale, weekStart), [locale, weekStart]);
  const dateFormats = useMemo(() => pickerDateFormats(pattern), [pattern]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={adapterLocale}
      dateFormats={dateFormats}
    >
      {children}
    </LocalizationProvider>
  );
}
