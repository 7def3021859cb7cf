/** Every IANA time zone the browser knows (plus UTC), for the preferences' searchable select. */
export function listTimeZones(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** "+01:00" style offset of `timeZone` at `at` (e.g. Europe/Madrid in winter → "+01:00"). */
export function utcOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part || part === 'GMT') return '+00:00';
    return part.replace('GMT', '');
  } catch {
    return '';
  }
}

/** "Europe/Madrid (UTC+01:00)" — underscores shown as spaces. */
export function timeZoneLabel(timeZone: string, at?: Date): string {
  const offset = utcOffset(timeZone, at);
  return `${timeZone.replace(/_/g, ' ')}${offset ? ` (UTC${offset})` : ''}`;
}
