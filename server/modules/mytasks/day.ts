import { badRequest } from '../../lib/errors';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// A date and time without an offset is a wall-clock time in the caller's zone: its date is the day.
const LOCAL_DATETIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const ZONED_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const UNIX_SECONDS = /^-?\d{1,12}(\.\d+)?$/;

// Making a DateTimeFormat costs far more than using one, and My Tasks calls need one per request.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date formatter of a zone, made once (throws RangeError for a zone that does not exist). */
function dayFormat(timezone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // There are about 600 zone names; anything past that is junk input not worth keeping.
    if (dayFormats.size < 1000) dayFormats.set(timezone, format);
  }
  return format;
}

/** The caller's IANA zone, or a 400 a person can act on (PostgreSQL would fail with a 500 later). */
export function checkTimezone(timezone: string): string {
  try {
    dayFormat(timezone);
    return timezone;
  } catch {
    throw badRequest(`"${timezone}" is not a time zone; send an IANA name such as Australia/Sydney`, {
      timezone: 'Send an IANA time zone such as Australia/Sydney',
    });
  }
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function localDateOf(instant: Date, timezone: string): string {
  const parts = dayFormat(timezone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function validDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(date);
}

/**
 * The local day a task query is about (spec §3, §9): `datetime` is ISO-8601 (a date; a local date
 * and time; or an instant with an offset) or unix seconds, read in the browser's `timezone`.
 */
export function localDayOf(datetime: string, timezone: string): string {
  const text = datetime.trim();
  const wrong = () =>
    badRequest('Send the date as ISO-8601 (2025-03-10 or 2025-03-10T09:00:00+11:00) or unix seconds', {
      datetime: 'Send an ISO-8601 date or unix seconds',
    });
  if (DATE_ONLY.test(text)) {
    if (!validDate(text)) throw wrong();
    return text;
  }
  const local = LOCAL_DATETIME.exec(text);
  if (local) {
    if (!validDate(local[1]!)) throw wrong();
    return local[1]!;
  }
  let instant: Date;
  if (UNIX_SECONDS.test(text)) instant = new Date(Number(text) * 1000);
  else if (ZONED_DATETIME.test(text)) instant = new Date(text);
  else throw wrong();
  if (Number.isNaN(instant.getTime()) || Math.abs(instant.getUTCFullYear() - 2000) > 500) throw wrong();
  return localDateOf(instant, timezone);
}
