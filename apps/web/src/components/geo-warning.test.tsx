import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MSG } from '@vialex/domain';
import { useGeoStore, useGeolocationWatch } from '../lib/geo';
import { GeoWarning } from './geo-warning';

function Screen() {
  useGeolocationWatch();
  return <GeoWarning />;
}

afterEach(() => useGeoStore.setState({ geoOff: false, unsupported: false, position: null }));

describe('GeoWarning', () => {
  it('a browser without geolocation is told so (spec 2 §8), not to switch it on', () => {
    // The tests' setup puts back what a test defines on the navigator.
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    render(<Screen />);
    expect(screen.getByTestId('geo-warning')).toHaveTextContent(MSG.geolocalizacionNoSoportada);
  });

  it('location switched off or denied: the spec’s banner', () => {
    useGeoStore.setState({ geoOff: true, unsupported: false });
    render(<GeoWarning />);
    expect(screen.getByTestId('geo-warning')).toHaveTextContent(MSG.geolocalizacionApagada);
  });
});
