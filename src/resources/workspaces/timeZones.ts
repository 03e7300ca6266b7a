/** IANA zone names this browser knows, for time zone pickers (the server checks them too). */
export function timeZoneNames(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : [...zones, 'UTC'];
  } catch {
    return ['UTC'];
  }
}

/** The browser's own zone: a sensible default for a new workspace. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
