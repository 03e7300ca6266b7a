import { useMemo } from 'react';
import { timezoneInfo } from '../providers/timezone';
import { dateTimeIn, dayKeyIn, formatDayKey, timeIn } from '../providers/zonedTime';
import { useSessionUser } from './useSession';

/**
 * Instants shown in the session's zone (spec §9: the profile's zone, else the browser's) with the
 * user's date pattern of spec §3, and calendar days as that zone counts them.
 */
export function useZonedTime() {
  const user = useSessionUser();
  const info = user?.timezone ?? timezoneInfo();
  const { timezone: zone, dateFormat: pattern, locale } = info;
  return useMemo(
    () => ({
      zone,
      locale,
      pattern,
      /** Today's calendar day in the session's zone. */
      today: () => dayKeyIn(new Date(), zone),
      dayOf: (value: Date | string | number) => dayKeyIn(value, zone),
      time: (value: Date | string | number) => timeIn(value, zone, pattern),
      dateTime: (value: Date | string | number) => dateTimeIn(value, zone, pattern),
      day: (day: string) => formatDayKey(day, pattern),
    }),
    [zone, pattern, locale],
  );
}
