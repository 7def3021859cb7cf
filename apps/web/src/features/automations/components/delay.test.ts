import { describe, expect, it } from 'vitest';
import { splitDelay, toMinutes } from './delay';

describe('a step’s delay', () => {
  it('is shown in the largest unit that holds it whole', () => {
    expect(splitDelay(0)).toEqual({ amount: 0, unit: 'minutes' });
    expect(splitDelay(45)).toEqual({ amount: 45, unit: 'minutes' });
    expect(splitDelay(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(splitDelay(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(splitDelay(36 * 60)).toEqual({ amount: 36, unit: 'hours' });
    expect(splitDelay(2880)).toEqual({ amount: 2, unit: 'days' });
    expect(splitDelay(10_080)).toEqual({ amount: 1, unit: 'weeks' });
    expect(splitDelay(10 * 1440)).toEqual({ amount: 10, unit: 'days' });
    expect(splitDelay(525_600)).toEqual({ amount: 365, unit: 'days' });
  });

  it('is stored in minutes, and a stored one reads back as typed', () => {
    expect(toMinutes(2, 'days')).toBe(2880);
    expect(toMinutes(3, 'weeks')).toBe(30_240);
    expect(toMinutes(0, 'hours')).toBe(0);
    for (const minutes of [0, 5, 60, 1440, 20_160, 525_600]) {
      const { amount, unit } = splitDelay(minutes);
      expect(toMinutes(amount, unit)).toBe(minutes);
    }
  });
});
