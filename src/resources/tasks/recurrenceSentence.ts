import type { RecurrenceInput } from '../../../contract/api/tasks';

/** What the sentence is built from: the body's schedule fields (local dates and times). */
export interface ScheduleFields {
  start_date: string;
  start_time: string;
  due_date: string;
  due_time: string;
  recurrence?: RecurrenceInput | null;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Weekdays in the order people read a week here: Monday first (0 = Sunday as in the API). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

const DAY_MS = 86_400_000;

/** A local calendar date as a UTC instant at midnight, so formatting never shifts the day. */
const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const isDate = (date: string | undefined | null): date is string =>
  typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(asUtc(date).getTime());

function weekdayName(day: number, locale: string): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

function list(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** "31 March", with the year when it is not the start's year. */
function dayMonth(date: string, locale: string, startYear?: string): string {
  const withYear = startYear !== undefined && date.slice(0, 4) !== startYear;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(asUtc(date));
}

/** "Monday 3 March" */
function longDay(date: string, locale: string): string {
  const d = asUtc(date);
  return `${weekdayName(d.getUTCDay(), locale)} ${dayMonth(date, locale)}`;
}

function ordinal(n: number, t: Translate, locale: string): string {
  const rule = new Intl.PluralRules(locale, { type: 'ordinal' }).select(n);
  return t(`tasks.schedule.ordinal.${rule}`, { n });
}

function daysBetween(from: string, to: string): number {
  return Math.round((asUtc(to).getTime() - asUtc(from).getTime()) / DAY_MS);
}

function frequencyPart(r: RecurrenceInput, startDate: string, t: Translate, locale: string): string {
  const every = r.interval && r.interval > 1 ? r.interval : 1;
  if (r.freq === 'daily') return t('tasks.schedule.daily', { smart_count: every });
  if (r.freq === 'weekly') {
    const chosen = r.weekdays?.length ? r.weekdays : isDate(startDate) ? [asUtc(startDate).getUTCDay()] : [];
    const days = list(
      WEEK_ORDER.filter((d) => chosen.includes(d)).map((d) => weekdayName(d, locale)),
      locale,
    );
    if (chosen.length === 7 && every === 1) return t('tasks.schedule.daily', { smart_count: 1 });
    return every === 1
      ? t('tasks.schedule.weekly', { days })
      : t('tasks.schedule.weekly_every', { smart_count: every, days });
  }
  const monthDay = r.month_day ?? (isDate(startDate) ? Number(startDate.slice(8, 10)) : 1);
  const day =
    monthDay === -1
      ? t('tasks.schedule.last_day')
      : t('tasks.schedule.the_day', { day: ordinal(monthDay, t, locale) });
  return t('tasks.schedule.monthly', { smart_count: every, day });
}

/** "09:00–17:00", or "09:00 to 17:00 the next day" / "… 3 days later" when due after the start day. */
function timesPart(s: ScheduleFields, t: Translate): string {
  const offset = isDate(s.start_date) && isDate(s.due_date) ? daysBetween(s.start_date, s.due_date) : 0;
  if (offset <= 0) return t('tasks.schedule.times', { start: s.start_time, due: s.due_time });
  return t('tasks.schedule.times_later', { start: s.start_time, due: s.due_time, smart_count: offset });
}

/**
 * A task's schedule in words, as the detail screen and the recurrence editor show it:
 * "Every Monday and Thursday, 09:00–17:00 store time, until 31 March". Times are local to each
 * store, which the sentence says, since that is what surprises people sending to several zones.
 */
export function recurrenceSentence(s: ScheduleFields, t: Translate, locale = 'en-AU'): string {
  const r = s.recurrence ?? null;
  if (!r) {
    if (!isDate(s.start_date) || !isDate(s.due_date)) return '';
    if (s.start_date === s.due_date)
      return t('tasks.schedule.once_same_day', {
        day: longDay(s.start_date, locale),
        start: s.start_time,
        due: s.due_time,
      });
    return t('tasks.schedule.once', {
      start_day: longDay(s.start_date, locale),
      start: s.start_time,
      due_day: longDay(s.due_date, locale),
      due: s.due_time,
    });
  }
  const parts = [frequencyPart(r, s.start_date, t, locale), timesPart(s, t)];
  if (isDate(r.until)) {
    parts.push(t('tasks.schedule.until', { date: dayMonth(r.until, locale, s.start_date?.slice(0, 4)) }));
  } else if (r.count) {
    parts.push(t('tasks.schedule.count', { smart_count: r.count }));
  }
  return parts.join(', ');
}
