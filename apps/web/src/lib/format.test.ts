import { describe, expect, it } from 'vitest';
import { byteUnitOf, formatBytes, formatDate, formatDateTime, usagePercent } from './format';

describe('format', () => {
  it('formats bytes in the best unit, or a forced one', () => {
    expect(formatBytes(50 * 1024 * 1024, 'en')).toBe('50 MB');
    expect(formatBytes(2 * 1024 ** 3, 'en')).toBe('2 GB');
    expect(formatBytes(0, 'en', byteUnitOf(50 * 1024 * 1024))).toBe('0 MB');
    expect(formatBytes(300 * 1024, 'en', 2)).toBe('0.3 MB');
    // Plain bytes with the language's plural, never "17 byte".
    expect(formatBytes(17, 'en')).toBe('17 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(17, 'es')).toBe('17 bytes');
    expect(formatBytes(980 * 1024, 'en')).toBe('980 kB');
  });

  it('computes a bounded usage share', () => {
    expect(usagePercent(1, 1)).toBe(100);
    expect(usagePercent(5, 1)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(1, 0)).toBe(100);
    expect(usagePercent(25, 100)).toBe(25);
  });

  it('shows dates in the given time zone, or the browser one when it is unknown', () => {
    const iso = '2026-03-01T23:30:00Z';
    expect(formatDate(iso, 'en', 'Asia/Tokyo')).toBe('Mar 2, 2026');
    expect(formatDate(iso, 'en', 'UTC')).toBe('Mar 1, 2026');
    expect(formatDateTime(iso, 'en', 'Asia/Tokyo')).toMatch(/Mar 2, 2026.*8:30/);
    expect(formatDateTime(iso, 'en', 'Not/AZone')).toBe(formatDateTime(iso, 'en'));
    expect(formatDate('nonsense', 'en', 'UTC')).toBe('nonsense');
  });
});
