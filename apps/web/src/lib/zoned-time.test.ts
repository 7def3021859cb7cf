import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './zoned-time';

describe('wall-clock times in a time zone', () => {
  it('turns a local date and time into the instant in that zone', () => {
    expect(zonedToIso('2026-01-15T09:30', 'Europe/Madrid')).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedToIso('2026-07-15T09:30', 'Europe/Madrid')).toBe('2026-07-15T07:30:00.000Z');
    expect(zonedToIso('2026-07-15T09:30', 'Asia/Tokyo')).toBe('2026-07-15T00:30:00.000Z');
    expect(zonedToIso('2026-03-10T20:00', 'America/Mexico_City')).toBe('2026-03-11T02:00:00.000Z');
    expect(zonedToIso('not a date', 'UTC')).toBeNull();
  });

  it('reads an instant back as the wall clock of the zone', () => {
    expect(isoToZoned('2026-07-15T07:30:00.000Z', 'Europe/Madrid')).toBe('2026-07-15T09:30');
    expect(isoToZoned('2026-07-15T00:30:00.000Z', 'Asia/Tokyo')).toBe('2026-07-15T09:30');
  });
});
