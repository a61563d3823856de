import { describe, expect, it } from 'vitest';
import { photoPointOf } from './photo-point';

describe('the map’s asked-for point (?lat=&lng=)', () => {
  it('both numbers on the globe, else none', () => {
    const of = (q: string) => photoPointOf(new URLSearchParams(q));
    expect(of('lat=4.711000&lng=-74.072100')).toEqual({ lat: 4.711, lng: -74.0721 });
    expect(of('')).toBeNull();
    expect(of('lat=4.7')).toBeNull();
    expect(of('lat=&lng=-74')).toBeNull();
    expect(of('lat=norte&lng=-74')).toBeNull();
    expect(of('lat=91&lng=-74')).toBeNull();
    expect(of('lat=4.7&lng=181')).toBeNull();
  });
});
