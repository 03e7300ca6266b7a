import { useMemo } from 'react';
import { languageOf, regionalLocale } from '../i18n/language';
import { dateTimeIn, dayKeyIn, formatDayKey, timeIn } from '../providers/zonedTime';
import { timezoneInfo } from '../session/timezone';
import { useSessionUser } from './useSession';

/**
 * Instants shown in the session's zone (spec §9: the profile's zone, else the browser's) with the
 * user's date pattern of spec §3, and calendar days as that zone counts them.
 */
export function useZonedTime() {
  const user = useSessionUser();
  const info = user?.timezone ?? timezoneInfo();
  const { timezone: zone, dateFormat: pattern } = info;
  // Day and month names in the reader's language (issue 31), with the zone's region for the rest;
  // the zone's date pattern (spec §3) is kept either way.
  const language = languageOf(user);
  const locale = regionalLocale(language, info.locale);
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
      /**
       * A store's instant as the store's clock reads it (issue 33: people above store level see
       * each store's times in its own zone), and the viewer's reading when that differs.
       */
      atStore: (value: Date | string | number, storeZone: string, part: 'dateTime' | 'time' = 'dateTime') => {
        const show = part === 'time' ? timeIn : dateTimeIn;
        const store = show(value, storeZone, pattern);
        const mine = show(value, zone, pattern);
        return { store, mine: mine === store ? undefined : mine };
      },
    }),
    [zone, pattern, locale],
  );
}
