import type { ProfileFieldRow } from '../profileFields/service';

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_TEXT = 500;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Checks one value against its field's type. Returns the value to store (an empty value clears the
 * field) or the problem in words a person can act on.
 */
export function checkValue(
  field: ProfileFieldRow,
  raw: string | number | null,
): { value: string | null } | { problem: string } {
  const value = raw === null ? '' : String(raw).trim();
  if (value === '') return field.required ? { problem: `${field.name} is required` } : { value: null };
  switch (field.type) {
    case 'text':
      return value.length > MAX_TEXT
        ? { problem: `${field.name} can be at most ${MAX_TEXT} characters` }
        : { value };
    case 'number':
      return NUMBER.test(value)
        ? { value }
        : { problem: `${field.name} must be a number, such as 42 or 3.5` };
    case 'date':
      return isDate(value) ? { value } : { problem: `${field.name} must be a date written as YYYY-MM-DD` };
    case 'select': {
      const option = field.options.find((o) => o.toLowerCase() === value.toLowerCase());
      return option
        ? { value: option }
        : { problem: `${field.name} must be one of: ${field.options.join(', ')}` };
    }
    case 'timezone':
      return isTimeZone(value)
        ? { value }
        : { problem: `${field.name} must be a time zone such as Australia/Sydney` };
  }
}
