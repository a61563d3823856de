// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatExportDate } from './format';

describe('EXPORTACIONES SFTP dates (spec 3 §2)', () => {
  it('are YYYY-MM-DD HH:mm:ss in Bogotá, whatever the device zone', () => {
    expect(formatExportDate('2026-03-02T15:04:05.000Z')).toBe('2026-03-02 10:04:05');
    expect(formatExportDate('2026-01-01T03:00:00.000Z')).toBe('2025-12-31 22:00:00');
  });
  it('an export not ended yet has no end date', () => {
    expect(formatExportDate(null)).toBe('');
    expect(formatExportDate('no es fecha')).toBe('');
  });
});
