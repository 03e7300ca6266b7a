import { useCallback } from 'react';
import { formatDate, formatDateTime } from '../providers/dateFormat';
import { type DatePattern, timezoneInfo } from '../session/timezone';
import { useSessionUser } from './useSession';

/**
 * Dates the way the signed-in user reads them: the pattern of spec §3, in the session's zone
 * (spec §9: the profile's zone, else the browser's); the browser's before sign-in.
 */
export function useDateFormat(): {
  pattern: DatePattern;
  date: (value: Date | string | number | null | undefined) => string;
  dateTime: (value: Date | string | number | null | undefined) => string;
} {
  const user = useSessionUser();
  const { dateFormat: pattern, timezone: zone } = user?.timezone ?? timezoneInfo();
  const date = useCallback(
    (value: Date | string | number | null | undefined) => formatDate(value, pattern, zone),
    [pattern, zone],
  );
  const dateTime = useCallback(
    (value: Date | string | number | null | undefined) => formatDateTime(value, pattern, zone),
    [pattern, zone],
  );
  return { pattern, date, dateTime };
}
