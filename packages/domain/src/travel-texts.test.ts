import { describe, expect, it } from 'vitest';
import { distanceText, durationText, tripText } from './travel-texts.js';

describe('a trip in words', () => {
  it('writes metres below a kilometre, kilometres with one decimal from it, hours past an hour', () => {
    expect(distanceText(850)).toBe('850 m');
    expect(distanceText(-3)).toBe('0 m');
    expect(distanceText(4320)).toBe('4,3 km');
    expect(distanceText(12_000)).toBe('12,0 km');
    expect(distanceText(1_234_560)).toBe('1.234,6 km');
    expect(durationText(20)).toBe('1 min');
    expect(durationText(720)).toBe('12 min');
    expect(durationText(3900)).toBe('1 h 5 min');
    expect(tripText({ duracionS: 540, distanciaM: 3100 })).toBe('9 min (3,1 km)');
  });

  it("writes every distance as Intl's es-CO would", () => {
    const km = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    const m = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
    const expected = (metres: number) =>
      metres >= 1000 ? `${km.format(metres / 1000)} km` : `${m.format(Math.max(0, Math.round(metres)))} m`;
    // Whole metres up to 2,000 km, the halves between them (the rounding's ties) and an odd step.
    for (let metres = 0; metres < 2_000_000; metres += metres < 10_000 ? 1 : 997)
      for (const at of [metres, metres + 0.5, metres + 0.37]) expect(distanceText(at), String(at)).toBe(expected(at));
  });
});
