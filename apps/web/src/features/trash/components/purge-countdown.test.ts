import { describe, expect, it } from 'vitest';
import { daysUntil, formatInDays } from './purge-countdown';

describe('purge countdown', () => {
  it('counts calendar days in the user’s time zone, not 24-hour periods', () => {
    const now = new Date('2026-03-01T23:30:00Z');
    // 00:30 on 2 March in UTC is already the next day; in Tokyo (UTC+9) both are 2 and 3 March.
    expect(daysUntil('2026-03-02T00:30:00Z', now, 'UTC')).toBe(1);
    expect(daysUntil('2026-03-31T00:30:00Z', now, 'UTC')).toBe(30);
    expect(daysUntil('2026-03-01T23:59:00Z', now, 'Asia/Tokyo')).toBe(0);
    expect(daysUntil('2026-03-01T14:59:00Z', now, 'Asia/Tokyo')).toBe(0);
    expect(daysUntil('2026-03-01T15:00:00Z', now, 'America/Los_Angeles')).toBe(0);
    expect(daysUntil('2026-03-02T08:00:00Z', now, 'America/Los_Angeles')).toBe(1);
  });

  it('never counts below today, and falls back to the browser’s zone for an unknown one', () => {
    expect(daysUntil('2026-01-01T00:00:00Z', new Date('2026-02-01T00:00:00Z'), 'UTC')).toBe(0);
    expect(daysUntil('2026-02-03T12:00:00Z', new Date('2026-02-01T12:00:00Z'), 'Not/AZone')).toBe(2);
  });

  it('says it in words in each language', () => {
    expect(formatInDays(29, 'en')).toBe('in 29 days');
    expect(formatInDays(1, 'en')).toBe('tomorrow');
    expect(formatInDays(0, 'es')).toBe('hoy');
    expect(formatInDays(3, 'ja')).toBe('3 日後');
  });
});
