import { describe, expect, it } from 'vitest';
import { TIME_ZONE } from './constants.js';
import { dayText, hourText, momentText, recordText } from './dates.js';

describe('one date format per kind, in Bogotá', () => {
  // 04:05:09 UTC on 2 March is 23:05:09 on 1 March in Bogotá (UTC−5): the day moves too.
  const at = '2026-03-02T04:05:09.000Z';

  it('writes a moment, a record, a day and a time of day', () => {
    expect(momentText(at)).toBe('01/03/2026 23:05');
    expect(recordText(at)).toBe('2026-03-01 23:05:09');
    expect(dayText(at)).toBe('01/03/2026');
    expect(hourText(at)).toBe('23:05');
  });

  it('takes an ISO text, milliseconds or a Date alike', () => {
    expect(momentText(Date.parse(at))).toBe('01/03/2026 23:05');
    expect(momentText(new Date(at))).toBe('01/03/2026 23:05');
  });

  it('writes midnight as 00, never 24', () => {
    expect(hourText('2026-03-02T05:00:00.000Z')).toBe('00:00');
  });

  it('is empty for nothing or an unreadable instant', () => {
    for (const nothing of [null, undefined, '', 'ayer'])
      expect([momentText(nothing), recordText(nothing), dayText(nothing), hourText(nothing)]).toEqual(['', '', '', '']);
  });

  it("agrees with the time-zone database's Bogotá from 1994 to 2100", () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const expected = (ms: number) => zone.format(ms).replace(',', '');
    // A step that is no whole number of hours or days visits every time of day and of year.
    for (let ms = Date.UTC(1994, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 3_331_333_337)
      expect(recordText(ms), new Date(ms).toISOString()).toBe(expected(ms));
  });
});
