import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('is 0 under 10 characters', () => {
    expect(passwordStrength('Ab1!xyz')).toBe(0);
  });
  it('is weak for repetitive or single-class passwords', () => {
    expect(passwordStrength('aaaaaaaaaaaa')).toBe(1);
    expect(passwordStrength('abcdefghij')).toBe(1);
  });
  it('grows with length and variety', () => {
    expect(passwordStrength('correcthorse12')).toBeGreaterThanOrEqual(2);
    expect(passwordStrength('Correct-Horse-Battery-9')).toBe(4);
  });
});
