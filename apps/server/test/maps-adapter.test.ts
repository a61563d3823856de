import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GOOGLE_KEY, startFakeMaps, type FakeMaps } from '../src/integrations/fakes/maps.js';
import {
  decodePolyline,
  encodePolyline,
  estimateLeg,
  mapsProvider,
  type LatLng,
  type MapsConfig,
} from '../src/integrations/maps.js';

/**
 * The maps adapter (decisions.md D11) over real HTTP against the local fake of each provider's
 * wire format: Google (Directions, Distance Matrix, Geocoding), OSRM (route, table), Nominatim
 * (search, reverse), and the straight-line estimate when none is configured, slow or failing.
 */
let fake: FakeMaps;
beforeAll(async () => {
  fake = await startFakeMaps();
});
afterAll(async () => fake?.close());

const investigador: LatLng = { lat: 4.6575, lng: -74.0557 };
const accidente: LatLng = { lat: 4.6865, lng: -74.0469 };
const abogado: LatLng = { lat: 4.6097, lng: -74.0817 };

const providers: Record<string, () => Partial<MapsConfig>> = {
  google: () => ({ googleKey: FAKE_GOOGLE_KEY, googleUrl: fake.url }),
  'osrm + nominatim': () => ({ osrmUrl: fake.url, nominatimUrl: fake.url }),
};
const build = (cfg: Partial<MapsConfig>, timeoutMs = 2000, onFailure?: (p: string) => void) =>
  mapsProvider({ googleUrl: 'https://maps.googleapis.com', timeoutMs, ...cfg }, onFailure);

describe.each(Object.keys(providers))('%s', (name) => {
  it('routes, times and geocodes with the provider, not the estimate', async () => {
    fake.mode = 'ok';
    const maps = build(providers[name]());
    const route = await maps.route(investigador, accidente);
    expect(route.estimado).toBe(false);
    expect(route.puntos[0]).toEqual(investigador);
    expect(route.puntos.at(-1)).toEqual(accidente);
    expect(route.puntos.length).toBeGreaterThan(2);
    expect(route.distanciaM).toBeGreaterThan(3000);
    const legs = await maps.legs([investigador, abogado], accidente);
    expect(legs.map((l) => l.estimado)).toEqual([false, false]);
    expect(legs[1].duracionS).toBeGreaterThan(legs[0].duracionS);
    expect(await maps.geocode('Calle 100 # 15-20, Bogotá')).toEqual({ lat: 4.6865, lng: -74.0469 });
    expect(await maps.geocode('Vereda sin nombre')).toBeUndefined();
    expect(await maps.reverse(accidente)).toContain('4.6865');
  });

  it('a failing or slow provider falls back to the estimate within the time bound', async () => {
    for (const mode of ['down', 'slow'] as const) {
      fake.mode = mode;
      const failures: string[] = [];
      const maps = build(providers[name](), 300, (p) => failures.push(p));
      const started = performance.now();
      const [route, legs, place, address] = await Promise.all([
        maps.route(investigador, accidente),
        maps.legs([investigador], accidente),
        maps.geocode('Calle 100 # 15-20'),
        maps.reverse(accidente),
      ]);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(route).toMatchObject({ estimado: true, puntos: [investigador, accidente] });
      expect(legs[0]).toEqual(estimateLeg(investigador, accidente));
      expect(place).toBeUndefined();
      expect(address).toBeUndefined();
      expect(failures).toHaveLength(4);
    }
    fake.mode = 'ok';
  });
});

it('a wrong Google key is a failure, answered by the estimate', async () => {
  const failures: string[] = [];
  const maps = build({ googleKey: 'wrong', googleUrl: fake.url }, 2000, (p) => failures.push(p));
  expect((await maps.route(investigador, accidente)).estimado).toBe(true);
  expect(failures).toEqual(['google directions']);
});

it('without a provider: the labelled straight-line estimate and no geocoding', async () => {
  const before = fake.calls.length;
  const maps = build({});
  expect(maps.routing).toBe('estimate');
  const leg = (await maps.legs([investigador], accidente))[0];
  expect(leg.estimado).toBe(true);
  // 3.4 km in a straight line, 1.35 for the streets, at 25 km/h: about 11 minutes.
  expect(leg.distanciaM).toBeGreaterThan(4000);
  expect(Math.round(leg.duracionS / 60)).toBeGreaterThanOrEqual(10);
  expect(await maps.geocode('Calle 100 # 15-20')).toBeUndefined();
  expect(fake.calls.length).toBe(before);
});

it("Google's polyline encoding round-trips", () => {
  const points = [investigador, { lat: 4.6575, lng: -74.0469 }, accidente, { lat: -12.34567, lng: 170.5 }];
  expect(decodePolyline(encodePolyline(points))).toEqual(points);
  expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
    { lat: 38.5, lng: -120.2 },
    { lat: 40.7, lng: -120.95 },
    { lat: 43.252, lng: -126.453 },
  ]);
});
