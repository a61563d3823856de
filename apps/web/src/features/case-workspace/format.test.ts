// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { momentText } from '@vialex/domain';
import { elapsed, formatBogota } from './format';

describe('workspace times', () => {
  const t0 = Date.parse('2026-03-10T15:00:00Z');
  it('says how long ago in short words', () => {
    expect(elapsed('2026-03-10T15:00:00Z', t0 + 30_000)).toBe('menos de 1 min');
    expect(elapsed('2026-03-10T15:00:00Z', t0 + 5 * 60_000)).toBe('5 min');
    expect(elapsed('2026-03-10T15:00:00Z', t0 + 130 * 60_000)).toBe('2 h 10 min');
    expect(elapsed('2026-03-10T15:00:00Z', t0 + (3 * 24 + 4) * 3_600_000)).toBe('3 d 4 h');
  });
  it("the header's moment is the domain's formatter itself", () => {
    expect(formatBogota).toBe(momentText);
  });
});
