import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './zoned-time';

describe('schedule times in the user’s time zone', () => {
  it('reads a wall-clock time in the chosen zone, across summer and winter time', () => {
    expect(zonedToIso('2026-07-01T09:30', 'Europe/Madrid')).toBe('2026-07-01T07:30:00.000Z');
    expect(zonedToIso('2026-01-15T09:30', 'Europe/Madrid')).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedToIso('2026-03-10T18:00', 'Asia/Tokyo')).toBe('2026-03-10T09:00:00.000Z');
    expect(zonedToIso('2026-11-01T01:30', 'America/Mexico_City')).toBe('2026-11-01T07:30:00.000Z');
  });
  it('writes an instant back as the zone’s wall-clock time, and refuses garbage', () => {
    expect(isoToZoned('2026-07-01T07:30:00.000Z', 'Europe/Madrid')).toBe('2026-07-01T09:30');
    expect(zonedToIso('tomorrow', 'UTC')).toBeNull();
  });
});
