import { useCallback } from 'react';
import { formatDate, formatDateTime } from '../providers/dateFormat';
import { type DatePattern, timezoneInfo } from '../providers/timezone';
import { useSessionUser } from './useSession';

/** Dates the way the signed-in user reads them (spec §3); the browser's zone before sign-in. */
export function useDateFormat(): {
  pattern: DatePattern;
  date: (value: Date | string | number | null | undefined) => string;
  dateTime: (value: Date | string | number | null | undefined) => string;
} {
  const user = useSessionUser();
  const pattern = user?.timezone.dateFormat ?? timezoneInfo().dateFormat;
  const date = useCallback(
    (value: Date | string | number | null | undefined) => formatDate(value, pattern),
    [pattern],
  );
  const dateTime = useCallback(
    (value: Date | string | number | null | undefined) => formatDateTime(value, pattern),
    [pattern],
  );
  return { pattern, date, dateTime };
}
