// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMinutes } from './format';

describe('report formats', () => {
  it('durations', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(44.6)).toBe('45 min');
    expect(formatMinutes(185)).toBe('3 h 05 min');
    expect(formatMinutes(60 * 52)).toBe('2 d 4 h');
  });
});
