import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type ReactNode, useMemo } from 'react';
import { useSessionUser } from '../hooks/useSession';
import { useZonedTime } from '../hooks/useZonedTime';
import { pickerLocale } from '../providers/pickerFormat';

/**
 * The date and time pickers' adapter (date-fns), mounted once around the signed-in app: the
 * session's locale (from its zone, spec §3), with weeks starting on the tenant's day. Each field
 * sets its own format from the session's pattern (DayField, TimeOfDayField).
 */
export function PickerLocalization({ children }: { children: ReactNode }) {
  const { locale } = useZonedTime();
  const weekStart = useSessionUser()?.settings.week_starting_day ?? 1;
  const adapterLocale = useMemo(() => pickerLocale(locale, weekStart), [locale, weekStart]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapterLocale}>
      {children}
    </LocalizationProvider>
  );
}
